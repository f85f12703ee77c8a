/**
 * Full-text retrieval over transcript lines with MiniSearch (BM25+): the passages of a sample of interactions that
 * best match a RAG question. Each line is a document; the best lines win, at most a few per interaction so that one
 * long transcript cannot fill the context.
 */
import MiniSearch from "minisearch";
import type { TranscriptTurn } from "./transcripts.js";

export interface Passage extends TranscriptTurn {
  score: number;
}

export interface RetrieveOptions {
  /** Passages returned at most. */
  limit: number;
  /** Passages per interaction at most. */
  perInteraction: number;
}

export const DEFAULT_RETRIEVE: RetrieveOptions = { limit: 40, perInteraction: 2 };

/** Words that say nothing about what a line is about; questions are full of them. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been before being but by can could did do does doing during for from had has have how " +
    "i if in into is it its me most my of on once or our so such than that the their them then there these they this " +
    "those to up us was we were what when where which while who why will with would you your customer customers " +
    "agent agents call calls chat chats email emails interaction interactions often usually typically say said tell"
  ).split(" "),
);

export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [])
    .map((word) => word.replace(/'s$/, "").replace(/'/g, ""))
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** Ranks the lines of `turns` against `question`; ties keep transcript order, so the result is deterministic. */
export function retrievePassages(
  turns: readonly TranscriptTurn[],
  question: string,
  options: RetrieveOptions = DEFAULT_RETRIEVE,
): Passage[] {
  const terms = searchTerms(question);
  if (terms.length === 0 || turns.length === 0) return [];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ["text"],
    idField: "id",
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => term,
  });
  index.addAll(turns.map((turn, id) => ({ id, text: turn.text })));
  const hits = index.search(terms.join(" "), {
    // "complain" finds "complaints", "frustrat" finds "frustrating"; short words must match whole.
    prefix: (term) => term.length >= 5,
    fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
    combineWith: "OR",
  });
  hits.sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));
  const perInteraction = new Map<string, number>();
  const passages: Passage[] = [];
  for (const hit of hits) {
    const turn = turns[Number(hit.id)];
    if (!turn || turn.speaker === "system") continue;
    const taken = perInteraction.get(turn.interactionId) ?? 0;
    if (taken >= options.perInteraction) continue;
    perInteraction.set(turn.interactionId, taken + 1);
    passages.push({ ...turn, score: hit.score });
    if (passages.length >= options.limit) break;
  }
  return passages;
}
