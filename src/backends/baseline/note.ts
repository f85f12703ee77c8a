/** save_note: a note/memo request with its body quoted, after a colon, or after "note that"/«запиши, что». */
import { fold, quotedSegments, trimEdges } from "./text.js";
import type { Rule } from "./types.js";

// A note word alone is not enough ("a timer for the time in that note"): it needs a saving verb,
// a colon, or a dictation phrase.
const CUE =
  /\b(?:save|take|make|create|add|write|jot|keep|put|new)\b[^.!?]{0,20}\b(?:note|memo)\b|^(?:note|memo)\b|\b(?:note|memo)\s*:|\bnote (?:that|down|this)\b|\bremember (?:that|this)\b|\b(?:write|jot) (?:this |that |it )?down\b|(?:сохрани|запиши|создай|сделай|добавь|оставь)\p{L}*[^.!?]{0,20}заметк|заметк\p{L}*\s*:|(?:^|\s)(?:запиши|запишите|запомни|запомните)(?!\p{L})|сохрани(?:те)?\s*:/u;

// A title is named before its own quoted segment: `titled "Groceries"`, «с заголовком "Покупки"».
const TITLE_BEFORE =
  /(?:titled|called|named|with (?:the )?title|title(?: it)?|call it|name it|с заголовком|под названием|с названием|заголовок|назови(?:те)? (?:ее|её)|озаглавь(?:те)?)\s*:?\s*$/iu;

const BODY_AFTER = [
  /\b(?:note|remember|write down|jot down)(?: that)?\s*[-—:]?\s+(.+)$/iu,
  /(?:запиши|запишите|запомни|запомните|сохрани|сохраните)(?:\s+заметку)?(?:\s*,?\s*что|\s*[-—:])?\s+(.+)$/iu,
];
// Where the note goes and politeness are not its body: «сохрани это в заметки, пожалуйста» has none.
const NOT_BODY =
  /[\s,]*(?:(?:в|во)\s+(?:мои\s+)?заметк\p{L}*|(?:to|in|into|as)\s+(?:(?:a|my|the)\s+)?(?:notes?|memos?)|пожалуйста|please)(?!\p{L})[\s,.!]*/giu;
// «Запиши меня к врачу»: signing up for an appointment, not dictating a note.
const SIGN_UP = /(?:^|\s)запиши(?:те)?\s+(?:меня|нас)\s+(?:к|на)(?!\p{L})/u;
// What is left when the "body" is only the request itself ("save a note", «сохрани заметку»).
const EMPTY_BODY =
  /^(?:(?:a|the|this|my|new|quick)\s+)*(?:note|memo|it|this|that|заметку|заметка|это|мне)?$/iu;

interface Parts {
  text: string | null;
  title: string | null;
}

/** The quoted segments split into a title (the one a title word points at) and the body. */
function fromQuotes(raw: string): Parts | null {
  const segments = quotedSegments(raw);
  if (segments.length === 0) return null;
  let title: string | null = null;
  const bodies: string[] = [];
  for (const segment of segments) {
    const before = raw.slice(0, raw.indexOf(segment)).replace(/["«“„']+$/, "");
    if (title === null && TITLE_BEFORE.test(before)) title = segment;
    else bodies.push(segment);
  }
  return { text: bodies.at(-1) ?? null, title };
}

function fromProse(raw: string): string | null {
  const colon = raw.indexOf(":");
  if (colon >= 0) {
    const after = trimEdges(raw.slice(colon + 1));
    if (after !== "") return after;
  }
  for (const pattern of BODY_AFTER) {
    const body = trimEdges((pattern.exec(raw)?.[1] ?? "").replace(NOT_BODY, " "));
    if (body !== "" && !EMPTY_BODY.test(body)) return body;
  }
  return null;
}

export const noteRule: Rule = {
  tool: "save_note",
  question: { en: "What should the note say?", ru: "Что записать в заметку?" },
  match(text) {
    const folded = fold(text);
    if (!CUE.test(folded) || SIGN_UP.test(folded)) return null;
    const parts = fromQuotes(text) ?? { text: fromProse(text), title: null };
    if (parts.text === null) return "clarify";
    const args: Record<string, unknown> = { text: parts.text };
    if (parts.title !== null) args.title = parts.title;
    return { name: "save_note", arguments: args };
  },
};
