/** Small text helpers for the linter: whole-word phrase search and prefix search over lower-case words. */

const WORD = /[a-z0-9_]+/g;

export function lowerWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Whether `phrase` (one or more words) occurs in `text` as whole words, in order. */
export function hasPhrase(text: string, phrase: string): boolean {
  const haystack = lowerWords(text);
  const needle = lowerWords(phrase);
  if (needle.length === 0) return false;
  for (let at = 0; at + needle.length <= haystack.length; at++)
    if (needle.every((word, offset) => haystack[at + offset] === word)) return true;
  return false;
}

/** The first word of `text` that starts with one of `prefixes`, or null. */
export function firstPrefixed(text: string, prefixes: readonly string[]): string | null {
  return lowerWords(text).find((word) => prefixes.some((prefix) => word.startsWith(prefix))) ?? null;
}
