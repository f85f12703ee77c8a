/**
 * Python 3.11's f-string bodies (Parser/string_parser.c: fstring_find_literal, fstring_find_expr, fstring_parse):
 * literal text with `{{`/`}}`, and `{expression[=][!conversion][:spec]}` fields whose expression is parsed as
 * `(expression)`, with the same refusals (a backslash or `#` in an expression, a single `}`, nesting past one spec
 * level). The result is the JoinedStr's parts; adjacent literals merge, empty ones are dropped.
 */
import type { Expr } from "./ast.js";
import { syntaxError } from "./failure.js";
import { decodeEscapes } from "./literals.js";

/** Collects a JoinedStr's parts the way FstringParser does. */
export class FStringBuilder {
  private literal = "";
  private readonly values: Expr[] = [];

  addLiteral(text: string): void {
    this.literal += text;
  }

  addField(field: Expr): void {
    if (this.literal !== "") this.values.push({ type: "Constant", value: this.literal, kind: null });
    this.literal = "";
    this.values.push(field);
  }

  finish(): Expr {
    if (this.literal !== "") this.values.push({ type: "Constant", value: this.literal, kind: null });
    return { type: "JoinedStr", values: this.values };
  }
}

const MAX_NESTING = 200;

class FString {
  pos = 0;
  constructor(
    private readonly body: string,
    private readonly raw: boolean,
    private readonly parse: (text: string) => Expr,
  ) {}

  /** Literal text up to the next field (or the end, or a spec's closing `}`); true when it stopped at `{{`/`}}`. */
  private literal(level: number, into: FStringBuilder): boolean {
    const body = this.body;
    const start = this.pos;
    let s = this.pos;
    let doubled = false;
    while (s < body.length) {
      let ch = body[s++] as string;
      if (!this.raw && ch === "\\" && s < body.length) {
        ch = body[s++] as string;
        if (ch === "N") {
          // \N{NAME}: its braces are not a field.
          if (s < body.length && body[s++] === "{") while (s < body.length && body[s++] !== "}");
          continue;
        }
      }
      if (ch === "{" || ch === "}") {
        if (level === 0) {
          if (s < body.length && body[s] === ch) {
            doubled = true;
            break;
          }
          if (ch === "}") syntaxError("f-string: single '}' is not allowed");
        }
        s--;
        break;
      }
    }
    const text = body.slice(start, s);
    this.pos = doubled ? s + 1 : s;
    if (text !== "") into.addLiteral(this.raw ? text : decodeEscapes(text, false));
    return doubled;
  }

  /** The parts up to the end (level 0) or up to a spec's `}` (level 1). */
  parts(level: number, into: FStringBuilder): void {
    for (;;) {
      if (this.literal(level, into)) continue;
      if (this.pos >= this.body.length || this.body[this.pos] === "}") break;
      this.field(level, into);
    }
    if (level === 0 && this.pos < this.body.length) syntaxError("f-string: unexpected end of string");
    if (level !== 0 && this.body[this.pos] !== "}") syntaxError("f-string: expecting '}'");
  }

  /** Moves past a field's expression: up to its `=`, `!`, `:` or `}` outside brackets and strings. */
  private skipExpression(): void {
    const body = this.body;
    const brackets: string[] = [];
    let quote = "";
    while (this.pos < body.length) {
      const ch = body[this.pos] as string;
      if (ch === "\\") syntaxError("f-string expression part cannot include a backslash");
      if (quote !== "") {
        if (body.startsWith(quote, this.pos)) {
          this.pos += quote.length;
          quote = "";
        } else this.pos++;
        continue;
      }
      if (ch === "'" || ch === '"') {
        quote = body.startsWith(ch.repeat(3), this.pos) ? ch.repeat(3) : ch;
        this.pos += quote.length;
        continue;
      }
      if (ch === "[" || ch === "{" || ch === "(") {
        if (brackets.length >= MAX_NESTING) syntaxError("f-string: too many nested parenthesis");
        brackets.push(ch);
      } else if (ch === "#") syntaxError("f-string expression part cannot include '#'");
      else if (brackets.length === 0 && "!:}=<>".includes(ch)) {
        const next = body[this.pos + 1];
        if (next === "=" && ch !== ":" && ch !== "}") {
          this.pos += 2;
          continue;
        }
        if (ch === "<" || ch === ">") {
          this.pos++;
          continue;
        }
        break;
      } else if (ch === "]" || ch === "}" || ch === ")") {
        const open = brackets.pop();
        if (open === undefined) syntaxError(`f-string: unmatched '${ch}'`);
        if ({ "(": ")", "[": "]", "{": "}" }[open] !== ch)
          syntaxError("f-string: closing parenthesis does not match");
      }
      this.pos++;
    }
    if (quote !== "") syntaxError("f-string: unterminated string");
    if (brackets.length > 0) syntaxError(`f-string: unmatched '${brackets.at(-1)}'`);
    if (this.pos >= body.length) syntaxError("f-string: expecting '}'");
  }

  /** A `!s`, `!r` or `!a` conversion's character code, or -1 where the field has none. */
  private conversion(): number {
    if (this.body[this.pos] !== "!") return -1;
    const code = this.body[this.pos + 1];
    if (code === undefined) syntaxError("f-string: expecting '}'");
    if (code !== "s" && code !== "r" && code !== "a") {
      syntaxError("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    this.pos += 2;
    return code.charCodeAt(0);
  }

  /** One `{…}` field, starting at its `{`. */
  private field(level: number, into: FStringBuilder): void {
    if (level >= 2) syntaxError("f-string: expressions nested too deeply");
    const body = this.body;
    const start = ++this.pos;
    this.skipExpression();
    const text = body.slice(start, this.pos);
    if (/^[ \t\n\f]*$/.test(text)) syntaxError("f-string: empty expression not allowed");
    const value = this.parse(`(${text})`);
    let debug = false;
    if (body[this.pos] === "=") {
      this.pos++;
      while (/[ \t\n\r\f\v]/.test(body[this.pos] ?? "")) this.pos++;
      if (this.pos >= body.length) syntaxError("f-string: expecting '}'");
      into.addLiteral(body.slice(start, this.pos));
      debug = true;
    }
    let conversion = this.conversion();
    let formatSpec: Expr | null = null;
    if (body[this.pos] === ":") {
      this.pos++;
      if (this.pos >= body.length) syntaxError("f-string: expecting '}'");
      const spec = new FStringBuilder();
      this.parts(level + 1, spec);
      formatSpec = spec.finish();
    }
    if (body[this.pos] !== "}") syntaxError("f-string: expecting '}'");
    this.pos++;
    if (debug && formatSpec === null && conversion === -1) conversion = 114;
    into.addField({ type: "FormattedValue", value, conversion, formatSpec });
  }
}

/** Adds one f-string literal's body to the builder; `parse` reads a field's `(expression)`. */
export function addFString(
  body: string,
  raw: boolean,
  into: FStringBuilder,
  parse: (text: string) => Expr,
): void {
  new FString(body, raw, parse).parts(0, into);
}
