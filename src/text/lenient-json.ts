/** A tolerant JSON reader: standard JSON, plus the Python-dict and JS-ish literals models write when they mean JSON. */
import { isJsonSpace } from "./chars.js";
import { escapeAt, LITERALS, numberAt, skipSpaces, wordAt } from "./json-tokens.js";

export type LenientResult = { ok: true; value: unknown } | { ok: false };

const FAILED: LenientResult = { ok: false };
/** Deeper than any real call; bounds the recursion so hostile nesting fails instead of overflowing the stack. */
const MAX_DEPTH = 128;
const FAIL: unique symbol = Symbol("fail");
type Parsed = unknown | typeof FAIL;
const BACKSLASH = 92;

/** Sets an own property even for `__proto__`, which plain assignment would treat as the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * Reads `text` as one JSON value. Standard JSON reads exactly as `JSON.parse` would; on top of it the
 * reader accepts single-quoted strings (`'a'`, with `\'`), Python `True`/`False`/`None`, trailing
 * commas, bare identifier keys and raw newlines inside strings. It never evaluates anything.
 * One pass, no exceptions: a failed `JSON.parse` costs microseconds (it builds an error), which is
 * the whole budget of a typical output. `JSON.parse` is only asked about nesting deeper than ours.
 */
export function parseLenient(text: string): LenientResult {
  const reader = new LenientReader(text);
  const value = reader.document();
  if (value !== FAIL) return { ok: true, value };
  if (!reader.tooDeep) return FAILED;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Deep and not standard JSON either (or deeper than the native parser's stack allows).
    return FAILED;
  }
}

class LenientReader {
  private position = 0;
  tooDeep = false;

  constructor(private readonly text: string) {}

  document(): Parsed {
    const value = this.value(0);
    if (value === FAIL) return FAIL;
    this.skipSpace();
    return this.position === this.text.length ? value : FAIL;
  }

  /** JSON's whitespace only: standard JSON must read exactly as `JSON.parse` reads it. */
  private skipSpace(): void {
    this.position = skipSpaces(this.text, this.position, isJsonSpace);
  }

  private value(depth: number): Parsed {
    if (depth > MAX_DEPTH) {
      this.tooDeep = true;
      return FAIL;
    }
    this.skipSpace();
    const char = this.text[this.position];
    if (char === "{") return this.object(depth);
    if (char === "[") return this.array(depth);
    if (char === '"' || char === "'") return this.string(char);
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return this.number();
    const word = this.identifier();
    return word !== undefined && Object.hasOwn(LITERALS, word) ? LITERALS[word] : FAIL;
  }

  private object(depth: number): Parsed {
    const result: Record<string, unknown> = {};
    this.position++;
    for (;;) {
      this.skipSpace();
      const char = this.text[this.position];
      if (char === "}") {
        this.position++;
        return result;
      }
      const key = char === '"' || char === "'" ? this.string(char) : this.identifier();
      if (typeof key !== "string") return FAIL;
      this.skipSpace();
      if (this.text[this.position] !== ":") return FAIL;
      this.position++;
      const value = this.value(depth + 1);
      if (value === FAIL) return FAIL;
      setOwn(result, key, value);
      if (!this.separator("}")) return FAIL;
    }
  }

  private array(depth: number): Parsed {
    const result: unknown[] = [];
    this.position++;
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === "]") {
        this.position++;
        return result;
      }
      const value = this.value(depth + 1);
      if (value === FAIL) return FAIL;
      result.push(value);
      if (!this.separator("]")) return FAIL;
    }
  }

  /** After a member: a comma (possibly trailing) or the closer, which is left for the loop to consume. */
  private separator(closer: string): boolean {
    this.skipSpace();
    const char = this.text[this.position];
    if (char === ",") {
      this.position++;
      return true;
    }
    return char === closer;
  }

  private string(quote: string): Parsed {
    const text = this.text;
    const quoteCode = quote.charCodeAt(0);
    let result = "";
    let chunkStart = ++this.position;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code === quoteCode) {
        result += text.slice(chunkStart, this.position);
        this.position++;
        return result;
      }
      if (code === BACKSLASH) {
        result += text.slice(chunkStart, this.position);
        const decoded = escapeAt(text, this.position);
        if (decoded === null) return FAIL;
        result += decoded.value;
        this.position = decoded.end;
        chunkStart = this.position;
        continue;
      }
      this.position++;
    }
    return FAIL;
  }

  private number(): Parsed {
    const found = numberAt(this.text, this.position);
    if (found === undefined) return FAIL;
    this.position += found.length;
    return Number(found);
  }

  private identifier(): string | undefined {
    const found = wordAt(this.text, this.position);
    if (found !== undefined) this.position += found.length;
    return found;
  }
}
