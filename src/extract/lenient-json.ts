/** A tolerant JSON reader: standard JSON first, then a small parser that also reads Python-dict and JS-ish literals. */

export type LenientResult = { ok: true; value: unknown } | { ok: false };

const FAILED: LenientResult = { ok: false };
/** Deeper than any real call; bounds the recursion so hostile nesting fails instead of overflowing the stack. */
const MAX_DEPTH = 128;
const FAIL: unique symbol = Symbol("fail");
type Parsed = unknown | typeof FAIL;
// Sticky patterns, reused: each read sets lastIndex to the current position.
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const IDENTIFIER = /[A-Za-z_$][\w$-]*/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

const LITERALS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
};

const ESCAPES: Readonly<Record<string, string>> = {
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  "/": "/",
  "\\": "\\",
  '"': '"',
  "'": "'",
};

/** Sets an own property even for `__proto__`, which plain assignment would treat as the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * Reads `text` as one JSON value. The fallback accepts what models write when they mean JSON:
 * single-quoted strings (`'a'`, with `\'`), Python `True`/`False`/`None`, trailing commas, bare
 * identifier keys and raw newlines inside strings. It never evaluates anything.
 */
export function parseLenient(text: string): LenientResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Not standard JSON (or nested too deeply for the native parser): try the tolerant reader.
  }
  const reader = new LenientReader(text);
  const value = reader.document();
  return value === FAIL ? FAILED : { ok: true, value };
}

class LenientReader {
  private position = 0;

  constructor(private readonly text: string) {}

  document(): Parsed {
    const value = this.value(0);
    if (value === FAIL) return FAIL;
    this.skipSpace();
    return this.position === this.text.length ? value : FAIL;
  }

  private skipSpace(): void {
    const text = this.text;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return;
      this.position++;
    }
  }

  private value(depth: number): Parsed {
    if (depth > MAX_DEPTH) return FAIL;
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
    let result = "";
    let chunkStart = ++this.position;
    while (this.position < text.length) {
      const char = text[this.position] as string;
      if (char === quote) {
        result += text.slice(chunkStart, this.position);
        this.position++;
        return result;
      }
      if (char === "\\") {
        result += text.slice(chunkStart, this.position);
        const escaped = text[this.position + 1];
        if (escaped === undefined) return FAIL;
        if (escaped === "u") {
          const hex = text.slice(this.position + 2, this.position + 6);
          if (!HEX4.test(hex)) return FAIL;
          result += String.fromCharCode(Number.parseInt(hex, 16));
          this.position += 6;
        } else {
          result += ESCAPES[escaped] ?? escaped;
          this.position += 2;
        }
        chunkStart = this.position;
        continue;
      }
      this.position++;
    }
    return FAIL;
  }

  private number(): Parsed {
    NUMBER.lastIndex = this.position;
    const found = NUMBER.exec(this.text);
    if (found === null) return FAIL;
    this.position += found[0].length;
    return Number(found[0]);
  }

  private identifier(): string | undefined {
    IDENTIFIER.lastIndex = this.position;
    const found = IDENTIFIER.exec(this.text);
    if (found === null) return undefined;
    this.position += found[0].length;
    return found[0];
  }
}
