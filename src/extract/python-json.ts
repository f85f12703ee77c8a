/**
 * JSON read and written as Python's `json` module does, which is what BFCL's checker sees: `5.0` stays a float
 * and `5` an int, ints have no size limit, `NaN`/`Infinity` are read, duplicate keys keep the last value.
 */
import { type PyDict, PyFloat, PyTuple, type PyValue, pyInt } from "./python-value.js";

/** Thrown inside the parser only; one shared instance, since building a stack trace per failure is the slow part. */
const NOT_JSON = new Error("not JSON");

const MAX_DEPTH = 256;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Where the run of digits starting at `start` ends. */
function digitsEnd(text: string, start: number): number {
  let end = start;
  while (isDigit(text.charCodeAt(end))) end++;
  return end;
}

class Parser {
  pos = 0;
  depth = 0;
  constructor(readonly text: string) {}

  space(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.pos);
      if (code === 32 || code === 10 || code === 13 || code === 9) this.pos++;
      else return;
    }
  }

  value(): PyValue {
    this.space();
    const code = this.text.charCodeAt(this.pos);
    if (code === 34) return this.string();
    if (code === 123) return this.object();
    if (code === 91) return this.array();
    if (code === 45 || isDigit(code)) return this.number();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    throw NOT_JSON;
  }

  /** `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`, scanned by hand: numbers are most of what calls hold. */
  number(): PyValue {
    const text = this.text;
    const start = this.pos;
    let end = start;
    if (text.charCodeAt(end) === 45) {
      end++;
      if (text.startsWith("Infinity", end)) {
        this.pos = end + 8;
        return new PyFloat(Number.NEGATIVE_INFINITY);
      }
    }
    const first = text.charCodeAt(end);
    if (first === 48) end++;
    else if (isDigit(first)) end = digitsEnd(text, end);
    else throw NOT_JSON;
    let float = false;
    // A fraction or exponent without digits is not part of the number (what follows it then fails the parse).
    if (text.charCodeAt(end) === 46 && isDigit(text.charCodeAt(end + 1))) {
      end = digitsEnd(text, end + 1);
      float = true;
    }
    const e = text.charCodeAt(end);
    if (e === 101 || e === 69) {
      const sign = text.charCodeAt(end + 1);
      const digits = sign === 43 || sign === 45 ? end + 2 : end + 1;
      if (isDigit(text.charCodeAt(digits))) {
        end = digitsEnd(text, digits);
        float = true;
      }
    }
    this.pos = end;
    const lexeme = text.slice(start, end);
    return float ? new PyFloat(Number(lexeme)) : pyInt(lexeme);
  }

  string(): string {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let escaped = false;
    for (;;) {
      const code = text.charCodeAt(i);
      if (Number.isNaN(code) || code < 32) throw NOT_JSON;
      if (code === 34) break;
      if (code === 92) {
        escaped = true;
        i++;
      }
      i++;
    }
    this.pos = i + 1;
    if (!escaped) return text.slice(start + 1, i);
    try {
      return JSON.parse(text.slice(start, i + 1)) as string;
    } catch {
      throw NOT_JSON;
    }
  }

  array(): PyValue[] {
    if (++this.depth > MAX_DEPTH) throw NOT_JSON;
    this.pos++;
    const items: PyValue[] = [];
    this.space();
    if (this.text.charCodeAt(this.pos) === 93) {
      this.pos++;
      this.depth--;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.space();
      const code = this.text.charCodeAt(this.pos++);
      if (code === 93) break;
      if (code !== 44) throw NOT_JSON;
    }
    this.depth--;
    return items;
  }

  object(): PyDict {
    if (++this.depth > MAX_DEPTH) throw NOT_JSON;
    this.pos++;
    const dict: PyDict = new Map();
    this.space();
    if (this.text.charCodeAt(this.pos) === 125) {
      this.pos++;
      this.depth--;
      return dict;
    }
    for (;;) {
      this.space();
      if (this.text.charCodeAt(this.pos) !== 34) throw NOT_JSON;
      const key = this.string();
      this.space();
      if (this.text.charCodeAt(this.pos++) !== 58) throw NOT_JSON;
      // Python keeps the first position of a repeated key and its last value; so does Map.set.
      dict.set(key, this.value());
      this.space();
      const code = this.text.charCodeAt(this.pos++);
      if (code === 125) break;
      if (code !== 44) throw NOT_JSON;
    }
    this.depth--;
    return dict;
  }
}

const WORDS: readonly [string, PyValue][] = [
  ["true", true],
  ["false", false],
  ["null", null],
  ["NaN", new PyFloat(Number.NaN)],
  ["Infinity", new PyFloat(Number.POSITIVE_INFINITY)],
];

/** The JSON text as Python values, or `undefined` when it is not one JSON value (surrounding whitespace allowed). */
export function parsePyJson(text: string): PyValue | undefined {
  const parser = new Parser(text);
  try {
    const value = parser.value();
    parser.space();
    return parser.pos === text.length ? value : undefined;
  } catch (error) {
    if (error === NOT_JSON) return undefined;
    throw error;
  }
}

function floatText(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** Python values as JSON text that Python reads back to the same values (floats keep a `.0`). */
export function pyJsonText(value: PyValue): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
    case "bigint":
      return String(value);
    case "string":
      return JSON.stringify(value);
  }
  if (value instanceof PyFloat) return floatText(value.value);
  if (value instanceof PyTuple) return pyJsonText(value.items);
  if (Array.isArray(value)) return `[${value.map(pyJsonText).join(", ")}]`;
  const entries = [...value].map(([key, inner]) => `${JSON.stringify(key)}: ${pyJsonText(inner)}`);
  return `{${entries.join(", ")}}`;
}
