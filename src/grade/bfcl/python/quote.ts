/**
 * How `ast.unparse` quotes strings inside f-strings, where it must avoid backslashes (Lib/ast.py 3.11,
 * _Unparser._str_literal_helper): escape only backslashes and unprintable characters, pick a quote the text does not
 * contain (triple quotes once it has a newline), and fall back to repr when none fits.
 */
import { reprString } from "./repr.js";

export const SINGLE_QUOTES = ["'", '"'] as const;
export const MULTI_QUOTES = ['"""', "'''"] as const;
export const ALL_QUOTES: readonly string[] = [...SINGLE_QUOTES, ...MULTI_QUOTES];

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** str.isprintable() for one code point. */
export function isPrintable(ch: string): boolean {
  return ch === " " || !NON_PRINTABLE.test(ch);
}

/** `c.encode("unicode_escape").decode("ascii")` for one code point that needs it. */
function unicodeEscape(ch: string): string {
  if (ch === "\\") return "\\\\";
  if (ch === "\t") return "\\t";
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  const code = ch.codePointAt(0) as number;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/** _str_literal_helper: the escaped text and the quotes that can hold it, best first. */
export function strLiteralHelper(
  text: string,
  quoteTypes: readonly string[] = ALL_QUOTES,
  escapeSpecialWhitespace = false,
): [string, string[]] {
  let escaped = "";
  for (const ch of text) {
    if (!escapeSpecialWhitespace && (ch === "\n" || ch === "\t")) escaped += ch;
    else if (ch === "\\" || !isPrintable(ch)) escaped += unicodeEscape(ch);
    else escaped += ch;
  }
  let possible = [...quoteTypes];
  if (escaped.includes("\n"))
    possible = possible.filter((q) => (MULTI_QUOTES as readonly string[]).includes(q));
  possible = possible.filter((q) => !escaped.includes(q));
  if (possible.length === 0) {
    const repr = reprString(text);
    const quote = quoteTypes.find((q) => q.includes(repr[0] as string)) ?? (repr[0] as string);
    return [repr.slice(1, -1), [quote]];
  }
  if (escaped !== "") {
    const last = escaped.at(-1) as string;
    // A stable sort: quotes that do not start with the last character first.
    possible = [...possible.filter((q) => q[0] !== last), ...possible.filter((q) => q[0] === last)];
    if ((possible[0] as string)[0] === last) escaped = `${escaped.slice(0, -1)}\\${last}`;
  }
  return [escaped, possible];
}
