/** A forgiving reader for the JSON-like text planners write: it always returns a tree and lists what it forgave. */

import { numberAt, skipSpaces, wordAt } from "../text/json-tokens.js";
import { QUOTE_CLOSE, StringScanner } from "./string-scanner.js";
import type {
  ArrayNode,
  CallNode,
  Entry,
  GroupNode,
  Node,
  NumberNode,
  ObjectNode,
  ReaderIssue,
  ReaderIssueCode,
  StringNode,
  WordNode,
} from "./tree.js";

export type { ArrayNode, CallNode, Entry, Node, ObjectNode, ReaderIssue } from "./tree.js";

/** Deeper nesting than this is read as one opaque word: real plans nest 4 levels, and recursion must stay bounded. */
const MAX_DEPTH = 48;
const CLOSERS = new Set(["}", "]", ")"]);
const OPENERS: Record<string, string> = { "{": "}", "[": "]", "(": ")" };
/** Characters a placeholder group can hold; anything else means its `)` is missing. */
const GROUP_CHARS = /[\w\s,&()-]/;
const BODY_KEY_START = /["'\d]/;
/** Where skipped text ends: a separator, a bracket, a quote or a line break. */
const RESYNC = /[,{}[\]()"'\n]/;

/** Reads one value from `start`; the reader never throws on any input and always moves forward. */
export class Reader {
  pos: number;
  readonly issues: ReaderIssue[] = [];
  private readonly open: string[] = [];
  private readonly strings: StringScanner;

  constructor(
    readonly text: string,
    start = 0,
  ) {
    this.pos = start;
    this.strings = new StringScanner(text);
  }

  value(): Node | null {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === undefined) return null;
    if (c in OPENERS && this.open.length >= MAX_DEPTH) return this.opaque();
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === "(") return this.group();
    if (c in QUOTE_CLOSE) return this.string();
    if (numberAt(this.text, this.pos) !== undefined) return this.number();
    if (wordAt(this.text, this.pos) !== undefined) return this.wordOrCall();
    return null;
  }

  /** Reads the entries of an object whose `{` is missing, up to the end of the text or a stray `}`. */
  bodyWithoutBrace(): ObjectNode {
    const start = this.pos;
    const entries = this.entries(null);
    return { kind: "object", entries, start, end: this.pos };
  }

  private issue(code: ReaderIssueCode, offset: number, message: string): void {
    this.issues.push({ code, offset, message });
  }

  private skipSpace(): void {
    this.pos = skipSpaces(this.text, this.pos);
  }

  private object(): ObjectNode {
    const start = this.pos++;
    this.open.push("}");
    const entries = this.entries("}");
    this.open.pop();
    return { kind: "object", entries, start, end: this.pos };
  }

  /** The loop shared by objects: entries separated by commas until `closer` (or, for null, the end). */
  private entries(closer: string | null): Entry[] {
    const entries: Entry[] = [];
    let needComma = false;
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === undefined) {
        if (closer) this.issue("unbalanced-brackets", this.pos, `missing "${closer}" at the end`);
        return entries;
      }
      if (c === closer) {
        this.pos++;
        return entries;
      }
      if (CLOSERS.has(c)) {
        if (closer === null && this.open.length === 0) return entries;
        if (this.strayCloser(c, closer)) return entries;
        continue;
      }
      if (c === ",") {
        this.comma(closer, needComma);
        needComma = false;
        continue;
      }
      // Without braces, the plan ends where something that cannot start a step key begins (prose after it).
      if (closer === null && !BODY_KEY_START.test(c)) return entries;
      if (this.proseAhead()) {
        if (closer)
          this.issue("unbalanced-brackets", this.pos, `missing "${closer}" before the text that follows`);
        return entries;
      }
      const at = this.pos;
      const entry = this.entry();
      if (entry && needComma) this.issue("missing-comma", at, "no comma between two entries");
      if (entry) entries.push(entry);
      else this.skipGarbage();
      needComma = entry !== null;
    }
  }

  /** A bare word not followed by ":" cannot be a key: it is prose after an object that was never closed. */
  private proseAhead(): boolean {
    const word = wordAt(this.text, this.pos);
    if (word === undefined) return false;
    return this.text[skipSpaces(this.text, this.pos + word.length)] !== ":";
  }

  /** Returns true when the closer belongs to an enclosing container (which will consume it). */
  private strayCloser(c: string, closer: string | null): boolean {
    if (this.open.includes(c)) {
      this.issue("unbalanced-brackets", this.pos, `"${c}" found where "${closer ?? "end"}" was expected`);
      return true;
    }
    this.issue("unbalanced-brackets", this.pos, `unmatched "${c}"`);
    this.pos++;
    return false;
  }

  private comma(closer: string | null, afterItem: boolean): void {
    const at = this.pos++;
    this.skipSpace();
    const next = this.text[this.pos];
    if (next !== undefined && next === closer)
      this.issue("trailing-comma", at, "comma before the closing bracket");
    else if (!afterItem) this.issue("invalid-syntax", at, "a comma with nothing before it");
  }

  private entry(): Entry | null {
    const start = this.pos;
    const c = this.text[this.pos] ?? "";
    if (c === "{" || c === "[" || c === "(") {
      this.issue("invalid-syntax", start, "a value where a key was expected");
      const value = this.value();
      return { key: null, keyKind: "none", value, start, end: this.pos };
    }
    const key = this.key();
    if (!key) return null;
    this.skipSpace();
    if (this.text[this.pos] === ":") this.pos++;
    else this.issue("invalid-syntax", this.pos, `no ":" after the key ${JSON.stringify(key.key)}`);
    const value = this.value();
    if (!value) this.issue("invalid-syntax", this.pos, `no value for the key ${JSON.stringify(key.key)}`);
    return { key: key.key, keyKind: key.keyKind, value, start, end: this.pos };
  }

  private key(): Pick<Entry, "key" | "keyKind"> | null {
    const c = this.text[this.pos] ?? "";
    if (c in QUOTE_CLOSE) return { key: this.string().value, keyKind: "string" };
    const number = numberAt(this.text, this.pos);
    if (number !== undefined) {
      this.pos += number.length;
      return { key: number, keyKind: "number" };
    }
    const word = wordAt(this.text, this.pos);
    if (word === undefined) return null;
    this.issue("unquoted-key", this.pos, `the key ${word} is not quoted`);
    this.pos += word.length;
    return { key: word, keyKind: "word" };
  }

  private array(): ArrayNode {
    const start = this.pos++;
    this.open.push("]");
    const items = this.items("]");
    this.open.pop();
    return { kind: "array", items, start, end: this.pos };
  }

  /** The loop shared by arrays and call arguments. */
  private items(closer: string): Node[] {
    const items: Node[] = [];
    let needComma = false;
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === undefined) {
        this.issue("unbalanced-brackets", this.pos, `missing "${closer}" at the end`);
        return items;
      }
      if (c === closer) {
        this.pos++;
        return items;
      }
      if (CLOSERS.has(c)) {
        if (this.strayCloser(c, closer)) return items;
        continue;
      }
      if (c === ",") {
        this.comma(closer, needComma);
        needComma = false;
        continue;
      }
      const at = this.pos;
      const item = this.value();
      if (item && needComma) this.issue("missing-comma", at, "no comma between two items");
      if (item) items.push(item);
      else this.skipGarbage();
      needComma = item !== null;
    }
  }

  private group(): GroupNode {
    const start = this.pos++;
    let depth = 1;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] ?? "";
      if (!GROUP_CHARS.test(c)) break;
      this.pos++;
      if (c === "(") depth++;
      if (c === ")" && --depth === 0)
        return { kind: "group", raw: this.text.slice(start + 1, this.pos - 1), start, end: this.pos };
    }
    this.issue("unbalanced-brackets", this.pos, 'a placeholder group without its ")"');
    return { kind: "group", raw: this.text.slice(start + 1, this.pos), start, end: this.pos };
  }

  private string(): StringNode {
    const node = this.strings.read(this.pos, this.issues);
    this.pos = node.end;
    return node;
  }

  private number(): NumberNode {
    const start = this.pos;
    const raw = numberAt(this.text, start) ?? "0";
    this.pos += raw.length;
    return { kind: "number", value: Number(raw), start, end: this.pos };
  }

  private wordOrCall(): WordNode | CallNode {
    const start = this.pos;
    const name = wordAt(this.text, start) ?? "";
    this.pos += name.length;
    let i = this.pos;
    while (this.text[i] === " " || this.text[i] === "\t") i++;
    if (this.text[i] !== "(") return { kind: "word", value: name, start, end: this.pos };
    this.pos = i + 1;
    this.open.push(")");
    const args = this.items(")");
    this.open.pop();
    return { kind: "call", name, args, start, end: this.pos };
  }

  /** Skips text no rule can read, at least one character, up to something a reader can resynchronise on. */
  private skipGarbage(): void {
    const start = this.pos++;
    while (this.pos < this.text.length && !RESYNC.test(this.text[this.pos] ?? "")) this.pos++;
    this.issue(
      "invalid-syntax",
      start,
      `unreadable text ${JSON.stringify(this.text.slice(start, this.pos).slice(0, 30))}`,
    );
  }

  /** Past the depth limit: skip the balanced region without recursion and keep it as one word. */
  private opaque(): WordNode {
    const start = this.pos;
    let depth = 0;
    do {
      const c = this.text[this.pos++] ?? "";
      if (c in OPENERS) depth++;
      else if (CLOSERS.has(c)) depth--;
    } while (depth > 0 && this.pos < this.text.length);
    this.issue("invalid-syntax", start, "nesting too deep to be a plan");
    return { kind: "word", value: this.text.slice(start, this.pos), start, end: this.pos };
  }
}
