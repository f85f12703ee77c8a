/** Reading quoted strings the way planners write them: escapes, stray inner quotes, single or curly quotes, no end. */
import { escapeAt, skipSpaces } from "../text/json-tokens.js";
import type { ReaderIssue, StringNode } from "./tree.js";

export const QUOTE_CLOSE: Record<string, string> = { '"': '"', "'": "'", "\u201c": "\u201d" };
/** What may follow a closing quote; any other character means the quote was inside the string. */
const AFTER_STRING = new Set([",", ":", ")", "]", "}"]);

/** Reads the strings of one text; it remembers where the next backslash is, which keeps long texts linear. */
export class StringScanner {
  private slashAt: number;

  constructor(private readonly text: string) {
    this.slashAt = text.indexOf("\\");
  }

  /** Reads the string whose opening quote is at `start`; `end` of the node is where reading should go on. */
  read(start: number, issues: ReaderIssue[]): StringNode {
    const quote = this.text[start] ?? '"';
    const close = QUOTE_CLOSE[quote] ?? '"';
    if (quote === "'")
      issues.push({ code: "single-quotes", offset: start, message: "a string in single quotes" });
    if (quote === "\u201c")
      issues.push({ code: "invalid-syntax", offset: start, message: "a string in typographic quotes" });
    let pos = start + 1;
    let value = "";
    let flagged = false;
    // Jump from quote to backslash to quote with indexOf: prompts are most of a plan's text.
    for (;;) {
      const quoteAt = this.text.indexOf(close, pos);
      if (quoteAt === -1) return this.unterminated(start, issues);
      const slashAt = this.nextBackslash(pos);
      if (slashAt !== -1 && slashAt < quoteAt) {
        value += this.text.slice(pos, slashAt);
        // A planner's broken escape (`\u` without hex, a backslash at the end) stands for its letter.
        const escaped = escapeAt(this.text, slashAt) ?? {
          value: this.text[slashAt + 1] ?? "",
          end: slashAt + 2,
        };
        value += escaped.value;
        pos = escaped.end;
        continue;
      }
      value += this.text.slice(pos, quoteAt);
      pos = quoteAt + 1;
      if (this.closesString(pos)) return { kind: "string", value, start, end: pos };
      if (!flagged)
        issues.push({
          code: "unescaped-quote",
          offset: quoteAt,
          message: "a quote inside a string is not escaped",
        });
      flagged = true;
      value += close;
    }
  }

  private nextBackslash(from: number): number {
    if (this.slashAt !== -1 && this.slashAt < from) this.slashAt = this.text.indexOf("\\", from);
    return this.slashAt;
  }

  private closesString(from: number): boolean {
    const next = this.text[skipSpaces(this.text, from)];
    return next === undefined || AFTER_STRING.has(next);
  }

  /** A string that never closes: end it at its line's end, which is where a reader would guess it ends. */
  private unterminated(start: number, issues: ReaderIssue[]): StringNode {
    issues.push({ code: "invalid-syntax", offset: start, message: "a string without its closing quote" });
    const newline = this.text.indexOf("\n", start);
    const end = newline === -1 ? this.text.length : newline;
    return { kind: "string", value: this.text.slice(start + 1, end), start, end };
  }
}
