/**
 * The metrics the LLM judges score, in the paper's order, with their points (total 100), from the one table. The
 * judge prompts (a workflow) and the reports and agreement tables (the plan core) both name them, so they live here.
 */
import { PLAN_POINTS } from "./points.js";

export const JUDGE_POINTS = PLAN_POINTS;
export type JudgeMetric = keyof typeof JUDGE_POINTS;
export const JUDGE_METRICS = Object.keys(JUDGE_POINTS) as JudgeMetric[];
