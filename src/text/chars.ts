/** Character classes the lenient readers share, so extract/ and plans/ agree on what separates tokens. */

/** JSON's own whitespace: space, tab, line feed, carriage return. */
export function isJsonSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** JSON's whitespace and the no-break space (models and editors emit U+00A0 between tokens). */
export function isSpace(code: number): boolean {
  return isJsonSpace(code) || code === 0xa0;
}

/** Text matched literally inside a regular expression: every character with a meaning there is escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
