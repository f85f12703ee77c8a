/** Reading the answer judge's reply: one JSON object found in the text, then checked strictly against the schema. */
import { z } from "zod";
import { formatPath } from "../../errors.js";
import { findJsonSpans } from "../../extract/scanner.js";
import { stripThinking } from "../../extract/thinking.js";
import { normaliseDecision } from "./decide.js";
import { type ResponseScores, ResponseScoresSchema } from "./records.js";

export interface JudgeReply {
  rationale: string;
  scores: Record<string, ResponseScores>;
  /** Canonical form (see normaliseDecision). */
  decision: string;
}

export type ReplyResult = { ok: true; reply: JudgeReply } | { ok: false; issues: string[] };

/**
 * The JSON object of a reply: reasoning blocks removed, then the last complete top-level `{…}` that is valid JSON
 * (a model that restates the schema before answering puts its answer last). Strict JSON only: no repair of
 * quotes or commas, because a reply we had to guess at is a reply we cannot trust.
 */
export function extractObject(text: string): { ok: true; value: unknown } | { ok: false; issue: string } {
  const answer = stripThinking(text);
  const spans = findJsonSpans(answer).filter((span) => !span.orphan);
  for (const span of spans.reverse()) {
    const slice = answer.slice(span.start, span.end);
    if (!slice.startsWith("{")) continue;
    try {
      return { ok: true, value: JSON.parse(slice) };
    } catch {
      // An invalid span: an earlier one may still be the answer.
    }
  }
  return { ok: false, issue: "the reply holds no complete, valid JSON object" };
}

function replySchema(labels: readonly string[]) {
  return z.object({
    rationale: z.string(),
    scores: z.strictObject(Object.fromEntries(labels.map((label) => [label, ResponseScoresSchema]))),
    decision: z.string(),
  });
}

/** Parses a reply for these response labels; every problem found is listed, for the repair prompt and the record. */
export function readJudgeReply(text: string, labels: readonly string[]): ReplyResult {
  const found = extractObject(text);
  if (!found.ok) return { ok: false, issues: [found.issue] };
  const parsed = replySchema(labels).safeParse(found.value);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const rawDecision = (found.value as { decision?: unknown } | null)?.decision;
  const decision = typeof rawDecision === "string" ? normaliseDecision(rawDecision, labels) : null;
  if (typeof rawDecision === "string" && decision === null) {
    issues.push(`decision: "${rawDecision}" is not Neither, All, or response labels joined by commas`);
  }
  if (!parsed.success || decision === null) return { ok: false, issues };
  return { ok: true, reply: { rationale: parsed.data.rationale, scores: parsed.data.scores, decision } };
}
