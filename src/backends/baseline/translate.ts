/** translate: quoted (or delimited) text and a target language named after into/to/in/«на»/«по-». */
import { resolveLanguage } from "../../tools/aliases/language.js";
import { lookupKey } from "../../tools/aliases/table.js";
import { fold, languageOf, quotedSegments, trimEdges, withoutQuoted } from "./text.js";
import type { Rule } from "./types.js";

const CUE =
  /\btranslat(?:e|ion|ing)\b|\bhow (?:do|would|can|to) (?:you |i |we )?say\b|\bwhat(?:'s| is) the \p{L}+ (?:word|phrase) for\b|перевед|перевест|перевод|как (?:будет|сказать|произнести)/u;
// "What does 'Danke' mean?": the target is the language the user writes in.
const MEANING = /\bwhat does .+ mean\b|что (?:значит|означает)/u;

const TARGETS = [
  /\b(?:into|to|in)\s+(\p{L}+(?:\s+\p{L}+)?)/giu,
  /\bthe\s+(\p{L}+)\s+(?:word|phrase)\s+for\b/giu,
  /(?:^|\s)на\s+(\p{L}+(?:\s+язык)?)/giu,
  /(?:^|\s)(по-\p{L}+)/giu,
];
const SOURCES = [
  /\bfrom\s+(\p{L}+)/giu,
  /(?:^|\s)с\s+(\p{L}+(?:\s+языка)?)/giu,
  // "this French sentence": the language the text is in.
  /\b(\p{L}+)\s+(?:sentence|phrase|word|text|message)\b/giu,
];

/** A language named by one or two words (the first word alone when the pair is unknown). */
function language(words: string): string | undefined {
  // "in it", "to be": short lowercase words are codes only by accident.
  const first = words.split(/\s+/)[0] ?? "";
  if (first.length <= 3 && first === first.toLowerCase()) return undefined;
  const two = resolveLanguage(lookupKey(words));
  if (two !== undefined) return two;
  return resolveLanguage(lookupKey(first));
}

/** The language a text asks to translate into (the last one it names), if any. */
export function targetLanguage(unquoted: string): string | undefined {
  let found: { at: number; code: string } | undefined;
  for (const pattern of TARGETS) {
    for (const match of unquoted.matchAll(pattern)) {
      const code = language(match[1] ?? "");
      // The language named last is the target: "from German to English".
      if (code !== undefined && (found === undefined || match.index > found.at))
        found = { at: match.index, code };
    }
  }
  return found?.code;
}

function sourceLanguage(unquoted: string): string | undefined {
  for (const pattern of SOURCES) {
    for (const match of unquoted.matchAll(pattern)) {
      const code = language(match[1] ?? "");
      if (code !== undefined) return code;
    }
  }
  return undefined;
}

/** The only language a text names anywhere ("My grandma reads Portuguese. Translate …"), if exactly one. */
function onlyLanguage(unquoted: string): string | undefined {
  const codes = new Set<string>();
  for (const match of unquoted.matchAll(/\p{L}+/gu)) {
    const code = resolveLanguage(lookupKey(match[0]));
    // Two-letter words ("it", "no", "be") are codes too; only names count here.
    if (code !== undefined && match[0].length > 3) codes.add(code);
  }
  return codes.size === 1 ? [...codes][0] : undefined;
}

const UNQUOTED_TEXT = [
  /\btranslate\s+(?:the\s+(?:word|phrase|sentence|text)\s+)?(.+?)\s+(?:from\s+\p{L}+\s+)?(?:into|to|in)\s+\p{L}+/iu,
  /\bsay\s+(.+?)\s+in\s+\p{L}+/iu,
  /\b(?:word|phrase) for\s+(.+)$/iu,
  /перевед\p{L}*\s+(?:(?:слово|фразу|текст|предложение)\s+)?(.+?)\s+(?:с\s+\p{L}+\s+)?на\s+\p{L}+/iu,
  /как (?:будет|сказать|произнести)\s+(.+?)\s+(?:на|по-)\s*\p{L}+/iu,
];

/** The text to translate: quoted, else after a colon, else between the verb and the language. */
// A body that only points back ("that Spanish phrase", «это»): the text is in an earlier turn.
const POINTER = /^(?:that|this|it|these|those|это|эту|этот|эти)(?:\s+\p{L}+){0,2}$/iu;

function textToTranslate(raw: string): string | null {
  const body = bodyOf(raw);
  return body === null || POINTER.test(body) ? null : body;
}

function bodyOf(raw: string): string | null {
  const quoted = quotedSegments(raw)[0];
  if (quoted !== undefined) return quoted;
  const colon = raw.indexOf(":");
  if (colon >= 0) {
    const after = trimEdges(raw.slice(colon + 1));
    if (after !== "" && language(after) === undefined) return after;
  }
  for (const pattern of UNQUOTED_TEXT) {
    const text = trimEdges(pattern.exec(raw)?.[1] ?? "");
    if (text !== "" && language(text) === undefined) return text;
  }
  return null;
}

export const translateRule: Rule = {
  tool: "translate",
  question: {
    en: "What should I translate, and into which language?",
    ru: "Что перевести и на какой язык?",
  },
  match(text) {
    const folded = fold(text);
    const quoted = quotedSegments(text).length > 0;
    const meaning = MEANING.test(folded) && quoted;
    const unquoted = withoutQuoted(text);
    const named = targetLanguage(unquoted);
    // Quoted text and "into Spanish" / «по-французски» ask for a translation even without the verb.
    if (!CUE.test(folded) && !meaning && !(quoted && named !== undefined)) return null;
    const target = named ?? (meaning ? languageOf(unquoted) : quoted ? onlyLanguage(unquoted) : undefined);
    const body = textToTranslate(text);
    // «Переведи 100 долларов в евро» is a conversion, not a translation.
    if (target === undefined && body === null) return /\d/.test(text) ? null : "clarify";
    if (target === undefined)
      return /\d/.test(unquoted) && quotedSegments(text).length === 0 ? null : "clarify";
    if (body === null) return "clarify";
    const source = sourceLanguage(unquoted);
    const args: Record<string, unknown> = { text: body, target_language: target };
    if (source !== undefined && source !== target) args.source_language = source;
    return { name: "translate", arguments: args };
  },
};
