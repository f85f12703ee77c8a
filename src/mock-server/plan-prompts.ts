/**
 * A scripted planning model for the mock server: it tells the prompts apart by their title line and hands each
 * kind to a handler. Helpers read what a prompt shows (query, step ids, plans) back out of its messages.
 */

import { JUDGE_METRICS, JUDGE_POINTS, type JudgeMetric } from "../plans/judge-metrics.js";
import { metricTitle } from "../workflows/plan-models/judge-prompts.js";
import { PROMPT_TITLES } from "../workflows/plan-models/prompt-parts.js";
import type { ChatBody, ScriptedReply } from "./openai-server.js";

export interface Asked {
  system: string;
  user: string;
  /** True for a repair request: the model's first answer is in the history, followed by the error. */
  repair: boolean;
  body: ChatBody;
}

export interface Handlers {
  planner?: (asked: Asked) => string;
  metric?: (metric: JudgeMetric, asked: Asked) => string;
  oneShot?: (asked: Asked) => string;
  evaluator?: (asked: Asked) => string;
  optimizer?: (asked: Asked) => string;
}

function metricOf(system: string): JudgeMetric | undefined {
  const title = system.split("\n")[0] ?? "";
  return JUDGE_METRICS.find((m) => title === `${PROMPT_TITLES.judge} ${metricTitle(m)}`);
}

/** Calls the handler for the prompt's kind; a prompt no handler expects is a test bug, so it throws. */
export function scriptedModel(handlers: Handlers): (body: ChatBody) => ScriptedReply {
  return (body) => {
    const system = body.messages[0]?.content ?? "";
    const asked: Asked = {
      system,
      user: body.messages[1]?.content ?? "",
      repair: body.messages.length > 2,
      body,
    };
    const route = (handler: ((a: Asked) => string) | undefined, name: string) => {
      if (!handler) throw new Error(`the scripted model has no ${name} handler`);
      return { content: handler(asked) };
    };
    if (system.startsWith(PROMPT_TITLES.planner)) return route(handlers.planner, "planner");
    if (system.startsWith(PROMPT_TITLES.oneShot)) return route(handlers.oneShot, "one-shot");
    if (system.startsWith(PROMPT_TITLES.evaluator)) return route(handlers.evaluator, "evaluator");
    if (system.startsWith(PROMPT_TITLES.optimizer)) return route(handlers.optimizer, "optimizer");
    const metric = metricOf(system);
    if (metric && handlers.metric) return { content: handlers.metric(metric, asked) };
    throw new Error(`the scripted model does not know this prompt: ${system.slice(0, 60)}`);
  };
}

/** "Query: …" on the first line of a user message. */
export function queryOf(user: string): string {
  return /^Query: (.*)$/m.exec(user)?.[1] ?? "";
}

/** The candidate's step ids from "Candidate plan (N steps: 1, 2, 3)". */
export function candidateIds(user: string): number[] {
  const list = /Candidate plan[^(]*\(\d+ steps?: ([\d, ]+)\)/.exec(user)?.[1] ?? "";
  return list
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n));
}

/** The text between two markers of a user message (to the end when `end` is absent). */
export function between(user: string, start: string, end?: string): string {
  const from = user.indexOf(start);
  if (from === -1) return "";
  const rest = user.slice(from + start.length);
  const to = end ? rest.indexOf(end) : -1;
  return (to === -1 ? rest : rest.slice(0, to)).trim();
}

/** A metric-judge answer with the given violating steps and a consistent count. */
export function stepAnswer(
  _metric: JudgeMetric,
  ids: readonly number[],
  violating: readonly number[] = [],
): string {
  return JSON.stringify({
    rationale: "scripted",
    violations: violating.map((step) => ({ step, reason: "scripted" })),
    total_steps: ids.length,
    steps_without_violation: ids.length - new Set(violating).size,
  });
}

/** The points code gives a count answer: steps without a violation / steps × the metric's points. */
export function pointsFor(
  metric: JudgeMetric,
  ids: readonly number[],
  violating: readonly number[] = [],
): number {
  return Math.round(((ids.length - new Set(violating).size) / ids.length) * JUDGE_POINTS[metric] * 100) / 100;
}

/** A one-shot answer in the built-in layout (rationale per dimension, then scores). */
export function oneShotAnswer(score: {
  precision: number;
  recall: number;
  f1_score: number;
  rating: string;
  valid_json?: boolean;
  format_correctness?: number;
  dependencies?: number;
  placeholders?: number;
  matches?: { candidate: number; best: number }[];
}): string {
  const { matches, ...rest } = score;
  return JSON.stringify({
    rationale: { precision: "scripted", rating: "scripted" },
    ...(matches ? { matches } : {}),
    score: { valid_json: true, format_correctness: 100, dependencies: 100, placeholders: 100, ...rest },
  });
}

/** The step under review, as the step evaluator's prompt names it ("Step to review (N):"). */
export function reviewedStep(asked: Asked): number {
  return Number(/Step to review \((\d+)\)/.exec(asked.user)?.[1]);
}

/** A step-evaluator answer for `step` with the given tags (NO CHANGE when none). */
export function evaluation(step: number, ...tags: string[]): string {
  const findings = (tags.length === 0 ? ["NO CHANGE"] : tags).map((tag) => ({
    reason: `scripted ${tag}`,
    tag,
  }));
  return JSON.stringify({ step, findings });
}
