/**
 * Python 3.11's tokenizer (Parser/tokenizer.c) for one expression: names (NFKC, keywords by their raw spelling),
 * numbers with their exact shape rules, strings with every prefix, operators by longest match, brackets (at most 200
 * deep), comments, line continuations. A newline outside brackets ends the expression: only blank and comment lines
 * may follow it. Tokens are produced on demand, so prose fails at its first impossible token.
 */
import type { ConstantValue } from "./ast.js";
import { syntaxError } from "./failure.js";
import { decodeEscapes, numberValue } from "./literals.js";

export interface StringPiece {
  bytes: boolean;
  /** The literal had a lowercase `u` prefix (ast's `kind="u"`, written back by unparse when it comes first). */
  u: boolean;
  /** An f-string: `body` is its text between the quotes, read by the parser (python/fstring.ts). */
  f: boolean;
  raw: boolean;
  body: string;
  /** The decoded value (bytes as one character per byte); unused for an f-string. */
  value: string;
}

export type Token =
  | { type: "name"; text: string; keyword: boolean }
  | { type: "number"; value: ConstantValue }
  | { type: "string"; piece: StringPiece }
  | { type: "op"; text: string }
  | { type: "end" };

/** Python 3.11's reserved words (`keyword.kwlist`); soft keywords (match, case, _) are names. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);

const THREE_CHAR = new Set(["**=", "...", "//=", "<<=", ">>="]);
const TWO_CHAR = new Set([
  "!=",
  "%=",
  "&=",
  "**",
  "*=",
  "+=",
  "-=",
  "->",
  "//",
  "/=",
  ":=",
  "<<",
  "<=",
  "<>",
  "==",
  ">=",
  ">>",
  "@=",
  "^=",
  "|=",
]);
const ONE_CHAR = "%&()*+,-./:;<=>@[]^{|}~";
/** The characters that can follow the first of a two- or three-character operator. */
const OPERATOR_FOLLOWERS = "=*/<>.";

/** Operator tokens are immutable: one shared token per operator. */
const OPERATOR_TOKENS = new Map<string, Token>();

function operatorToken(text: string): Token {
  let token = OPERATOR_TOKENS.get(text);
  if (token === undefined) {
    token = { type: "op", text };
    OPERATOR_TOKENS.set(text, token);
  }
  return token;
}
const MAX_LEVEL = 200;
const CLOSING: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || ((c | 32) >= 97 && (c | 32) <= 102);
}

function isIdentifierStart(c: number): boolean {
  return ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c >= 128;
}

function isIdentifierChar(c: number): boolean {
  return isIdentifierStart(c) || isDigit(c);
}

export class Tokenizer {
  private pos = 0;
  private readonly brackets: string[] = [];

  constructor(private readonly src: string) {}

  /** The next token; throws a DecodeFailure where Python's tokenizer reports an error. */
  next(): Token {
    const src = this.src;
    for (;;) {
      const c = src.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 12) this.pos++;
      else if (c === 35) this.skipComment();
      else if (c === 92) {
        if (src.charCodeAt(this.pos + 1) !== 10) syntaxError("unexpected character after line continuation");
        this.pos += 2;
      } else if (c === 10) {
        if (this.brackets.length > 0) this.pos++;
        else return this.endOfExpression();
      } else break;
    }
    if (this.pos >= src.length) {
      if (this.brackets.length > 0) syntaxError(`'${this.brackets.at(-1)}' was never closed`);
      return { type: "end" };
    }
    const c = src.charCodeAt(this.pos);
    if (isIdentifierStart(c)) return this.nameOrString();
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(this.pos + 1)))) return this.number();
    if (c === 39 || c === 34) return this.string("");
    return this.operator();
  }

  private skipComment(): undefined {
    const end = this.src.indexOf("\n", this.pos);
    this.pos = end < 0 ? this.src.length : end;
  }

  /** A newline outside brackets: what follows must be blank or comment lines (eval input is `expr NEWLINE* END`). */
  private endOfExpression(): Token {
    const src = this.src;
    while (this.pos < src.length) {
      const c = src.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 12 || c === 10) this.pos++;
      else if (c === 35) this.skipComment();
      else syntaxError("invalid syntax (a new line outside brackets)");
    }
    return { type: "end" };
  }

  private nameOrString(): Token {
    const src = this.src;
    const start = this.pos;
    // tokenizer.c: the legal prefixes are b, r, u, f and the pairs br/rb, fr/rf, in any case.
    let b = false;
    let r = false;
    let u = false;
    let f = false;
    for (;;) {
      const c = src.charCodeAt(this.pos) | 32;
      if (!(b || u || f) && c === 98) b = true;
      else if (!(b || u || r || f) && c === 117) u = true;
      else if (!(r || u) && c === 114) r = true;
      else if (!(f || b || u) && c === 102) f = true;
      else break;
      this.pos++;
      const q = src.charCodeAt(this.pos);
      if (q === 39 || q === 34) return this.string(src.slice(start, this.pos));
    }
    let ascii = true;
    for (let c = src.charCodeAt(this.pos); isIdentifierChar(c); c = src.charCodeAt(++this.pos)) {
      if (c >= 128) ascii = false;
    }
    const raw = src.slice(start, this.pos);
    if (ascii) return { type: "name", text: raw, keyword: KEYWORDS.has(raw) };
    if (!IDENTIFIER.test(raw)) syntaxError(`invalid character in identifier ${JSON.stringify(raw)}`);
    return { type: "name", text: raw.normalize("NFKC"), keyword: KEYWORDS.has(raw) };
  }

  private string(prefix: string): Token {
    const src = this.src;
    const quote = src.charCodeAt(this.pos);
    const triple = src.charCodeAt(this.pos + 1) === quote && src.charCodeAt(this.pos + 2) === quote;
    const length = triple ? 3 : 1;
    const bodyStart = this.pos + length;
    let i = bodyStart;
    for (;;) {
      if (i >= src.length) syntaxError("unterminated string literal");
      const c = src.charCodeAt(i);
      if (c === quote && (!triple || (src.charCodeAt(i + 1) === quote && src.charCodeAt(i + 2) === quote)))
        break;
      if (c === 92) i += 2;
      else if (c === 10 && !triple) syntaxError("unterminated string literal");
      else i++;
    }
    this.pos = i + length;
    const body = src.slice(bodyStart, i);
    const flags = prefix.toLowerCase();
    const f = flags.includes("f");
    const raw = flags.includes("r");
    const bytes = flags.includes("b");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the rule
    if (bytes && /[^\x00-\x7f]/.test(body)) syntaxError("bytes can only contain ASCII literal characters");
    const value = raw || f ? body : decodeEscapes(body, bytes);
    // CPython marks kind="u" only for a lowercase u prefix.
    return { type: "string", piece: { bytes, u: prefix === "u", f, raw, body, value } };
  }

  private number(): Token {
    const start = this.pos;
    this.scanNumber();
    return { type: "number", value: numberValue(this.src.slice(start, this.pos)) };
  }

  /** tokenizer.c's number rules, leaving `pos` after the literal. */
  private scanNumber(): undefined {
    const src = this.src;
    let c = src.charCodeAt(this.pos);
    if (c === 46) {
      this.pos++;
      return this.fraction();
    }
    if (c === 48) {
      const prefix = src.charCodeAt(this.pos + 1) | 32;
      if (prefix === 120) return this.radix(isHexDigit, "hexadecimal");
      if (prefix === 111) return this.radix((d) => d >= 48 && d <= 55, "octal");
      if (prefix === 98) return this.radix((d) => d === 48 || d === 49, "binary");
      // Zeros (with underscores), then maybe more digits: only a float or an imaginary may have them.
      this.pos++;
      for (;;) {
        c = src.charCodeAt(this.pos);
        if (c === 95) {
          if (!isDigit(src.charCodeAt(this.pos + 1))) syntaxError("invalid decimal literal");
          this.pos++;
        } else if (c === 48) this.pos++;
        else break;
      }
      const nonzero = isDigit(src.charCodeAt(this.pos));
      if (nonzero) this.decimalTail();
      c = src.charCodeAt(this.pos);
      if (c === 46) {
        this.pos++;
        return this.fraction();
      }
      if ((c | 32) === 101) return this.exponent();
      if ((c | 32) === 106) return this.imaginary();
      if (nonzero) syntaxError("leading zeros in decimal integer literals are not permitted");
      return this.endOfNumber("decimal");
    }
    this.decimalTail();
    c = src.charCodeAt(this.pos);
    if (c === 46) {
      this.pos++;
      return this.fraction();
    }
    return this.afterFraction();
  }

  private fraction(): undefined {
    if (isDigit(this.src.charCodeAt(this.pos))) this.decimalTail();
    return this.afterFraction();
  }

  private afterFraction(): undefined {
    const c = this.src.charCodeAt(this.pos);
    if ((c | 32) === 101) return this.exponent();
    if ((c | 32) === 106) return this.imaginary();
    return this.endOfNumber("decimal");
  }

  private exponent(): undefined {
    const src = this.src;
    const e = this.pos;
    this.pos++;
    let c = src.charCodeAt(this.pos);
    if (c === 43 || c === 45) {
      this.pos++;
      c = src.charCodeAt(this.pos);
      if (!isDigit(c)) syntaxError("invalid decimal literal");
    } else if (!isDigit(c)) {
      // `1else`: the number ends before the `e`, if `e` starts a keyword that may follow it.
      this.pos = e;
      return this.endOfNumber("decimal");
    }
    this.decimalTail();
    if ((src.charCodeAt(this.pos) | 32) === 106) return this.imaginary();
    return this.endOfNumber("decimal");
  }

  private imaginary(): undefined {
    this.pos++;
    return this.endOfNumber("imaginary");
  }

  private decimalTail(): undefined {
    const src = this.src;
    for (;;) {
      while (isDigit(src.charCodeAt(this.pos))) this.pos++;
      if (src.charCodeAt(this.pos) !== 95) return;
      if (!isDigit(src.charCodeAt(this.pos + 1))) syntaxError("invalid decimal literal");
      this.pos++;
    }
  }

  private radix(isRadixDigit: (c: number) => boolean, kind: string): undefined {
    const src = this.src;
    this.pos += 2;
    do {
      if (src.charCodeAt(this.pos) === 95) this.pos++;
      if (!isRadixDigit(src.charCodeAt(this.pos))) syntaxError(`invalid ${kind} literal`);
      while (isRadixDigit(src.charCodeAt(this.pos))) this.pos++;
    } while (src.charCodeAt(this.pos) === 95);
    if (kind !== "hexadecimal" && isDigit(src.charCodeAt(this.pos)))
      syntaxError(`invalid digit in ${kind} literal`);
    return this.endOfNumber(kind);
  }

  /**
   * tokenizer.c's verify_end_of_number: a letter right after a number is an error, unless it starts one of the
   * keywords that may follow a number (`1if x else 2`: a warning only).
   */
  private endOfNumber(kind: string): undefined {
    const src = this.src;
    const c = src.charCodeAt(this.pos);
    const rest = src.slice(this.pos + 1, this.pos + 4);
    const keyword =
      (c === 97 && rest.startsWith("nd")) ||
      (c === 101 && rest.startsWith("lse")) ||
      (c === 102 && rest.startsWith("or")) ||
      (c === 105 && (rest[0] === "f" || rest[0] === "n" || rest[0] === "s")) ||
      (c === 111 && rest.startsWith("r")) ||
      (c === 110 && rest.startsWith("ot"));
    if (!keyword && isIdentifierChar(c)) syntaxError(`invalid ${kind} literal`);
  }

  private operator(): Token {
    const src = this.src;
    // Most operators are one character not followed by another operator character: no substring is built for them.
    const following = src[this.pos + 1];
    if (following !== undefined && OPERATOR_FOLLOWERS.includes(following)) {
      const three = src.slice(this.pos, this.pos + 3);
      if (THREE_CHAR.has(three)) {
        this.pos += 3;
        return operatorToken(three);
      }
      const two = three.slice(0, 2);
      if (TWO_CHAR.has(two)) {
        this.pos += 2;
        return operatorToken(two);
      }
    }
    const one = src[this.pos] as string;
    if (!ONE_CHAR.includes(one)) {
      const code = src.codePointAt(this.pos) ?? 0;
      syntaxError(`invalid character U+${code.toString(16).toUpperCase().padStart(4, "0")}`);
    }
    this.pos++;
    if (one === "(" || one === "[" || one === "{") {
      if (this.brackets.length >= MAX_LEVEL) syntaxError("too many nested parentheses");
      this.brackets.push(one);
    } else if (one === ")" || one === "]" || one === "}") {
      const open = this.brackets.pop();
      if (open !== CLOSING[one]) syntaxError(`unmatched '${one}'`);
    }
    return operatorToken(one);
  }
}
