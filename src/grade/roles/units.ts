/**
 * A no-call reply cut into the units that carry roles (docs/reply-roles.md, "Units"): sentences, and within a sentence
 * the clauses a contrast, a semicolon or a spaced dash separates ("I can't see live weather, but Seattle is drizzly"
 * is two units). Quoted material is set aside first, so a question inside quotation marks, inline code or a fenced
 * block is not the reply asking anything.
 */

/** One unit of a reply, folded for matching (lower case, markup and emoji gone, quotations masked as `‹q›`). */
export interface Unit {
  text: string;
  /** The sentence ends with a question mark and this is its last clause. */
  asks: boolean;
  /** The sentence ends with a question mark (this clause may be an earlier one: "Which city — Paris or London?"). */
  inQuestion: boolean;
  /** The sentence ends without terminal punctuation (a bare line, a fragment). */
  open: boolean;
  /** Quoted or presented material: a block quote, a fenced block, a table row, or nothing but a quotation. */
  quoted: boolean;
  /** The line starts with a list marker. */
  listItem: boolean;
  /** The unit ends with a colon: it introduces what follows. */
  intro: boolean;
  /** Nothing follows the unit on its line (a heading-like "How it works:" closes its line). */
  closesLine: boolean;
  /** Nothing precedes the unit on its line (list markers and heading marks aside). */
  opensLine: boolean;
  /** The unit follows `but`, `however`, «но»… inside its sentence. */
  contrast: boolean;
  /** Its whole sentence stands in parentheses: an aside ("(Most pasta takes 8–12 minutes.)"). */
  aside: boolean;
  /** Index of the sentence in the reply: the clauses of one sentence share it. */
  sentence: number;
  /** Index of the paragraph (blank lines separate paragraphs). */
  paragraph: number;
  /** Index of the line. */
  line: number;
}

/** The placeholder a quotation is replaced with: it keeps the sentence's grammar and hides the quotation's. */
export const QUOTE = "‹q›";

const FENCE = /```[^\n]*\n[\s\S]*?(?:```|$)|```[\s\S]*?```/g;
const INLINE_CODE = /`[^`\n]{1,400}`/g;
/** Paired quotation marks on one line; a single-quoted span counts only when it closes a sentence of its own. */
const QUOTATIONS =
  /“[^”\n]{1,400}”|«[^»\n]{1,400}»|„[^“”\n]{1,400}[“”]|"[^"\n]{1,400}"|(?<=^|[\s(:])'[^'\n]{1,400}?[?!.]'(?=[\s,.;:!?)]|$)/g;
const APOSTROPHES = /[‘’´ʼ]/g;
/** Code in prose: a JSON object (innermost first) or a tag; its colons and question marks are not the reply's. */
const INNER_OBJECT = /\{[^{}\n]{0,400}\}/g;
const TAG = /<\/?[\p{L}_|｜][^<>\n]{0,200}>/gu;
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
const EMOJI_ENDS_SENTENCE =
  /(?<=[\p{L}\p{N})%»”"])[ \t]*(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3})+(?=[ \t]+[\p{Lu}])/gu;
const EMPHASIS = /\*{1,3}|_{2,3}|~~|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
const HEADING = /^#{1,6}\s+/;
const LIST_MARKER = /^(?:[-*+•·]|\d{1,3}[.)]|[a-z][.)])\s+/;
const BLOCK_QUOTE = /^>+\s?/;
/** A sentence ends at terminal punctuation before a space or the line's end; a colon ends an introducing unit. */
const SENTENCE_END = /[.!?…]+["»”)]*(?=\s|$)|:(?=\s|$)/g;
/** A full stop followed by a lower-case letter or a digit does not end a sentence (e.g. this, т.е. это, approx. 5). */
const CONTINUES = /^\s+[\p{Ll}\p{N}]/u;
/** Abbreviations that introduce what follows and never end a sentence: "E.g. Oslo", «Напр. Москва». */
const INTRODUCING = /(?:^|[\s(])(?:e\.g|i\.e|cf|vs|напр|т\.е|т\.к|см)$/iu;
/**
 * Where a sentence splits into clauses that may play different roles. (2.9.0) A comma before an imperative of supplying
 * splices a request onto what came before: «Без цифры не получится, пришли сумму» is an inability and a request.
 */
const CLAUSE_BREAK =
  /,\s+(?=(?:(?:только|просто|just|only) )?(?:пришли|пришлите|скажи|скажите|напиши|напишите|назови|назовите|укажи|укажите|уточни|уточните|tell me|send me|give me|let me know)(?:[\s,.!]|$))|\s*;\s+|\s+[—–-]\s+|,?\s+(?:but|however|though|although|yet)\s+|,\s*(?:но|однако|зато|хотя|правда)\s+|^(?:but|however|но|однако|зато)\s+/giu;
/**
 * (2.9.0) In a question, a consequence connector after a comma also breaks: "I can't see the bill, so what's the
 * total?" is an inability and then a request; "I can't book flights, so what else can I do?" a refusal and then an
 * offer. Outside questions "so" joins a reason to its content ("It's cold, so wear a coat") and breaks nothing.
 */
const CLAUSE_BREAK_IN_QUESTION = new RegExp(
  `${CLAUSE_BREAK.source}|,\\s*(?:and so|so|which is why|that's why|так что|поэтому|а значит|значит|и потому),?\\s+`,
  "giu",
);
const MAY_BREAK_IN_QUESTION =
  /[;—–-]|but|however|though|yet|но|однако|зато|хотя|правда|, ?(?:and so|so|which|that's|так|поэтому|а значит|значит|и потому)/iu;
const CONTRAST_WORD = /(?:^|[\s,])(?:but|however|но|однако|зато)(?:\s|$)/iu;
const SPACED_DASH = /^\s+[—–-]\s+$/u;
/** A clause that opens with a condition: a spaced dash after it stands for "then" («Если нужен другой город — скажите», «Пока думаете — советы:»). */
const PROTASIS = /^\s*(?:if|when|once|while|если|когда|раз|пока)\s/iu;
/**
 * The speaker's means before a Russian copula dash («Среди моих инструментов — только калькулятор», «Мои инструменты —
 * погода и время»): the dash stands for "is", so subject and predicate are one clause.
 */
const COPULA_SUBJECT =
  /^\s*(?:(?:среди|из|в числе) (?:\p{L}+ ){0,2}(?:инструментов|функций|возможностей)|(?:мои|доступные(?: мне)?|имеющиеся) (?:инструменты|функции|возможности))\s*$/iu;
/**
 * What a clause break always holds (a superset of CLAUSE_BREAK, same flags): a sentence without one is one clause,
 * known without running CLAUSE_BREAK, whose `\s*` and `\s+` openings are tried at every position.
 */
const MAY_BREAK =
  /[;—–-]|, (?:(?:только|просто|just|only) )?(?:пришл|скаж|напиш|назов|укаж|уточн|tell me|send me|give me|let me know)|but|however|though|yet|но|однако|зато|хотя|правда/iu;
/** What a quotation opens with (QUOTATIONS needs one). */
const MAY_QUOTE = /[“«„"']/;
/** A character that is neither whitespace nor punctuation: a unit without one is nothing but quotations. */
const SUBSTANCE = /[^\s\p{P}]/u;

/** Any emoji, once: both emoji patterns need one to match. */
const HAS_EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/u;
/** Any character an emphasis mark is made of. */
const EMPHASIS_MARK = /[*_~]/;

/**
 * (2.10.0) Chat spellings of small local models and hurried replies, read as the words they stand for: "whats the
 * cook time? ill set it once u tell me" is "what's… I'll set it once you tell me", «На скока минут» is «На сколько
 * минут». Only forms that are no other word in context: "ill" only before a verb of the assistant's next step.
 */
const CHAT_WORDS: Readonly<Record<string, string>> = {
  u: "you",
  ur: "your",
  whats: "what's",
  hows: "how's",
  wheres: "where's",
  thats: "that's",
  im: "i'm",
  dont: "don't",
  cant: "can't",
  didnt: "didn't",
  скока: "сколько",
  скоко: "сколько",
  щас: "сейчас",
  плз: "пожалуйста",
  пжлст: "пожалуйста",
  пж: "пожалуйста",
};
const CHAT_SPELLINGS = new RegExp(
  `(?<![\\p{L}\\p{N}'])(?:${Object.keys(CHAT_WORDS).join("|")}|ill(?= (?:set|check|do|get|look|start|save|translate|convert|send|tell|find|give|pull|run|add|make|note|write)(?![\\p{L}])))(?![\\p{L}\\p{N}'])`,
  "giu",
);

function spelledOut(word: string): string {
  // A capital "U" or "UR" is a letter or a name ("Option U"), never the chat "you".
  if (word === "U" || word.startsWith("UR") || word.startsWith("Ur")) return word;
  const lower = word.toLowerCase();
  return lower === "ill" ? "I'll" : (CHAT_WORDS[lower] ?? word);
}

/**
 * (2.10.0) A form's empty field: a label line whose value is only a question mark, "❓" or a blank ("**To:** ❓",
 * "- **Her city or time zone:** ?", "Amount: ____") asks the user for that field, as "To?" would. A label with
 * nothing after its colon stays an introduction, and "Call: []" holds an empty list, no blank. (It runs after NFKC.)
 */
const EMPTY_FORM_FIELD =
  /^([ \t]*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?)[*_]{0,2}([^:\n*_]{1,40}?)[*_]{0,2}:[*_]{0,2}[ \t]*(?:\?+|❓|❔|_{2,})[*_]{0,2}[ \t]*$/gmu;
/** What EMPTY_FORM_FIELD needs: a colon and a question mark, "❓", "❔" or "__" after it. */
const FORM_FIELD_MARK = /:[*_ \t]*(?:\?|❓|❔|__)/u;

/**
 * The reply's lines with code, emoji and markup handled; fenced blocks stand as one quoted line each. Each step runs
 * only when the text holds the character its every match needs: a replace that finds nothing still scans the text.
 */
function lines(prose: string): string[] {
  let folded = prose.normalize("NFKC");
  if (folded.includes("ё")) folded = folded.replace(/ё/g, "е");
  if (folded.includes("Ё")) folded = folded.replace(/Ё/g, "Е");
  folded = folded.replace(APOSTROPHES, "'");
  folded = folded.replace(CHAT_SPELLINGS, (word) => spelledOut(word));
  if (FORM_FIELD_MARK.test(folded)) folded = folded.replace(EMPTY_FORM_FIELD, "$1$2?");
  if (folded.includes("`")) folded = folded.replace(FENCE, `\n${QUOTE}\n`).replace(INLINE_CODE, QUOTE);
  if (folded.includes("<")) folded = folded.replace(TAG, QUOTE);
  if (HAS_EMOJI.test(folded)) {
    // An emoji between a sentence and a capital letter ends the sentence ("2 + 2 = 4 😊 Want another?").
    folded = folded.replace(EMOJI_ENDS_SENTENCE, ".").replace(EMOJI, "");
  }
  // A `*` list marker is no emphasis: it is kept as a marker so the line stays a list item.
  if (folded.includes("*")) folded = folded.replace(/^([ \t]*)\*(?=[ \t])/gm, "$1-");
  if (EMPHASIS_MARK.test(folded)) folded = folded.replace(EMPHASIS, "");
  return maskObjects(folded).split(/\r?\n/);
}

function maskObjects(text: string): string {
  if (!text.includes("{")) return text;
  let out = text;
  // Each pass masks the innermost objects; a few passes cover any nesting a reply holds.
  for (let pass = 0; pass < 4 && out.includes("{"); pass++) {
    const next = out.replace(INNER_OBJECT, QUOTE);
    if (next === out) break;
    out = next;
  }
  return out;
}

interface Sentence {
  text: string;
  asks: boolean;
  intro: boolean;
  open: boolean;
}

/** A sentence wrapped in parentheses, its terminal mark inside or outside them. */
const PARENTHESISED = /^\s*\([^()]*\)[.!?…]*\s*$/u;

function sentencesOf(line: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number, mark: string) => {
    const text = line.slice(start, end);
    if (text.trim() !== "")
      out.push({ text, asks: mark.includes("?"), intro: mark === ":", open: mark === "" });
    start = end;
  };
  for (const match of line.matchAll(SENTENCE_END)) {
    const mark = match[0];
    if (mark === "." && CONTINUES.test(line.slice(match.index + 1, match.index + 3))) continue;
    if (mark === "." && INTRODUCING.test(line.slice(Math.max(start, match.index - 6), match.index))) continue;
    push(match.index + mark.length, mark.replace(/["»”)]+$/, ""));
  }
  if (line.slice(start).trim() !== "") push(line.length, "");
  return out;
}

/** A parenthesis inside a sentence, with the space before it. */
const INNER_ASIDE = /\s*\([^()]*\)/gu;

/**
 * (2.10.0) A parenthesis inside a sentence is an aside to it: the sentence's role is read without it, so "Paste what
 * to save (as is, I won't change anything), and I'll save it" asks, and "Could you tell me the city (or just the
 * country, though…)?" stays one request. A sentence wholly in parentheses is an aside of its own (`aside`).
 */
function withoutInnerAsides(sentence: Sentence): Sentence {
  if (!sentence.text.includes("(") || PARENTHESISED.test(sentence.text)) return sentence;
  const text = sentence.text.replace(INNER_ASIDE, "");
  return SUBSTANCE.test(text) ? { ...sentence, text } : sentence;
}

interface Clause {
  text: string;
  asks: boolean;
  inQuestion: boolean;
  open: boolean;
  intro: boolean;
  contrast: boolean;
}

function clausesOf(sentence: Sentence): Clause[] {
  const parts: { text: string; contrast: boolean }[] = [];
  let start = 0;
  let contrast = false;
  const [may, breaking] = sentence.asks
    ? [MAY_BREAK_IN_QUESTION, CLAUSE_BREAK_IN_QUESTION]
    : [MAY_BREAK, CLAUSE_BREAK];
  const breaks = may.test(sentence.text) ? sentence.text.matchAll(breaking) : [];
  for (const match of breaks) {
    const before = sentence.text.slice(start, match.index);
    // A condition before a spliced request is its protasis: "If you want more, let me know" is one offer.
    const splice = /^,\s+$/u.test(match[0]);
    const protasis =
      (SPACED_DASH.test(match[0]) && (PROTASIS.test(before) || COPULA_SUBJECT.test(before))) ||
      (splice && PROTASIS.test(before));
    if (protasis) continue;
    if (match.index > start || match.index === 0) {
      if (match.index > start) parts.push({ text: sentence.text.slice(start, match.index), contrast });
      contrast = CONTRAST_WORD.test(match[0]);
      start = match.index + match[0].length;
    }
  }
  parts.push({ text: sentence.text.slice(start), contrast });
  const kept = parts.filter((part) => clean(part.text) !== "");
  return kept.map((part, i) => ({
    text: part.text,
    contrast: part.contrast,
    asks: sentence.asks && i === kept.length - 1,
    inQuestion: sentence.asks,
    open: sentence.open,
    intro: sentence.intro && i === kept.length - 1,
  }));
}

const LEADING = /^[\s(["'«“„*_-]+/;

/**
 * The placeholder for one quotation; a quotation that ends its own sentence ('That's "Wo ist der Bahnhof?" Shall I…')
 * keeps the sentence's end, so what follows is a sentence of its own.
 */
function quotation(quoted: string, offset: number, line: string): string {
  const endsSentence =
    /[.!?…]["»”“']$/.test(quoted) && /^\s+[\p{Lu}\p{N}]/u.test(line.slice(offset + quoted.length));
  return endsSentence ? `${QUOTE}.` : QUOTE;
}

/** Whitespace other than single spaces: the only text `\s+` → " " changes. */
const ODD_SPACE = /[^\S ]| {2}/;
/** The trailing characters a unit loses: spaces (all whitespace is single spaces by then), closing punctuation. */
const TRAILING_CHARS: ReadonlySet<number> = new Set([...' .!?…:;,"»”)'].map((ch) => ch.charCodeAt(0)));

/**
 * Lower case, single spaces, no trailing punctuation or leading brackets. The trailing run is cut by a loop: an
 * end-anchored pattern (`[…]+$`) would be tried at every position of the unit.
 */
function clean(text: string): string {
  let out = text.toLowerCase();
  if (ODD_SPACE.test(out)) out = out.replace(/\s+/g, " ");
  let end = out.length;
  while (end > 0 && TRAILING_CHARS.has(out.charCodeAt(end - 1))) end--;
  if (end < out.length) out = out.slice(0, end);
  return out.replace(LEADING, "").trim();
}

/**
 * Cuts a reply into units.
 * @example units("Canberra. Want another one?").map((u) => u.text) // ["canberra", "want another one"]
 */
export function units(prose: string): Unit[] {
  const out: Unit[] = [];
  let paragraph = 0;
  let sentenceIndex = -1;
  let blank = false;
  lines(prose).forEach((raw, line) => {
    let text = raw.trim();
    if (text === "") {
      blank = true;
      return;
    }
    if (blank && out.length > 0) paragraph++;
    blank = false;
    const blockQuote = BLOCK_QUOTE.test(text);
    text = text.replace(BLOCK_QUOTE, "").replace(HEADING, "");
    const tableRow = text.startsWith("|");
    const listItem = LIST_MARKER.test(text);
    text = text.replace(LIST_MARKER, "");
    if (MAY_QUOTE.test(text)) text = text.replace(QUOTATIONS, quotation);
    const first = out.length;
    for (const whole of sentencesOf(text)) {
      sentenceIndex++;
      const sentence = withoutInnerAsides(whole);
      for (const clause of clausesOf(sentence)) {
        const cleaned = clean(clause.text.includes("|") ? clause.text.replace(/[|]/g, " ") : clause.text);
        const onlyQuote = !SUBSTANCE.test(cleaned.replaceAll(QUOTE, ""));
        out.push({
          text: cleaned,
          asks: clause.asks,
          inQuestion: clause.inQuestion,
          open: clause.open,
          quoted: blockQuote || tableRow || onlyQuote,
          listItem,
          intro: clause.intro,
          closesLine: false,
          opensLine: out.length === first,
          contrast: clause.contrast,
          aside: PARENTHESISED.test(whole.text),
          sentence: sentenceIndex,
          paragraph,
          line,
        });
      }
    }
    const last = out[out.length - 1];
    if (last !== undefined && out.length > first) last.closesLine = true;
  });
  return out;
}
