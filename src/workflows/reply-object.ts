/**
 * The one rule for which JSON object of a judge's reply is its answer, the same for every judge (metric judges,
 * one-shot, step evaluator, answer judge; docs/prompts.md "Which JSON object counts"): reasoning blocks
 * (`<think>…</think>` and the like) are removed, then the LAST complete top-level `{…}` that is valid JSON is the
 * answer. Last, because a model that restates the schema or drafts an answer before giving it puts the answer at
 * the end; a fence around it changes nothing. Strict JSON only: no repair of quotes or commas, since a reply we had
 * to guess at is a reply we cannot trust.
 */
import { findJsonSpans } from "../extract/scanner.js";
import { stripThinking } from "../extract/thinking.js";

export type ReplyObject = { ok: true; value: unknown } | { ok: false; message: string };

/** The reply without its reasoning blocks: what the answer readers (and the paper-layout fallbacks) read. */
export function answerPart(reply: string): string {
  return stripThinking(reply);
}

export function replyObject(reply: string): ReplyObject {
  const answer = answerPart(reply);
  // Every span, not the scanner's first few: the answer is the last one.
  const spans = findJsonSpans(answer, { maxSpans: Number.POSITIVE_INFINITY }).filter((span) => !span.orphan);
  let lastError: string | null = null;
  for (const span of spans.reverse()) {
    const slice = answer.slice(span.start, span.end);
    if (!slice.startsWith("{")) continue;
    try {
      return { ok: true, value: JSON.parse(slice) };
    } catch (error) {
      // An invalid span: an earlier one may still be the answer.
      lastError ??= (error as Error).message;
    }
  }
  return {
    ok: false,
    message: lastError === null ? "no JSON object in the answer" : `invalid JSON (${lastError})`,
  };
}
