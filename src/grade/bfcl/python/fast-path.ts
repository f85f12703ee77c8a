/**
 * The shape most prompt-mode outputs have, read directly: `[name(key=value, …), …]` with plain literals (strings
 * without prefix or triple quotes, escapes decoded by literals.ts; short decimal ints and floats; True, False, None;
 * bare names; lists, tuples, string-keyed dicts; a minus before a number). Anything else — and any doubt — returns undefined and the full
 * reader (parse.ts and resolve.ts) decides; where this reader answers, its answer is the full reader's (a property
 * test holds it to that).
 */
import { intResult } from "./arithmetic.js";
import { decodeEscapes } from "./literals.js";
import { KEYWORDS } from "./tokens.js";
import type { BfclCall, Value } from "./value.js";
import { PyFloat, PyTuple } from "./value.js";

const BAIL = Symbol("bail");
type Bail = typeof BAIL;

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

class FastReader {
  pos = 0;
  /** A call was read as a value: inside parentheses it may be a list element after all (`[(f(a=1))]`). */
  sawCall = false;
  constructor(private readonly text: string) {}

  /** Skips spaces, tabs, form feeds and newlines (all inside brackets here). */
  space(): void {
    const text = this.text;
    for (
      let c = text.charCodeAt(this.pos);
      c === 32 || c === 9 || c === 10 || c === 12;
      c = text.charCodeAt(++this.pos)
    );
  }

  /** The next significant character's code (after spaces). */
  peek(): number {
    this.space();
    return this.text.charCodeAt(this.pos);
  }

  name(): string | Bail {
    const text = this.text;
    const start = this.pos;
    if (!isNameStart(text.charCodeAt(start))) return BAIL;
    let end = start + 1;
    while (isNameChar(text.charCodeAt(end))) end++;
    // A non-ASCII letter would continue the name (and NFKC it): the full reader decides.
    if (text.charCodeAt(end) >= 128) return BAIL;
    this.pos = end;
    return text.slice(start, end);
  }

  /** A value, then the position must be at one of `,` `)` `]` `}` `:` (after spaces). */
  value(depth: number): Value | Bail {
    if (depth > 50) return BAIL;
    const text = this.text;
    const c = this.peek();
    let value: Value | Bail;
    if (c === 39 || c === 34) value = this.string(c);
    else if (isDigit(c)) value = this.number(false);
    else if (c === 45) {
      this.pos++;
      this.space();
      value = isDigit(text.charCodeAt(this.pos)) ? this.number(true) : BAIL;
    } else if (c === 91) value = this.list(depth);
    else if (c === 40) value = this.tuple(depth);
    else if (c === 123) value = this.dict(depth);
    else if (isNameStart(c)) value = this.named(depth);
    else return BAIL;
    if (value === BAIL) return BAIL;
    const next = this.peek();
    // `,` `)` `]` `}` `:` end a value; anything else (an operator, a call, a subscript, a second string) is not ours.
    if (next !== 44 && next !== 41 && next !== 93 && next !== 125 && next !== 58) return BAIL;
    return value;
  }

  /** What starts with a name: True, False, None, a u/r-prefixed string, a call with keywords, or the name as text. */
  named(depth: number): Value | Bail {
    const name = this.name();
    if (name === BAIL) return BAIL;
    if (name === "True") return true;
    if (name === "False") return false;
    if (name === "None") return null;
    if (KEYWORDS.has(name)) return BAIL;
    const next = this.text.charCodeAt(this.pos);
    if (next === 39 || next === 34) {
      const prefix = name.toLowerCase();
      return prefix === "u" ? this.string(next, false) : prefix === "r" ? this.string(next, true) : BAIL;
    }
    const after = this.peek();
    if (after !== 40 && after !== 46) return name;
    // A call as a value: with keywords it is `{name: {args}}`; without, its unparsed text (the full reader's).
    const call = this.callAfter(name, depth);
    if (call === BAIL || !(call.arguments instanceof Map) || call.arguments.size === 0) return BAIL;
    this.sawCall = true;
    return new Map<string, Value>([[call.name, call.arguments]]);
  }

  string(quote: number, raw = false): string | Bail {
    const text = this.text;
    const triple = text.charCodeAt(this.pos + 1) === quote && text.charCodeAt(this.pos + 2) === quote;
    const start = this.pos + (triple ? 3 : 1);
    let escaped = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (
        c === quote &&
        (!triple || (text.charCodeAt(i + 1) === quote && text.charCodeAt(i + 2) === quote))
      ) {
        this.pos = i + (triple ? 3 : 1);
        const body = text.slice(start, i);
        if (!escaped || raw) return body;
        // \N{…} and malformed escapes are the full reader's to judge.
        if (body.includes("\\N")) return BAIL;
        try {
          return decodeEscapes(body, false);
        } catch {
          return BAIL;
        }
      }
      if (c === 10 && !triple) return BAIL;
      if (c === 92) {
        escaped = true;
        i++;
      }
    }
    return BAIL;
  }

  /** Digits, maybe `.digits`, maybe `e±digits`: a safe int (no leading zero) or a float; anything stranger bails. */
  number(negative: boolean): Value | Bail {
    const text = this.text;
    const start = this.pos;
    let end = start;
    while (isDigit(text.charCodeAt(end))) end++;
    if (end - start > 40 || (text.charCodeAt(start) === 48 && end - start > 1)) return BAIL;
    const integerDigits = end - start;
    let float = false;
    if (text.charCodeAt(end) === 46) {
      const fraction = end + 1;
      end = fraction;
      while (isDigit(text.charCodeAt(end))) end++;
      if (end === fraction) return BAIL;
      float = true;
    }
    if ((text.charCodeAt(end) | 32) === 101) {
      let digits = end + 1;
      if (text.charCodeAt(digits) === 43 || text.charCodeAt(digits) === 45) digits++;
      end = digits;
      while (isDigit(text.charCodeAt(end))) end++;
      if (end === digits) return BAIL;
      float = true;
    }
    const after = text.charCodeAt(end);
    // A letter, `_`, `.` or non-ASCII right after the digits is an exponent, a suffix or an error: not ours.
    if (isNameChar(after) || after === 46 || after >= 128) return BAIL;
    this.pos = end;
    const literal = text.slice(start, end);
    if (float) {
      const magnitude = Number(literal);
      return new PyFloat(negative ? -magnitude : magnitude);
    }
    if (integerDigits > 15) return intResult(negative ? -BigInt(literal) : BigInt(literal));
    const magnitude = Number(literal);
    return negative && magnitude !== 0 ? -magnitude : magnitude;
  }

  list(depth: number): Value[] | Bail {
    this.pos++;
    const items: Value[] = [];
    for (;;) {
      if (this.peek() === 93) {
        this.pos++;
        return items;
      }
      const item = this.value(depth + 1);
      if (item === BAIL) return BAIL;
      items.push(item);
      const c = this.peek();
      if (c === 44) this.pos++;
      else if (c !== 93) return BAIL;
    }
  }

  /** `(…)`: a tuple when it has a comma (or nothing), else the parenthesised value itself. */
  tuple(depth: number): Value | Bail {
    this.pos++;
    const items: Value[] = [];
    let comma = false;
    for (;;) {
      if (this.peek() === 41) {
        this.pos++;
        if (items.length === 1 && !comma) return items[0] as Value;
        return new PyTuple(items);
      }
      const item = this.value(depth + 1);
      if (item === BAIL) return BAIL;
      items.push(item);
      const c = this.peek();
      if (c === 44) {
        this.pos++;
        comma = true;
      } else if (c !== 41) return BAIL;
    }
  }

  dict(depth: number): Map<string, Value> | Bail {
    this.pos++;
    const dict = new Map<string, Value>();
    for (;;) {
      const c = this.peek();
      if (c === 125) {
        this.pos++;
        return dict;
      }
      if (c !== 39 && c !== 34) return BAIL;
      const key = this.string(c);
      if (key === BAIL || this.peek() !== 58) return BAIL;
      this.pos++;
      const value = this.value(depth + 1);
      if (value === BAIL) return BAIL;
      dict.set(key, value);
      const next = this.peek();
      if (next === 44) this.pos++;
      else if (next !== 125) return BAIL;
    }
  }

  /** `dotted.name(key=value, …)`. */
  call(): BfclCall | Bail {
    this.space();
    const name = this.name();
    if (name === BAIL || KEYWORDS.has(name)) return BAIL;
    return this.callAfter(name, 0);
  }

  /** The rest of a call after its first name: `.more.names(positional…, key=value…)`; positionals are dropped. */
  callAfter(first: string, depth: number): BfclCall | Bail {
    let name = first;
    // Blanks may stand on either side of the dots (`math .factorial`, `x. y`).
    while (this.peek() === 46) {
      this.pos++;
      this.space();
      const part = this.name();
      if (part === BAIL || KEYWORDS.has(part)) return BAIL;
      name += `.${part}`;
    }
    if (this.peek() !== 40) return BAIL;
    this.pos++;
    const args = new Map<string, Value>();
    for (;;) {
      if (this.peek() === 41) {
        this.pos++;
        return { name, arguments: args };
      }
      const start = this.pos;
      const key = this.name();
      const keyword = key !== BAIL && this.peek() === 61 && this.text.charCodeAt(this.pos + 1) !== 61;
      if (keyword) {
        if (KEYWORDS.has(key)) return BAIL;
        this.pos++;
        const value = this.value(depth + 1);
        if (value === BAIL) return BAIL;
        args.set(key, value);
      } else {
        // A positional argument: valid only before every keyword; BFCL ignores its value.
        if (args.size > 0) return BAIL;
        this.pos = start;
        if (this.value(depth + 1) === BAIL) return BAIL;
      }
      const c = this.peek();
      if (c === 44) this.pos++;
      else if (c !== 41) return BAIL;
    }
  }
}

/**
 * The calls of `[call, …]` (the text as BFCL hands it to ast.parse); "fails" when the list is read whole and an element
 * is a plain value (a JSON object, a string, a bare word: BFCL's assert fails on it); undefined when the full reader
 * must decide.
 */
export function fastCalls(text: string): BfclCall[] | "fails" | undefined {
  if (text.charCodeAt(0) !== 91) return undefined;
  const reader = new FastReader(text);
  reader.pos = 1;
  const calls: BfclCall[] = [];
  let notACall = false;
  for (;;) {
    if (reader.peek() === 93) {
      reader.pos++;
      if (reader.pos !== text.length) return undefined;
      return notACall ? "fails" : calls;
    }
    const start = reader.pos;
    const call = reader.call();
    if (call === BAIL) {
      reader.pos = start;
      reader.sawCall = false;
      // A call read as a value (`f(a=1)`, `(f(a=1))`) may be the element itself: not ours to judge.
      if (reader.value(0) === BAIL || reader.sawCall) return undefined;
      notACall = true;
    } else calls.push(call);
    const c = reader.peek();
    if (c === 44) reader.pos++;
    else if (c !== 93) return undefined;
  }
}

/** The characters that cannot start an expression (nor close the list), so a list opening with one is a SyntaxError. */
const CANNOT_START = new Set([..."<>|=,)}:!?$@&^%/;`"].map((ch) => ch.charCodeAt(0)));

/** Blanks inside brackets, before ast.parse's newline translation (so `\r` is one too). */
function skipBlanks(text: string, from: number): number {
  let i = from;
  for (
    let c = text.charCodeAt(i);
    c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
    c = text.charCodeAt(++i)
  );
  return i;
}

/** The end of the ASCII name at `from`, or -1 when a non-ASCII character continues it (its reading is the tokenizer's). */
function asciiNameEnd(text: string, from: number): number {
  let end = from;
  while (isNameChar(text.charCodeAt(end))) end++;
  return text.charCodeAt(end) >= 128 ? -1 : end;
}

/**
 * True only for text `ast.parse` certainly refuses, seen from its first tokens: the list opens with a character no
 * expression starts with (`[<tool_call>…`, `[| …`), with two names in a row, neither a reserved word
 * (`[I cannot help…`, `[TOOL get_weather | …`): no rule of Python's grammar puts two plain names side by side —, or
 * with a name and a dot that no attribute name follows (`[Canberra.]`).
 * Such outputs (prose, other formats) then skip the full reader, whose answer would be the same failure.
 */
export function certainlyInvalid(text: string): boolean {
  let i = skipBlanks(text, 1);
  const c = text.charCodeAt(i);
  if (CANNOT_START.has(c)) return true;
  if (!isNameStart(c)) return false;
  const firstEnd = asciiNameEnd(text, i);
  if (firstEnd < 0 || KEYWORDS.has(text.slice(i, firstEnd))) return false;
  // `Canberra.` or `Sure. …`: a dot after a name must be followed by a name (an attribute).
  if (text.charCodeAt(firstEnd) === 46) {
    // Blanks may stand between the dot and the attribute (`x. y` is `x.y`); a comment or a continuation might too.
    const next = text.charCodeAt(skipBlanks(text, firstEnd + 1));
    return !isNameStart(next) && next < 128 && next !== 46 && next !== 35 && next !== 92 && !isDigit(next);
  }
  i = skipBlanks(text, firstEnd);
  if (i === firstEnd || !isNameStart(text.charCodeAt(i))) return false;
  const secondEnd = asciiNameEnd(text, i);
  return secondEnd >= 0 && !KEYWORDS.has(text.slice(i, secondEnd));
}
