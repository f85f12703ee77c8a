/** Unicode-aware tokens for intent comparison: letters and digits of every script, English plurals stemmed. */
import { stem } from "../text.js";

/** Scripts written without spaces between words: compared as character bigrams, the usual unit for them. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const RUN = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN = /^[a-z]+$/;
/** Printable ASCII and whitespace: NFKC changes no letter, mark or digit of such a text. */
const ASCII = /^[ -~\s]*$/;
const ASCII_RUN = /[a-z0-9]+/g;

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => `${chars[i]}${char}`);
}

/** Splits a mixed run ("sms短信") into its spaced and unspaced parts. */
function latin(word: string): string {
  // "ids" is too short for the stemmer's plural rule, and it is the most frequent plural in plans.
  return word === "ids" ? "id" : stem(word);
}

function splitRun(run: string): string[] {
  if (!UNSPACED.test(run)) return [LATIN.test(run) ? latin(run) : run];
  const parts: string[] = [];
  let current = "";
  let unspaced = false;
  const flush = () => {
    if (current !== "")
      parts.push(...(unspaced ? bigrams(current) : [LATIN.test(current) ? latin(current) : current]));
    current = "";
  };
  for (const char of run) {
    const isUnspaced = UNSPACED.test(char);
    if (current !== "" && isUnspaced !== unspaced) flush();
    unspaced = isUnspaced;
    current += char;
  }
  flush();
  return parts;
}

/** The tokens of a text in order: NFKC, lower case, "%" kept as a word (it carries the "share" intent). */
export function tokens(text: string): string[] {
  // ASCII text (most prompts) needs neither NFKC nor the script split: its letters and digits are [a-z0-9] once
  // lower-cased, and no ASCII run is unspaced. The result is the same; the Unicode path costs several times more.
  if (ASCII.test(text)) {
    const runs = text.toLowerCase().replace(/%/g, " percent ").match(ASCII_RUN) ?? [];
    return runs.map((run) => (LATIN.test(run) ? latin(run) : run));
  }
  const folded = text.normalize("NFKC").toLowerCase().replace(/%/g, " percent ");
  return (folded.match(RUN) ?? []).flatMap(splitRun);
}
