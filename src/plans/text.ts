/** Text normalisation shared by the matcher and the trigger-phrase check: lower case, word tokens, plural stems. */
import { maskPlaceholders } from "./placeholders.js";

/** "call_ids" and "interaction_ids" are interchangeable words (what follows them matters), so both become "id". */
const ID_WORDS = /\b(?:call|interaction|conversation|contact)[_ -]?ids?\b/g;
/** Letters and digits of every script are word characters, so two Russian or Chinese prompts never compare as empty. */
const SPLIT = /[^\p{L}\p{M}\p{N}]+/u;
const ASCII = /^[ -~\s]*$/;
const ASCII_SPLIT = /[^a-z0-9]+/;

/** A light stemmer: enough to make "refunds"/"refund" and "queries"/"query" meet; prefixes are left to variants. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us"))
    return word.slice(0, -1);
  return word;
}

/** The stemmed word tokens of a text, in order, with nothing removed. */
export function words(text: string): string[] {
  // In ASCII text the word characters are [a-z0-9] once lower-cased: the same split, without the Unicode classes.
  return text
    .toLowerCase()
    .replace(ID_WORDS, " id ")
    .split(ASCII.test(text) ? ASCII_SPLIT : SPLIT)
    .filter((word) => word !== "")
    .map(stem);
}

/** Prompts compared for identity: case, spacing, final punctuation and placeholder numbering do not count. */
export function samePromptKey(prompt: string): string {
  return words(maskPlaceholders(prompt)).join(" ");
}
