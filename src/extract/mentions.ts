/**
 * Mentions are not calls (extraction rule E2, docs/spec-conformance.md): one rule, in one place, for every call
 * dialect, applied alike to text and to a native reply's `content`. A shape the extractors found is a *mention* when
 *
 * - M1 it stands inside a sentence: prose before it on its line that does not end a clause ("something like {…}"),
 *   prose after it that goes on with the sentence ("{…}, but I won't"), or a tag whose line goes on in words
 *   ("I would write <function=get_weather> with a city parameter");
 * - M2 it stands on lines of its own but its frame says it is not being made: an example or a hypothetical before it
 *   ("The call would look like this:", «Я бы написал:») or after it ("…but I won't run it", "Should I go ahead?");
 * - M3 its arguments are placeholders (`city=<your city>`, `"to_currency": "?"`): a template, not a call;
 * - M4 it repeats, after prose, a call the reply already made ("For reference, the call I just made was: …");
 * - M5 (dialects beyond the SPEC's chain: Python-style, GLM, DeepSeek tokens, harmony) it is not the reply: more than
 *   a one-line preface before it, or any prose after it.
 *
 * Inline code inside a line of prose and block-quoted lines are set aside before the extractors look: quoted, not made.
 * Blanking keeps every offset (same length, newlines kept), so spans found in the blanked text hold in the original.
 */
import type { Call } from "../tools/types.js";
import type { Span } from "./types.js";

const INLINE_CODE = /(?<!`)`(?!`)[^`\n]+`(?!`)/g;
const WORD = /[\p{L}\p{N}]/u;
/**
 * What frames a call without being prose: special tokens (`<|python_tag|>`, `<｜tool▁sep｜>`, `[TOOL_CALLS]`), bare
 * tags (`<tool_calls>`), fence markers, Phi's `functools`, Kimi's `functions.NAME:0` heads.
 */
const FRAMING =
  /<\|[^|\n]{1,40}\|>|<｜[^｜\n]{1,40}｜>|\[[A-Z_]{2,30}\]|<\/?[\w:.-]{1,40}>|```[\w-]*|\bfunctools\b|\bfunctions\.[\w.-]+:\d+/g;

/** Whether a piece of text around a shape has words once its framing is set aside. */
function hasProse(fragment: string): boolean {
  return WORD.test(fragment.replace(FRAMING, " "));
}

/** The text with inline code that sits inside prose replaced by spaces; the same string when there is none. */
export function blankInlineMentions(text: string): string {
  if (!text.includes("`")) return text;
  return text.replace(/[^\n]+/g, (line) => {
    if (!line.includes("`")) return line;
    const outside = line.replace(INLINE_CODE, "");
    if (!WORD.test(outside)) return line;
    return line.replace(INLINE_CODE, (code) => " ".repeat(code.length));
  });
}

/** Block-quoted lines (`> …`) are quotations: a call shown there is not made. */
export function blankBlockQuotes(text: string): string {
  if (!/^[ \t]*>/m.test(text)) return text;
  return text.replace(/^[ \t]*>[^\n]*/gm, (line) => " ".repeat(line.length));
}

/** The text with the spans replaced by spaces (newlines kept, so lines keep their numbers). */
export function blankSpans(text: string, spans: readonly Span[]): string {
  let out = text;
  for (const span of spans) {
    const inside = out.slice(span.start, span.end).replace(/[^\n]/g, " ");
    out = out.slice(0, span.start) + inside + out.slice(span.end);
  }
  return out;
}

/**
 * What one span alone says: its lines, with everything on them outside the span blanked, for the same extractor to
 * read (only the span's lines, so reading every span of a long text stays linear).
 */
export function onlySpan(text: string, span: Span): string {
  const first = lineStart(text, span.start);
  const last = lineEnd(text, span.end);
  const before = text.slice(first, span.start).replace(/[^\n]/g, " ");
  const after = text.slice(span.end, last).replace(/[^\n]/g, " ");
  return before + text.slice(span.start, span.end) + after;
}

/**
 * How far around a shape its frame is looked for. A sentence is shorter than this; the bound keeps a text with
 * thousands of shapes on one line linear to read.
 */
const REACH = 500;

/** The start of the line holding `at`, or `REACH` characters back if the line is longer. */
function lineStart(text: string, at: number): number {
  const from = Math.max(0, at - REACH);
  return from + text.slice(from, at).lastIndexOf("\n") + 1;
}

/** The end of the line holding `at`, or `REACH` characters on if the line is longer. */
function lineEnd(text: string, at: number): number {
  const to = Math.min(text.length, at + REACH);
  const newline = text.slice(at, to).indexOf("\n");
  return newline === -1 ? to : at + newline;
}

/** Prose before a shape may end a clause and introduce it ("Sure:", "Starting it now:", "Done!"). */
const ENDS_CLAUSE = /[:：.!?…]["»”)*_]*\s*[[({]*\s*$/u;
/** Prose after a shape may start a sentence of its own ("{…} Would you like to know more?"). */
const STARTS_SENTENCE = /^\s*(?:[*_]+\s*)?["«“(]?[\p{Lu}\p{N}]/u;

/**
 * M1: the shape sits inside a sentence. `seen` is the text as the extractors saw it (mentions already set aside
 * blanked), so only real prose counts around the shape.
 */
export function insideSentence(seen: string, span: Span): boolean {
  const rawLead = seen.slice(lineStart(seen, span.start), span.start);
  const lead = rawLead.replace(FRAMING, " ");
  const trail = seen.slice(span.end, lineEnd(seen, span.end)).replace(FRAMING, " ");
  // One token glued to the shape is markup (`[TOOL_CALLS]get_weather[ARGS]{…}`), not a sentence.
  const glued = !/\s$/.test(rawLead) && !/\s/.test(rawLead.trim());
  const leadIsProse = WORD.test(lead) && !glued;
  if (leadIsProse && !ENDS_CLAUSE.test(lead)) return true;
  if (WORD.test(trail) && !(STARTS_SENTENCE.test(trail) && (!leadIsProse || ENDS_CLAUSE.test(lead))))
    return true;
  if (!leadIsProse && !WORD.test(trail) && sentenceRunsThrough(seen, span)) return true;
  return tagGoesOnInWords(seen, span);
}

/** The nearest line with words next to a shape's own lines, across blank lines only. */
function adjacentLine(seen: string, span: Span, side: "before" | "after"): string {
  let at = side === "before" ? lineStart(seen, span.start) : lineEnd(seen, span.end);
  for (let step = 0; step < 3; step++) {
    if (side === "before" ? at === 0 : at >= seen.length) return "";
    const line =
      side === "before"
        ? seen.slice(lineStart(seen, at - 1), at - 1)
        : seen.slice(at + 1, lineEnd(seen, at + 1));
    if (line.trim() !== "") return line;
    at = side === "before" ? lineStart(seen, at - 1) : lineEnd(seen, at + 1);
  }
  return "";
}

/** A sentence going on after a shape: a lower-case word first, or a dash and then one ("— but only once you confirm"). */
const GOES_ON = /^\s*(?:[—–-]\s*)?\p{Ll}/u;

/**
 * M1 across lines: a sentence that runs through a shape on lines of its own — the line before it breaks off without
 * ending a clause, and the line after goes on in lower case ("A request like\n{…}\nwould simply fail", «Примечание:
 * вызов\n<tool_call>…\nздесь не нужен»). The shape is a noun of that sentence, talked about, not made.
 */
function sentenceRunsThrough(seen: string, span: Span): boolean {
  const before = adjacentLine(seen, span, "before").replace(FRAMING, " ");
  const after = adjacentLine(seen, span, "after").replace(FRAMING, " ");
  return WORD.test(before) && !ENDS_CLAUSE.test(before) && GOES_ON.test(after);
}

/** An opening tag followed on its line by words, not by a body: `<function=get_weather> with a city parameter`. */
const TAG_HEAD = /^<(?:tool_call|function=[^>\n]{0,256})>([^<\n{[]*)/;

export function tagGoesOnInWords(seen: string, span: Span): boolean {
  const head = TAG_HEAD.exec(seen.slice(span.start, lineEnd(seen, span.start)));
  if (!head) return false;
  const rest = (head[1] ?? "").trim();
  // A bare name is GLM's call head (`<tool_call>get_weather`); anything more is a sentence going on.
  return rest !== "" && !/^[\p{L}\p{N}_.-]+$/u.test(rest);
}

/**
 * Cues before a shown call that it is an example or a hypothetical: it is not being made. Only plain markers of an
 * example count; "Here's how I'd do it:" also introduces real calls, so it is left to what follows the call.
 */
const SHOWN_NOT_MADE =
  /(?:^|[^\p{L}])(?:would (?:look|read|show up|appear|come through|arrive)|(?:the|a|my|that|this) (?:call|request|invocation|block|line|payload)(?: [\p{L}\p{N}_-]+){0,4} would (?:be|go|look)|(?:could|might) look|looks? like this|i'?d (?:write|type|put)|i would (?:write|type|put)|(?:call|request|command|line) (?:i'?d|i would) (?:make|send|use|run|issue)|for example|for instance|e\.g\.|(?:examples?|samples?)(?: [\p{L}-]+){0,2}\s*[:：]|would (?:be|look like(?: this| so)?)\s*[:：]|would have (?:been|looked like|read|gone|gone out|sent|written)(?: this| so| as)?\s*[:：]|something like|such as|the (?:format|syntax|template) (?:is|looks|would be)|if i (?:were|was) to|were i to|hypothetical\p{L}*|(?:an|one) example|example:|если бы|(?:был|была|было|были) бы(?: \p{L}+)?\s*[:：]|например|пример(?:а|у|ом|е|ы|ов|ам|ами|ах)?|выглядел\p{L}* бы|выглядит так|будет выглядеть|бы выглядел\p{L}*|я бы (?:написал|написала|отправил|отправила|вызвал|вызвала)|формат\p{L}*|синтаксис\p{L}*|шаблон\p{L}*)(?:[^\p{L}]|$)/iu;
/**
 * A frame that judges the shape it introduces wrong or needless, a counterexample: "Answering like this would be
 * wrong:", "Don't do this:", «Вот так отвечать было бы неправильно:», «Лишний вызов:».
 */
const COUNTEREXAMPLE =
  /(?:^|[^\p{L}])(?:would be (?:wrong|incorrect|a mistake|unnecessary|overkill|pointless)|(?:don'?t|do not|never) do (?:this|that|it)|(?:the )?wrong (?:way|answer|call|approach)|(?:было|будет) бы (?:неправильно|неверно|ошибкой|лишним|излишним|ошибочно)|(?:неправильн|неверн|лишн|ошибочн)\p{L}* (?:ответ|вариант|вызов|способ)|так (?:не )?(?:надо|нужно|стоит) (?:не )?(?:делать|отвечать))(?:[^\p{L}]|$)/iu;

/** Cues after a shown call that it was not sent, or waits for permission. */
const NOT_SENT =
  /(?:^|[^\p{L}])(?:(?:won'?t|will not|not going to|am not|'m not|isn'?t|wasn'?t|not|never|didn'?t|don'?t|haven'?t|have not|hasn'?t|has not) (?:\p{L}+ )?(?:run|send|execute|call|make|use|invoke|issue|sending|running|executing|calling|making|using|issuing|sent|run|executed|called)|would (?:return|give|produce|output|look|be|come back)|(?:just|only|merely) (?:showing|an example|illustrat|the format|a template|to show)|no need to (?:run|call|send)|should i (?:go ahead|run|send|do|call|proceed|make|execute)|(?:want|shall|would you like|do you want) me to (?:run|send|go ahead|do|call|proceed|make|execute|actually)|go ahead\?|proceed\?|if you (?:want|'d like|would like) (?:me )?to (?:run|send|call|execute)|не (?:буду|стану|стал|будем) (?:\p{L}+ )?(?:вызывать|запускать|отправлять|выполнять)|не (?:отправля|запуска|вызыва|выполня)\p{L}*|бы (?:вернул|вернула|вернуло|выдал|показал)|(?:просто|только|лишь) (?:пример|показываю|для примера)|(?:отправить|запустить|выполнить|вызвать)(?: (?:запрос|его|вызов))?\?)(?:[^\p{L}]|$)/iu;

/** The last sentence of the prose before `at` (up to the previous span), and the first one after `from`. */
function sentenceBefore(text: string, from: number, at: number): string {
  const lines = text
    .slice(Math.max(from, at - REACH), at)
    .split("\n")
    .filter((line) => hasProse(line));
  const last = lines.at(-1) ?? "";
  const sentences = last.split(/(?<=[.!?…])\s+/);
  return sentences.at(-1) ?? "";
}

function sentenceAfter(text: string, at: number, to: number): string {
  const lines = text
    .slice(at, Math.min(to, at + REACH))
    .split("\n")
    .filter((line) => hasProse(line));
  return lines.slice(0, 2).join(" ");
}

/**
 * Whether a shape at `at` is shown inside prose: the prose before it on its line goes on with a sentence, or the
 * sentence before it introduces an example (used for harmony markup, whose calls end the turn).
 */
export function shownInProse(text: string, at: number): boolean {
  const lead = text.slice(lineStart(text, at), at).replace(FRAMING, " ");
  if (WORD.test(lead) && !ENDS_CLAUSE.test(lead)) return true;
  return SHOWN_NOT_MADE.test(sentenceBefore(text, 0, at));
}

/**
 * Cues after a shown call that call it an illustration, or say in the passive that nothing was run ("That's only an
 * illustration — nothing was executed.", «Это лишь пример, ничего не отправлено»).
 */
const SAYS_ILLUSTRATION =
  /(?:^|[^\p{L}])(?:nothing (?:was|has been|is being|got|is) (?:actually )?(?:run|sent|executed|called|invoked|made|submitted)|(?:was|were|is|has been|have been) (?:not|never) (?:actually )?(?:run|sent|executed|called|invoked|made|submitted)|(?:only|just|merely|purely) (?:an? )?(?:illustration|demo|demonstration|sketch|mock-?up)|(?:an|for|by way of) illustration|illustrat(?:ive|ion) only|ничего не (?:отправ|выполн|вызва|запущ|запуск|сдела)\p{L}*|не был\p{L}* (?:отправлен|выполнен|вызван|запущен)\p{L}*|(?:лишь|только|просто) (?:для )?(?:иллюстраци|демонстраци|образ[ец]|наброс)\p{L}*)(?:[^\p{L}]|$)/iu;

/**
 * A preface that tells the user how they could make the call shows it, it does not make it: "You can compute that
 * with:", "You'd call it like this:", «Можно вызвать так:», «Вы можете написать:».
 */
const INSTRUCTS_USER =
  /(?:^|[^\p{L}])(?:you(?:'d| would| could| can| may| might| should| need to| just| simply| then)(?: also| just| simply)? (?:compute|calculate|call|run|use|write|type|send|do|invoke|issue|get|check|try|ask|make|search|look|find|query|convert|translate)|(?:вы|ты) (?:можете|можешь|могли бы|мог бы|смогли бы|сможете|сможешь) (?:\p{L}+ )?(?:вызвать|написать|отправить|запустить|использовать|посчитать|вычислить|сделать|проверить)|можно (?:\p{L}+ )?(?:вызвать|написать|отправить|запустить|использовать|посчитать|вычислить|сделать|проверить|воспользоваться|применить|поискать|найти|перевести|конвертировать))(?:[^\p{L}]|$)/iu;

/** A preface that offers the call on a condition: "If you want, I can run:", «Если хотите, могу отправить:». */
const OFFERS_IT =
  /(?:^|[^\p{L}])(?:if you(?:'d| would)? (?:want|like|wish|prefer)|if (?:that'?s|it'?s) (?:ok|okay|fine|alright)|если (?:хотите|хочешь|нужно|надо|вы не против|не против))(?:[^\p{L}]|$)/iu;

/**
 * (2.7.0) A first-person plan of steps: a sequencing word with a first-person future ("First I'll translate it, then,
 * if needed, I'll save it.", «Сначала переведу фразу, а потом, если нужно, сохраню её»). A condition inside it is the
 * model's own step, not an offer to the user, so the calls after it are made; an offering modal ("then I can save it",
 * «могу сохранить») or a hypothetical («бы», "would") keeps it an offer.
 */
const PLAN_STEP_EN =
  /(?:^|[^\p{L}])(?:first|then|next|after that|afterwards)(?:[^\p{L}]|$)[^.!?\n]{0,60}?(?:i'll|i will|i'm going to|let me)(?:[^\p{L}]|$)|(?:^|[^\p{L}])(?:i'll|i will|i'm going to|let me)(?:[^\p{L}]|$)[^.!?\n]{0,60}?(?:first|then)(?:[^\p{L}]|$)/iu;
const PLAN_STEP_RU =
  /(?:^|[^\p{L}])(?:сначала|сперва|потом|затем|после этого|далее)[ ,]+(?:(?:если|когда) [^,\n]{1,30},[ ]*)?(?:\p{L}+ )?\p{L}{3,}[ую](?:[^\p{L}]|$)/iu;
const OFFERING_MODAL =
  /(?:^|[^\p{L}])(?:can|could|may|might|would|i'd|могу|можем|могла?|могли|бы)(?:[^\p{L}]|$)/iu;

export function announcesPlan(preface: string): boolean {
  return (PLAN_STEP_EN.test(preface) || PLAN_STEP_RU.test(preface)) && !OFFERING_MODAL.test(preface);
}

/** Prose after a shape that waits for the user's word: "Just say the word.", «Скажите — и отправлю». */
const WAITS_FOR_GO =
  /(?:^|[^\p{L}])(?:say the word|give me the (?:go-?ahead|green light|ok)|on your (?:go|word|ok|signal)|(?:just )?(?:confirm|say yes|say go) and i'?ll|(?:скажите|скажи|подтвердите|подтверди)\p{L}*,? (?:—|-)?\s*(?:и|если)|(?:дайте|дай) (?:знать|команду|добро)|жду (?:вашего|твоего) (?:подтверждения|согласия|ответа|слова))(?:[^\p{L}]|$)/iu;

/**
 * E10: a preface in the conditional first person is a hypothetical ("I would call the calculator tool like this:",
 * "I'd run:", "the command format I would use:"); a first-person present or future ("I'll check", "Calling now") is
 * not, so it stays out.
 */
const WOULD_DO_IT =
  /(?:^|[^\p{L}])(?:i'?d|i would|i'?d probably|i would probably) (?:call|run|use|invoke|send|issue|execute|submit)(?:[^\p{L}]|$)/iu;

/**
 * E10: a preface that disowns the call it introduces: "for reference (not executed)", "not run", "for reference
 * only", «для справки», «не выполняется». A bare "For reference, the call I'm making is…" disowns nothing: it is not
 * listed. Nor is "Here's how I'd do it:", which also introduces real calls (blind set 1 #84).
 */
const DISOWNS =
  /(?:^|[^\p{L}])(?:(?:not|never) (?:actually |yet )?(?:executed|run|sent|called|invoked|made|submitted)|(?:for|as a) reference only|for (?:illustration|demonstration)(?: only)?|для (?:справки|примера|иллюстрации|наглядности)|не (?:выполн|запуск|отправл|вызыва)\p{L}*)(?:[^\p{L}]|$)/iu;

/**
 * E10: an imperative addressed to the user: the call is an instruction for them to carry out ("Use this call:", "To
 * do it, run:", «Для этого используйте такой вызов:», «Выполните:»). English imperatives open their sentence (after
 * an optional "To do this,"); Russian second-person imperatives are told by their form anywhere in the preface.
 */
const ADDRESSES_USER =
  /^[\s*_"«“(]*(?:(?:to do (?:this|that|so)|for this|to (?:get|check|compute|find) (?:it|that|this)),?\s+)?(?:please\s+)?(?:use|run|try|type|enter|paste|send|issue|execute|invoke)(?:[^\p{L}]|$)|(?:^|[^\p{L}])(?:используй|воспользуй|вызови|выполни|отправь|введи|напиши|запусти|попробуй|набери|пришли|вставь)(?:те)?(?:сь)?(?:[^\p{L}]|$)/iu;

/**
 * E10: a question after the shape that awaits the user's permission: "Would you like me to?", "Want me to run it?",
 * "Shall I?", «Хотите, чтобы я это сделал?», «Мне запустить?».
 */
const ASKS_PERMISSION =
  /(?:^|[^\p{L}])(?:(?:would you like|do you want|want|shall|should|may|can) (?:me to|i)(?: \p{L}+){0,3}\s*\?|хотите,? чтобы я|(?:мне|можно (?:мне )?)(?: \p{L}+){1,2}\s*\?)/iu;

/**
 * Whether a preface before a shape presents it as an example, a hypothetical, a counterexample, an instruction to the
 * user, or an offer on a condition.
 */
export function prefaceShowsIt(preface: string): boolean {
  return (
    SHOWN_NOT_MADE.test(preface) ||
    COUNTEREXAMPLE.test(preface) ||
    INSTRUCTS_USER.test(preface) ||
    (OFFERS_IT.test(preface) && !announcesPlan(preface)) ||
    WOULD_DO_IT.test(preface) ||
    DISOWNS.test(preface) ||
    ADDRESSES_USER.test(preface)
  );
}

/** Whether prose after a shape says it was not sent, is only an illustration, or waits for permission. */
export function saysNotMade(after: string): boolean {
  return (
    NOT_SENT.test(after) ||
    SAYS_ILLUSTRATION.test(after) ||
    WAITS_FOR_GO.test(after) ||
    ASKS_PERMISSION.test(after)
  );
}

/**
 * (2.8.0) M2 by a list of ways: a preface that introduces several options, formats or variants ("Here are a few ways
 * to phrase it:", "Supported formats:", «Варианты вызова:») shows what follows as one of them, not a call made.
 */
const LIST_INTRODUCTION =
  /(?:^|[^\p{L}])(?:(?:a few|several|some|two|three|different|possible|alternative|other|supported|available|common|valid|equivalent|various) (?:\p{L}+ )?(?:ways|options|variants|formats|styles|versions|forms|dialects|syntaxes|spellings)(?: [\p{L}_-]+){0,4}|(?:ways|options|variants|formats|styles|dialects) (?:to|of|for|you could|you can|i could)(?: [\p{L}_-]+){0,4}|(?:несколько|разные|возможные|другие|поддерживаемые|допустимые|альтернативные) (?:\p{L}+ )?(?:способ\p{L}*|вариант\p{L}*|формат\p{L}*|стил\p{L}*)(?: [\p{L}_-]+){0,3}|(?:варианты|способы|форматы)(?: [\p{L}_-]+){0,3})\s*[:：]\s*$/iu;

function listIntroduction(preface: string): boolean {
  return LIST_INTRODUCTION.test(preface.trim());
}

/** The last sentence end between two shapes: terminal punctuation before a space or a line's end. */
const LAST_SENTENCE_END = /[.!?…]+["»”)]*(?=\s)(?![\s\S]*[.!?…]+["»”)]*\s)/u;
/** Where another shape may open: an object, or a tag (any extractor's; this one's next span may not be the next shape). */
const SHAPE_OPENER = /\{|<[A-Za-z_|｜]/;

/**
 * (2.11.0) Where the remark after a shape ends when another shape follows: the words that lead into the next shape —
 * after the last sentence end, on that shape's own line or ending in a colon — are its preface, not a remark on this
 * one. "{call}\n\nFor reference, the reverse would be {…}" says the *second* shape would be; the first was made.
 */
function remarkEnd(text: string, at: number, nextStart: number): number {
  const opener = SHAPE_OPENER.exec(text.slice(at, nextStart));
  const next = opener === null ? nextStart : at + opener.index;
  if (next >= text.length) return next;
  const between = text.slice(at, next);
  const end = LAST_SENTENCE_END.exec(between);
  const leadStart = end === null ? 0 : end.index + end[0].length;
  const lead = between.slice(leadStart).trim();
  if (lead === "") return next;
  return !lead.includes("\n") || lead.endsWith(":") ? at + leadStart : next;
}

/** M2: the frame around a shape standing on its own lines says it is an example, or that it was not sent. */
export function framedAsNotMade(text: string, span: Span, previousEnd: number, nextStart: number): boolean {
  const preface = sentenceBefore(text, previousEnd, span.start);
  return (
    prefaceShowsIt(preface) ||
    listIntroduction(preface) ||
    saysNotMade(sentenceAfter(text, span.end, remarkEnd(text, span.end, nextStart))) ||
    // The comment may open the fence around the shape, or stand just before a shape a reader did not widen to it.
    commentShowsIt(text.slice(span.start, span.end)) ||
    commentShowsIt(preface)
  );
}

/** A code comment opening a line: `// …`, `# …`, `/* … *\/`, `<!-- … -->`, `-- …`. */
const COMMENT_LINE = /^[ \t]*(?:\/\/+|#+|\/\*+|<!--|--)[ \t]*(.*?)(?:\*\/|-->)?[ \t]*$/u;
/** What a comment says when it declares its block an example: "example", "sample", «пример», «образец», "hypothetical". */
const EXAMPLE_WORD =
  /(?:^|[^\p{L}])(?:examples?|samples?|demo|illustration|hypothetical(?:ly)?|пример(?:а|у|ом|е|ы|ов)?|образ[ец]\p{L}*|гипотетическ\p{L}*)(?:[^\p{L}]|$)/iu;

/**
 * (2.7.0) M2 inside the block: a fenced block whose own first line is a comment declaring an example or a hypothetical
 * (`// пример вызова, если бы понадобился поиск:`, `# example`, `<!-- example only -->`) shows the call it holds: the
 * comment is the block's own caption, read like a preface before it.
 */
export function commentShowsIt(shape: string): boolean {
  const lines = shape.split("\n").filter((line) => line.trim() !== "");
  const first = lines[0]?.trim().startsWith("```") ? lines[1] : lines[0];
  const comment = COMMENT_LINE.exec(first ?? "");
  if (comment === null) return false;
  const words = comment[1] ?? "";
  return EXAMPLE_WORD.test(words) || prefaceShowsIt(words);
}

/** A spaced dash and the words after it, at the end of a line. */
const DASH_REMARK = /[ \t][—–-][ \t]+([^\n—–]{1,200})$/u;

/**
 * A remark that asks the user whether to go ahead with the line it follows: "shall I run this?", "OK?", "want me to
 * send it?", «запускать?», «ставить таймер?», «подойдёт?». A Russian bare infinitive put as a question is the
 * ordinary way to ask permission («Отправить?», «Запускать?»).
 */
const ASKS_TO_GO_AHEAD =
  /(?:^|[^\p{L}])(?:(?:shall|should|can|may) (?:i|we)(?: \p{L}+){1,3}|(?:want|like) me to(?: \p{L}+){1,3}|(?:ok(?:ay)?|alright|all right|good to go|sound good|go ahead|proceed|run it|send it|fine|right|correct|yes or no)|(?:запуска|отправля|ставить|поставить|выполня|вызыва|сохраня|сохрани|отправи|запусти|выполни|вызва|начина|продолжа)\p{L}*(?: \p{L}+){0,2}|(?:подойд[её]т|годится|устраивает|ок|окей|норм|верно|так|да или нет))\s*\?[\s\p{Emoji_Presentation}\p{Extended_Pictographic}]*$/iu;

/**
 * A remark that gives the result the line would compute: the model answers in place of calling ("TOOL calculator |
 * expression=412*37 — the answer is 15244.", «… — получится 15244»).
 */
const STATES_RESULT =
  /^(?:(?:so|and|which means)[, ]+)?(?:(?:the )?(?:answer|result|total|product|sum) (?:is|would be|will be|comes to|=|:)|(?:that'?s|which is|it'?s|(?:(?:it|this|that|which) )?(?:gives|equals|makes|comes to))\s+[-−]?\d|(?:ответ|результат|итог)\p{L}*\s*(?:[:=]|будет|равен|—)|(?:получится|получаем|получается|выходит|будет|это)\s+[-−]?\d|=\s*[-−]?\d)/iu;

/**
 * M2 inside the shape's own line: a line-based shape (the TOOL line) runs to the line's end, so a remark after a
 * spaced dash that says it was not made ("TOOL calculator | expression=1+1 — repeated back to you, not executed"),
 * asks whether to go ahead ("— shall I run this?", «— запускать?») or gives the result itself ("— the answer is
 * 15244.") is read with the shape. Only such remarks count: a value may hold a dash ("text=milk — and bread").
 */
export function remarksNotMade(text: string, span: Span): boolean {
  const shape = text.slice(span.start, span.end).trimEnd();
  const lastLine = shape.slice(shape.lastIndexOf("\n") + 1);
  const remark = DASH_REMARK.exec(lastLine);
  if (remark === null) return false;
  const words = (remark[1] ?? "").trim();
  return saysNotMade(words) || ASKS_TO_GO_AHEAD.test(words) || STATES_RESULT.test(words);
}

/**
 * An argument that holds a slot to fill, not a value: `<your city>`, `?`, `...`, `[city]`, `{city}`, «<ваш текст>».
 * Words that only look like slots (`your_dataset_name` in a BFCL answer) are values.
 */
const PLACEHOLDER =
  /^(?:<[\p{L}_ -][^<>\n]{0,39}>|\?+|\.{2,}|…+|\[[\p{L}_ -]{1,40}\]|\{[\p{L}_ ]{1,40}\}|—)$/iu;

/**
 * E10's M3: an all-capitals slot name (`CITY_NAME`, `YOUR_CITY`, `INSERT_TEXT`, `AMOUNT_HERE`) is a slot too: it says
 * "your …" or names what goes there. Case matters (`your_dataset_name` in a BFCL answer is a value), and enum values
 * in capitals (`POWER_ON`, `AIR_CLEAN`) say neither, so they stay values.
 */
const SLOT_NAME =
  /^(?:(?:YOUR|INSERT|ENTER|PUT)_[A-Z0-9_]+|[A-Z][A-Z0-9_]*_(?:NAME|HERE|VALUE|PLACEHOLDER))$/u;

function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return PLACEHOLDER.test(trimmed) || SLOT_NAME.test(trimmed);
}

function hasPlaceholder(value: unknown): boolean {
  if (typeof value === "string") return isPlaceholder(value);
  if (Array.isArray(value)) return value.some(hasPlaceholder);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasPlaceholder);
  return false;
}

/**
 * Where a value stands in a shape's text: after `"key":` (quoted or not), after `k=` in a TOOL line, or between
 * `<parameter=k>`/`<arg_value>` and its closing tag. Read by {@link isTemplateText} for shapes no reader could parse.
 */
const VALUE_SLOTS =
  /:\s*("[^"\n]{0,42}"|[^\s,{}[\]"][^,}\]\n]{0,40})\s*(?=[,}\]]|$)|=[ \t]*([^|\n]{1,42}?)[ \t]*(?=\||$)|<(?:parameter=[^>\n]{1,60}|arg_value)>\s*([^<\n]{1,42}?)\s*<\//gm;

/**
 * M3 on text: a shape that could not be read whose values are slots (`"amount": ?`, `"city": "..."`,
 * `amount=?`): a template, a mention, not a broken attempt.
 */
export function isTemplateText(shape: string): boolean {
  for (const match of shape.matchAll(VALUE_SLOTS)) {
    const raw = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
    if (isPlaceholder(value)) return true;
  }
  return false;
}

/**
 * (2.8.0) M3 by its name or keys: a call whose name is a slot (`TOOL_NAME`, `<tool_name>`, `function_name`) or whose
 * argument keys are (`PARAMETER_NAME`, `<param>`, `param_name`, `ARG1`) is a template of the syntax, not an attempt.
 */
const NAME_SLOT =
  /^(?:<[^<>\n]{1,40}>|\[[^[\]\n]{1,40}\]|\{[^{}\n]{1,40}\}|(?:TOOL|FUNCTION|FUNC|FN|METHOD)_?NAME|(?:tool|function|func|fn|method)_?name|name_of_(?:the_)?(?:tool|function)|(?:your|some|example|my)_(?:tool|function)(?:_name)?|\.{3}|…)$/u;
const KEY_SLOT =
  /^(?:<[^<>\n]{1,40}>|\[[^[\]\n]{1,40}\]|\{[^{}\n]{1,40}\}|(?:PARAM(?:ETER)?|ARG(?:UMENT)?|KEY)(?:_NAME|_?\d+)|(?:param(?:eter)?|arg(?:ument)?|key)(?:_name|_?\d+)|\.{3}|…)$/u;

function hasSlotKey(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return Object.keys(value).some((key) => KEY_SLOT.test(key.trim()));
}

/** M3: the calls' name, some argument key or some argument value is a slot. */
export function isTemplate(calls: readonly Call[]): boolean {
  return calls.some(
    (call) =>
      NAME_SLOT.test(call.name.trim()) || hasSlotKey(call.arguments) || hasPlaceholder(call.arguments),
  );
}

/** Canonical text of a call, to tell a repeat. */
export function callKey(call: Call): string {
  return JSON.stringify([call.name, sortedValue(call.arguments)]);
}

function sortedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedValue);
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortedValue(record[key])]),
    );
  }
  return value;
}

/** Whether there are words between two offsets (prose between a call and a later shape). */
export function proseBetween(seen: string, from: number, to: number): boolean {
  return hasProse(seen.slice(from, to));
}

/**
 * Prose after a shape that explains it as a format rather than reporting it as made: what it returns, takes or
 * expects, what its parts stand for, or how the user would use it ("This returns the temperature.", "where `city` is
 * the name", "You can change the city.", «Функция возвращает температуру», «где city — название города»). Commentary
 * on a call made ("I'll share the result as soon as it comes back", «Как только придёт ответ, сообщу результат»,
 * "Above I called get_time with timezone=Europe/Lisbon") says none of this.
 */
const EXPLAINS_SHAPE =
  /(?:^|[^\p{L}])(?:(?:this|it|that|which|the (?:call|function|tool|line|block)) (?:returns|gives you|takes|accepts|expects|requires|tells the|lets you|is how you|is the (?:format|syntax|shape))|where [`"']?[\p{L}_]+[`"']? (?:is|stands|means)|you (?:can|could|would|may|might|'d) (?:change|replace|swap|adjust|pass|use|call|run|send|copy|paste|edit|put)|(?:это|он|она|функция|вызов|инструмент) (?:возвращает|принимает|ожидает|требует)|где [`"']?[\p{L}_]+[`"']? (?:—|-|это|означает)|(?:вы|ты) (?:можете|можешь) (?:\p{L}+ )?(?:заменить|поменять|изменить|подставить|использовать|вызвать|отправить|скопировать)|можно (?:заменить|поменять|подставить|скопировать))(?:[^\p{L}]|$)/iu;

/** A line that opens with a list marker: "1. ", "2) ", "- ", "* ", "• ". */
const LIST_ITEM = /^\s*(?:\d{1,2}[.)]|[-*•])\s+/u;
/** Characters a call shape is written with: an item holding none of them is prose. */
const SHAPE_MARK = /[{}<>()|=`]/;
/** How many lines around a shape's item M6 looks at for the rest of its list. */
const LIST_REACH = 12;

/**
 * M6: the shape is one item of a list of options whose other items are prose ("What I can offer instead:\n1. Save a
 * reminder: {…}\n2. Tell you how to transfer in your bank's app"). The list lays out choices for the user; a call made
 * is not one option among sentences. Lists whose items are all calls stay calls (each item is read on its own).
 */
export function optionInAList(seen: string, span: Span): boolean {
  const first = lineStart(seen, span.start);
  if (!LIST_ITEM.test(seen.slice(first, lineEnd(seen, first)))) return false;
  const item = (line: string | undefined) => line !== undefined && LIST_ITEM.test(line);
  const prose = (line: string) => {
    const text = line.replace(LIST_ITEM, "");
    return hasProse(text) && !SHAPE_MARK.test(text);
  };
  const around = [linesBefore(seen, first), linesAfter(seen, lineEnd(seen, span.end))];
  return around.some((lines) => {
    for (const line of lines) {
      if (!item(line)) return false;
      if (prose(line)) return true;
    }
    return false;
  });
}

/** Up to LIST_REACH lines before the line starting at `at`, nearest first. */
function linesBefore(text: string, at: number): string[] {
  const lines: string[] = [];
  for (let end = at - 1; end >= 0 && lines.length < LIST_REACH; ) {
    const start = lineStart(text, end);
    lines.push(text.slice(start, end));
    end = start - 1;
  }
  return lines;
}

/** Up to LIST_REACH lines after the line ending at `at`, nearest first. */
function linesAfter(text: string, at: number): string[] {
  const lines: string[] = [];
  for (let start = at + 1; start <= text.length && lines.length < LIST_REACH; ) {
    const end = lineEnd(text, start);
    lines.push(text.slice(start, end));
    start = end + 1;
  }
  return lines;
}

/**
 * M5: a dialect beyond the SPEC counts only as the reply: at most a one-line preface before its first shape, and
 * after its last only commentary on the call made, not prose that explains the shape as a format (EXPLAINS_SHAPE).
 * Whether the prose after says the shape was not made is M2's to read.
 */
export function standsAsTheReply(seen: string, spans: readonly Span[]): boolean {
  const first = Math.min(...spans.map((span) => span.start));
  const last = Math.max(...spans.map((span) => span.end));
  // A one-line preface is short: a longer run before the shape is more than one.
  if (first > 4 * REACH) return false;
  const preface = seen
    .slice(0, first)
    .split("\n")
    .filter((line) => hasProse(line));
  const after = seen.slice(last, last + 4 * REACH);
  if (preface.length > 1 && !(hasProse(after) === false && endsInWorking(preface))) return false;
  return !hasProse(after) || !EXPLAINS_SHAPE.test(after);
}

/**
 * (2.9.0) A worked preface that ends the reply in the call: the model's own steps ("Let me work through this:", a few
 * lines of arithmetic) and then the shape with nothing after it. Its first line announces the working, and no line of
 * it shows the shape as an example or tells the user how to do it.
 */
function endsInWorking(preface: readonly string[]): boolean {
  const opening = preface[0] ?? "";
  return WORKING.test(opening) && !preface.some((line) => prefaceShowsIt(line));
}

const WORKING =
  /^[\s*_]*(?:let me (?:work|think|go|break|reason|figure)|let'?s (?:work|think|go|break|figure)|(?:first|step 1|thinking)[,:]|давай(?:те)? (?:разбер|посчита|подума)|сначала|разберём|разберем|посчитаем)/iu;

/**
 * A short preface on the call's own line, ended by a colon or by the end of a sentence ("Okay! Starting it now: TOOL
 * set_timer | seconds=600", "Sure: get_weather(city='Rome')", "I'll use translate for this. TOOL translate | …",
 * «Для этого есть инструмент set_timer. set_timer(seconds=900)»), is blanked so the line-based readers see the call;
 * a preface that shows an example or tells the user how they could do it ("The call would be: …", "You can compute
 * that with: …") is left, so the line stays prose.
 */
export function blankSameLinePrefaces(seen: string, text: string, toolNames: ReadonlySet<string>): string {
  if (!SAME_LINE_END.test(seen)) return seen;
  return seen.replace(
    /^((?![ \t]*(?:\d{1,3}[.)]|[-*+•])[ \t])(?=[^\n]*?\p{L}{2})[^\n]{1,80}?(?:[:：]|[\p{L}\p{N})»"”'][.!…])[ \t]+)(?=TOOL[ \t]+[\p{L}\p{N}_.-]+[ \t]*\||([\p{L}_][\p{L}\p{N}_.-]*)\()/gmu,
    (preface: string, _group: string, name: string | undefined, offset: number) => {
      if (name !== undefined && !toolNames.has(name)) return preface;
      if (prefaceShowsIt(text.slice(offset, offset + preface.length))) return preface;
      return " ".repeat(preface.length);
    },
  );
}

/** A clause end followed on the same line by more text: the only place a same-line preface can be. */
const SAME_LINE_END = /[:：.!…][ \t]+\S/;
