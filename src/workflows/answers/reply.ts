/**
 * Reading the answer judge's reply: its JSON object found by the rule every judge shares (src/workflows/
 * reply-object.ts), then checked strictly against one of the two layouts docs/prompts.md names: ours
 * (`rationale`, `scores`, `decision`) or the paper's verbatim prompt's (`rationale`, one object per response label,
 * `overall_decision`), which is marked `layout: "paper"` in the judgement.
 */
import { z } from "zod";
import { formatPath } from "../../errors.js";
import { type ResponseScores, ResponseScoresSchema } from "../../plans/answer-records.js";
import { replyObject } from "../reply-object.js";
import { normaliseDecision } from "./decide.js";

export type ReplyLayout = "json" | "paper";

export interface JudgeReply {
  rationale: string;
  scores: Record<string, ResponseScores>;
  /** Canonical form (see normaliseDecision). */
  decision: string;
  /** Which of the two layouts the reply was in. */
  layout: ReplyLayout;
}

export type ReplyResult = { ok: true; reply: JudgeReply } | { ok: false; issues: string[] };

/** The JSON object of a reply, by the one rule (the last valid top-level object once reasoning is removed). */
export function extractObject(text: string): { ok: true; value: unknown } | { ok: false; issue: string } {
  const found = replyObject(text);
  return found.ok ? found : { ok: false, issue: found.message };
}

function scoresShape(labels: readonly string[]) {
  return Object.fromEntries(labels.map((label) => [label, ResponseScoresSchema]));
}

/** Ours: the built-in prompt's shape, nothing more. */
function builtInSchema(labels: readonly string[]) {
  return z
    .strictObject({
      rationale: z.string(),
      scores: z.strictObject(scoresShape(labels)),
      decision: z.string(),
    })
    .transform((value) => ({ ...value, layout: "json" as const }));
}

/** The paper's Table 34 prompt: the scores of each response at the top level, then `overall_decision`. */
function paperSchema(labels: readonly string[]) {
  return z
    .strictObject({ rationale: z.string(), ...scoresShape(labels), overall_decision: z.string() })
    .transform(({ rationale, overall_decision, ...scores }) => ({
      rationale,
      scores: scores as Record<string, ResponseScores>,
      decision: overall_decision,
      layout: "paper" as const,
    }));
}

/**
 * The paper's layout is the one an object in it names (`overall_decision`, no `scores`); any other is ours. Labels
 * that are the paper layout's own keys cannot sit beside them, so with those only ours is read.
 */
function isPaperLayout(value: unknown, labels: readonly string[]): boolean {
  if (labels.some((label) => label === "rationale" || label === "overall_decision")) return false;
  return (
    value !== null &&
    typeof value === "object" &&
    "overall_decision" in value &&
    !("scores" in value) &&
    !("decision" in value)
  );
}

/** Parses a reply for these response labels; every problem found is listed, for the repair prompt and the record. */
export function readJudgeReply(text: string, labels: readonly string[]): ReplyResult {
  const found = extractObject(text);
  if (!found.ok) return { ok: false, issues: [found.issue] };
  const paper = isPaperLayout(found.value, labels);
  const parsed = (paper ? paperSchema(labels) : builtInSchema(labels)).safeParse(found.value);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const field = paper ? "overall_decision" : "decision";
  const rawDecision = (found.value as Record<string, unknown> | null)?.[field];
  const decision = typeof rawDecision === "string" ? normaliseDecision(rawDecision, labels) : null;
  if (typeof rawDecision === "string" && decision === null) {
    issues.push(`${field}: "${rawDecision}" is not Neither, All, or response labels joined by commas`);
  }
  if (!parsed.success || decision === null) return { ok: false, issues };
  return { ok: true, reply: { ...parsed.data, decision } };
}
