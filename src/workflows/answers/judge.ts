/**
 * judgeAnswers: one judge prompt per query, one repair retry on an unusable reply (never on an empty one), then
 * gating and decision in code.
 */

import type { AnswerJudgement, ResponsesRecord } from "../../plans/answer-records.js";
import type { Answer, Prompt } from "../../runner/ask.js";
import type { Template } from "../templates.js";
import { applyGating, decide } from "./decide.js";
import { ANSWER_JUDGE_TEMPLATE, answerJudgePrompt, repairPrompt } from "./prompt.js";
import { type JudgeReply, readJudgeReply } from "./reply.js";

/** What the judge needs from a model session (the planning commands' session fits): a name and one ask. */
export interface JudgeSession {
  readonly model: string;
  ask(prompt: Prompt): Promise<Answer>;
}

function scored(base: AnswerJudgement, reply: JudgeReply): AnswerJudgement {
  const { scores, notes } = applyGating(reply.scores);
  const { decision, winners } = decide(scores, base.labels);
  return {
    ...base,
    status: "judged",
    decision,
    winners,
    judge_decision: reply.decision,
    decision_agrees: reply.decision === decision,
    scores,
    raw_scores: reply.scores,
    gating: notes,
    rationale: reply.rationale,
    // Leniency made visible (docs/prompts.md): the paper's own layout was read.
    ...(reply.layout === "paper" ? { layout: "paper" as const } : {}),
  };
}

/** docs/prompts.md: an empty reply is its own failure kind, with no repair. */
const EMPTY_REPLY = "empty: the judge answered nothing";

function failed(base: AnswerJudgement, error: string): AnswerJudgement {
  return { ...base, status: "failed", error };
}

/** Judges one query; never throws for a bad reply or a failed request (those are recorded), only for a fatal one. */
export async function judgeOne(
  record: ResponsesRecord,
  index: number,
  session: JudgeSession,
  template: Template = ANSWER_JUDGE_TEMPLATE,
): Promise<AnswerJudgement> {
  const labels = Object.keys(record.responses);
  const key = `answers:${index}:${record.query_id}`;
  const messages = answerJudgePrompt(record, template);
  const answers: Answer[] = [];
  const base = (): AnswerJudgement => ({
    query_id: record.query_id,
    judge: session.model,
    labels,
    status: "failed",
    decision: null,
    winners: [],
    judge_decision: null,
    decision_agrees: null,
    scores: null,
    raw_scores: null,
    gating: [],
    rationale: null,
    error: null,
    prompts: answers.length,
    cached: answers.every((answer) => answer.cached),
    replies: answers.flatMap((answer) => (answer.text === null ? [] : [answer.text])),
    prompt_version: { sha256: template.sha256, source: template.source },
  });
  const first = await session.ask({ key, messages });
  answers.push(first);
  if (first.text === null) return failed(base(), `judge request failed: ${first.error ?? "no reply"}`);
  // An empty reply is its own failure (a stalled or filtered model), not a parse error: no repair can help it.
  if (first.text.trim() === "") return failed(base(), EMPTY_REPLY);
  const read = readJudgeReply(first.text, labels);
  if (read.ok) return scored(base(), read.reply);
  const second = await session.ask({
    key: `${key}:repair`,
    messages: repairPrompt(messages, first.text, read.issues),
  });
  answers.push(second);
  if (second.text === null) return failed(base(), `repair request failed: ${second.error ?? "no reply"}`);
  if (second.text.trim() === "") return failed(base(), `${EMPTY_REPLY} (to the repair request)`);
  const reread = readJudgeReply(second.text, labels);
  if (reread.ok) return scored(base(), reread.reply);
  return failed(base(), `judge reply unusable after one repair: ${reread.issues.join("; ")}`);
}

/** Judges every query concurrently (the session bounds how many requests are in flight); results in input order. */
export async function judgeAnswers(
  records: readonly ResponsesRecord[],
  session: JudgeSession,
  onJudged?: (judgement: AnswerJudgement) => void,
  template: Template = ANSWER_JUDGE_TEMPLATE,
): Promise<AnswerJudgement[]> {
  return Promise.all(
    records.map(async (record, index) => {
      const judgement = await judgeOne(record, index, session, template);
      onJudged?.(judgement);
      return judgement;
    }),
  );
}
