/**
 * Python call and literal syntax, read the way `ast.parse` reads it: every string prefix and escape (`\'`, `\xNN`,
 * `\uNNNN`, octal, line continuations), ints of any size, floats kept apart from ints, tuples, Unicode identifiers
 * (`año_vehiculo=2020`). Never throws: text that is not such syntax yields `undefined`.
 */

import { SIMPLE_ESCAPES } from "./python-escapes.js";
import { type PyCall, type PyDict, PyFloat, PyTuple, type PyValue, pyInt } from "./python-value.js";

export interface PythonReadOptions {
  /** A bare name as a value reads as its text, as BFCL's decoder does (`unit=celsius` → "celsius"). Default: not a value. */
  namesAsStrings?: boolean;
  /** Positional arguments are dropped, as BFCL's decoder does. Default: a call with one is not read. */
  ignorePositional?: boolean;
}

/** Nesting deeper than this is not a call anyone meant; stopping keeps the stack bounded on hostile text. */
const MAX_DEPTH = 64;
const IDENTIFIER = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;
/** An ASCII name followed by ASCII (or the end): a non-ASCII letter after it would belong to the name. */
const ASCII_IDENTIFIER = /[A-Za-z_]\w*(?!\w)(?=[\x21-\x7e\s]|$)/y;
const NUMBER =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*\.(?:\d(?:_?\d)*)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?)/y;
const STRING_PREFIX = /[rRuUbBfF]{0,2}(?=['"])/y;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Thrown inside the reader only (one shared instance: no stack trace per failure); entry points return `undefined`. */
const NOT_PYTHON = new Error("not Python syntax");

class Reader {
  pos: number;
  private depth = 0;
  constructor(
    readonly text: string,
    start: number,
    readonly options: PythonReadOptions,
  ) {
    this.pos = start;
  }

  fail(): never {
    throw NOT_PYTHON;
  }

  /** Skips whitespace, comments and line continuations (all legal inside brackets). */
  space(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const ch = text[this.pos];
      if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") this.pos++;
      else if (ch === "\\" && (text[this.pos + 1] === "\n" || text[this.pos + 1] === "\r")) this.pos += 2;
      else if (ch === "#") {
        const end = text.indexOf("\n", this.pos);
        this.pos = end < 0 ? text.length : end;
      } else return;
    }
  }

  eat(ch: string): boolean {
    this.space();
    if (this.text[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }

  expect(ch: string): void {
    if (!this.eat(ch)) this.fail();
  }

  identifier(): string | undefined {
    // Most names are ASCII; the Unicode pattern (and NFKC, which Python applies to identifiers) only when not.
    ASCII_IDENTIFIER.lastIndex = this.pos;
    const ascii = ASCII_IDENTIFIER.exec(this.text);
    if (ascii) {
      this.pos = ASCII_IDENTIFIER.lastIndex;
      return ascii[0];
    }
    IDENTIFIER.lastIndex = this.pos;
    const match = IDENTIFIER.exec(this.text);
    if (!match) return undefined;
    this.pos = IDENTIFIER.lastIndex;
    return match[0].normalize("NFKC");
  }

  /** `a.b.c` (a call's name). */
  dottedName(): string | undefined {
    let name = this.identifier();
    if (name === undefined) return undefined;
    while (this.text[this.pos] === "." && /[\p{ID_Start}_]/u.test(this.text[this.pos + 1] ?? "")) {
      this.pos++;
      name += `.${this.identifier()}`;
    }
    return name;
  }

  /** `(kw=value, …)` starting at `(`: the keyword arguments. */
  arguments(): PyDict {
    this.expect("(");
    const args: PyDict = new Map();
    while (!this.eat(")")) {
      this.space();
      const start = this.pos;
      const keyword = this.identifier();
      this.space();
      if (keyword !== undefined && this.text[this.pos] === "=" && this.text[this.pos + 1] !== "=") {
        this.pos++;
        if (args.has(keyword)) this.fail(); // Python: "keyword argument repeated"
        args.set(keyword, this.value());
      } else {
        this.pos = start;
        if (!this.options.ignorePositional || args.size > 0) this.fail();
        this.value();
      }
      if (!this.eat(",")) {
        this.expect(")");
        break;
      }
    }
    return args;
  }

  call(): PyCall {
    this.space();
    const name = this.dottedName();
    if (name === undefined) this.fail();
    return { name, arguments: this.arguments() };
  }

  value(): PyValue {
    if (++this.depth > MAX_DEPTH) this.fail();
    this.space();
    const value = this.atom();
    this.depth--;
    return value;
  }

  private atom(): PyValue {
    const ch = this.text[this.pos];
    if (ch === "[") return this.sequence("[", "]");
    if (ch === "(") return this.parenthesised();
    if (ch === "{") return this.dict();
    if (ch === "-" || ch === "+") return this.signed(ch);
    if (ch === undefined) this.fail();
    if ((ch >= "0" && ch <= "9") || ch === ".") return this.number();
    STRING_PREFIX.lastIndex = this.pos;
    if (STRING_PREFIX.test(this.text)) return this.strings();
    const name = this.identifier();
    if (name === "True") return true;
    if (name === "False") return false;
    if (name === "None") return null;
    this.space();
    if (name === undefined || !this.options.namesAsStrings || this.text[this.pos] === "(") this.fail();
    return name;
  }

  private signed(sign: string): PyValue {
    this.pos++;
    const operand = this.value();
    const negate = sign === "-";
    if (typeof operand === "boolean") return negate ? -Number(operand) : Number(operand);
    if (typeof operand === "number") return negate ? (operand === 0 ? 0 : -operand) : operand;
    if (typeof operand === "bigint") return negate ? -operand : operand;
    if (operand instanceof PyFloat) return negate ? new PyFloat(-operand.value) : operand;
    return this.fail();
  }

  private number(): PyValue {
    const simple = this.plainNumber();
    if (simple !== undefined) return simple;
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.pos = NUMBER.lastIndex;
    if (/[\p{ID_Continue}]/u.test(this.text[this.pos] ?? "")) this.fail(); // 1j, 12abc
    const lexeme = match[0].replace(/_/g, "");
    const radix = /^0[xX]/.test(lexeme) ? 16 : /^0[oO]/.test(lexeme) ? 8 : /^0[bB]/.test(lexeme) ? 2 : 10;
    if (radix !== 10) return pyInt(lexeme.slice(2), radix);
    if (/[.eE]/.test(lexeme)) return new PyFloat(Number(lexeme));
    if (/^0+[1-9]/.test(lexeme)) this.fail(); // Python 3 has no leading-zero ints
    return pyInt(lexeme);
  }

  /**
   * The common numbers, `12` and `1.5`, read without the full grammar; undefined for anything else (leading zeros,
   * underscores, exponents, prefixes, or a letter after it), which the full grammar decides.
   */
  private plainNumber(): PyValue | undefined {
    const text = this.text;
    const start = this.pos;
    let end = start;
    while (isDigit(text.charCodeAt(end))) end++;
    if (end === start || (text.charCodeAt(start) === 48 && end > start + 1)) return undefined;
    const float = text.charCodeAt(end) === 46;
    if (float) {
      end++;
      while (isDigit(text.charCodeAt(end))) end++;
    }
    const next = text.charCodeAt(end);
    // Letters, digits, `_`, `.` and anything beyond ASCII could continue the number or make it an error.
    if (next >= 128 || next === 46 || next === 95 || (next >= 48 && next <= 57) || isAsciiLetter(next))
      return undefined;
    this.pos = end;
    const lexeme = text.slice(start, end);
    return float ? new PyFloat(Number(lexeme)) : pyInt(lexeme);
  }

  /** One or more adjacent string literals, concatenated as Python does. */
  private strings(): string {
    let out = this.string();
    for (;;) {
      const save = this.pos;
      this.space();
      STRING_PREFIX.lastIndex = this.pos;
      if (!STRING_PREFIX.test(this.text)) {
        this.pos = save;
        return out;
      }
      out += this.string();
    }
  }

  private string(): string {
    STRING_PREFIX.lastIndex = this.pos;
    const prefix = (STRING_PREFIX.exec(this.text)?.[0] ?? "").toLowerCase();
    // Bytes and f-strings are not plain values; "ur" is not a legal prefix in Python 3.
    if (/[bf]/.test(prefix) || prefix === "ur" || prefix === "ru" || prefix === "uu") this.fail();
    const raw = prefix.includes("r");
    this.pos += prefix.length;
    const quote = this.text[this.pos] as string;
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.pos += delimiter.length;
    const quoteCode = quote.charCodeAt(0);
    let out = "";
    const text = this.text;
    // Characters are copied a run at a time: from `run` up to the next escape or the end.
    let run = this.pos;
    for (;;) {
      const code = text.charCodeAt(this.pos);
      if (Number.isNaN(code)) this.fail();
      if (code === quoteCode && (!triple || text.startsWith(delimiter, this.pos))) {
        out += text.slice(run, this.pos);
        this.pos += delimiter.length;
        return out;
      }
      if (code === 10 && !triple) this.fail();
      if (code !== 92) {
        this.pos++;
        continue;
      }
      out += text.slice(run, this.pos);
      const next = text[this.pos + 1];
      if (next === undefined) this.fail();
      if (raw) {
        // A raw string keeps the backslash; it only stops the next character from ending the string.
        out += `\\${next}`;
        this.pos += 2;
      } else out += this.escape(next);
      run = this.pos;
    }
  }

  /** The escape at `pos` (a backslash, then `next`). */
  private escape(next: string): string {
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    if (next === "\r") {
      this.pos += this.text[this.pos + 2] === "\n" ? 3 : 2;
      return "";
    }
    const hexLength = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
    if (hexLength > 0) {
      const digits = this.text.slice(this.pos + 2, this.pos + 2 + hexLength);
      if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(digits)) this.fail();
      const code = Number.parseInt(digits, 16);
      if (code > 0x10ffff) this.fail();
      this.pos += 2 + hexLength;
      return String.fromCodePoint(code);
    }
    const octal = /^[0-7]{1,3}/.exec(this.text.slice(this.pos + 1, this.pos + 4));
    if (octal) {
      this.pos += 1 + octal[0].length;
      return String.fromCodePoint(Number.parseInt(octal[0], 8));
    }
    if (next === "N") this.fail(); // \N{NAME} would need Unicode's name table
    // An unknown escape keeps its backslash (Python warns, but reads it so).
    this.pos += 2;
    return `\\${next}`;
  }

  private sequence(open: string, close: string): PyValue[] {
    this.pos++;
    const items: PyValue[] = [];
    while (!this.eat(close)) {
      items.push(this.value());
      if (!this.eat(",")) {
        this.expect(close);
        break;
      }
    }
    void open;
    return items;
  }

  private parenthesised(): PyValue {
    this.pos++;
    if (this.eat(")")) return new PyTuple([]);
    const first = this.value();
    if (this.eat(")")) return first;
    this.expect(",");
    const items = [first];
    while (!this.eat(")")) {
      items.push(this.value());
      if (!this.eat(",")) {
        this.expect(")");
        break;
      }
    }
    return new PyTuple(items);
  }

  private dict(): PyDict {
    this.pos++;
    const dict: PyDict = new Map();
    while (!this.eat("}")) {
      const key = this.value();
      if (typeof key !== "string") this.fail();
      this.expect(":");
      dict.set(key, this.value());
      if (!this.eat(",")) {
        this.expect("}");
        break;
      }
    }
    return dict;
  }
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error === NOT_PYTHON || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The keyword arguments of the call whose `(` is at `open`, and the index after its `)`. */
export function readPythonArguments(
  text: string,
  open: number,
  options: PythonReadOptions = {},
): { arguments: PyDict; end: number } | undefined {
  const reader = new Reader(text, open, options);
  return attempt(() => ({ arguments: reader.arguments(), end: reader.pos }));
}

/**
 * The whole text as BFCL's prompt format: one call, or a list (or tuple) of calls, `[f(a=1), g(b='x')]`.
 * @example readPythonCallList("[f(a=1.0)]") // [{ name: "f", arguments: Map { "a" => PyFloat(1) } }]
 */
export function readPythonCallList(text: string, options: PythonReadOptions = {}): PyCall[] | undefined {
  const reader = new Reader(text, 0, options);
  return attempt(() => {
    reader.space();
    const open = reader.text[reader.pos];
    const close = open === "[" ? "]" : open === "(" ? ")" : undefined;
    const calls: PyCall[] = [];
    if (close === undefined) calls.push(reader.call());
    else {
      reader.pos++;
      while (!reader.eat(close)) {
        calls.push(reader.call());
        if (!reader.eat(",")) {
          reader.expect(close);
          break;
        }
      }
    }
    reader.space();
    return reader.pos === reader.text.length ? calls : undefined;
  });
}
