/** The executor interface: one step in, its output (or why it failed) and its trace out. */
import type { PlanStep, Tool } from "../../plans/model.js";
import type { ChatMessage, TokenCounts } from "./ask.js";
import type { StepOutput } from "./output.js";

/** An earlier step's output as a later step receives it. */
export interface StepInput {
  step: number;
  tool: Tool;
  prompt: string;
  output: StepOutput;
}

export interface StepRequest {
  /** The plan's key (`te-001/best`) and its query's id, for executors that look things up (the oracle). */
  planKey: string;
  queryId: string;
  query: string;
  step: PlanStep;
  /** The prompt with (query), (tool k), (sub-query k) and, for LLM steps, (k) filled in. */
  prompt: string;
  /** The outputs of the steps the prompt or the input list names, in the order named. */
  inputs: StepInput[];
  /** Whether a later T2S or RAG step takes this step's output as its ids. */
  feedsIds: boolean;
  signal: AbortSignal;
}

/** One retrieved passage as the trace keeps it. */
export interface TracedPassage {
  interaction_id: string;
  turn: number;
  speaker: string;
  text: string;
  score: number;
}

/** Everything a step did, for the answer file: what was sent, run, retrieved and returned. */
export interface StepDetails {
  /** The chat messages of each model turn (T2S: first turn and repair turn). */
  requests: ChatMessage[][];
  /** The model's text of each turn. */
  replies: string[];
  /** Each SQL query run, with its outcome. */
  sql: { text: string; ok: boolean; error: string | null; latency_ms: number; rows: number | null }[];
  /** RAG: how many interactions the input held, how many were read, what was retrieved. */
  population: number | null;
  sample: number | null;
  passages: TracedPassage[];
  /** Things the executor corrected or dropped, in words (cited ids that were not in the input, …). */
  issues: string[];
  model_latency_ms: number;
  tokens: TokenCounts | null;
}

export type StepResult =
  | { ok: true; output: StepOutput; details: StepDetails }
  | { ok: false; error: string; details: StepDetails };

export interface Executor {
  run(request: StepRequest): Promise<StepResult>;
}

export type Executors = Record<Tool, Executor>;

export function emptyDetails(): StepDetails {
  return {
    requests: [],
    replies: [],
    sql: [],
    population: null,
    sample: null,
    passages: [],
    issues: [],
    model_latency_ms: 0,
    tokens: null,
  };
}

/** Adds a reply's latency and tokens to the step's totals. */
export function countReply(
  details: StepDetails,
  reply: { latencyMs: number; tokens: TokenCounts | null },
): void {
  details.model_latency_ms += reply.latencyMs;
  if (!reply.tokens) return;
  const sum = (a: number | null | undefined, b: number | null) =>
    a == null && b == null ? null : (a ?? 0) + (b ?? 0);
  details.tokens = {
    prompt: sum(details.tokens?.prompt, reply.tokens.prompt),
    completion: sum(details.tokens?.completion, reply.tokens.completion),
  };
}
