/**
 * R1, the paper's answer without a plan: the same model that answers plan steps gets the question and the three
 * tools (T2S, RAG, LLM) as native functions (OpenAI `tools`) and calls them as it sees fit. Each call is executed by
 * the same executors as a plan step and traced like one; the call numbers play the step ids (an LLM prompt names
 * call 2's output as (2), a T2S call takes call 1's ids with inputs [1]). At most `maxCalls` calls are executed
 * (docs/workspace.md, "R1"): once they are spent the model gets one more turn, without tools, to answer from what
 * it has; calls beyond the limit in one turn are answered "not run". The final assistant text is the answer; an
 * empty one, or a request that fails, fails the answer (never an answer).
 */
import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import { z } from "zod";
import type { PlanStep, Tool } from "../../plans/model.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import { canonicalJson } from "../../runner/canonical-json.js";
import type { Ask, ChatMessage, NativeToolCall, TokenCounts } from "./ask.js";
import { fillPrompt, promptInputs } from "./fill.js";
import type { StepJournal } from "./journal.js";
import type { StepOutput } from "./output.js";
import type { PlanAnswer } from "./runner.js";
import type { Executors } from "./step.js";
import {
  journalStep,
  keepOutput,
  newTrace,
  resumeTrace,
  type StepTrace,
  stepInputs,
  thrownResult,
} from "./trace.js";

/** The default limit of executed tool calls per question: twice the longest best plan's steps would be 12; the paper's plans rarely pass 5. */
export const R1_MAX_TOOL_CALLS = 8;
/** Marks the R1 system prompt (the scripted test model recognises it). */
export const R1_ROLE = "You answer one contact-center question with three tools.";

const TOOLS: readonly Tool[] = ["T2S", "RAG", "LLM"];

function card(tool: Tool): string {
  const c = DEFAULT_TOOL_DESCRIPTIONS.tools[tool];
  return [c.summary, `Inputs: ${c.inputs}`, `Returns: ${c.returns}`, `Can answer: ${c.can_answer.join(" ")}`]
    .join("\n")
    .trim();
}

const INPUTS_PARAMETER = {
  type: "array",
  items: { type: "integer", minimum: 1 },
  description:
    "Numbers of earlier tool calls whose interaction ids restrict this call ([] or absent for none). Calls are numbered 1, 2, … in the order you make them.",
};

/** The three tools as OpenAI function definitions; their descriptions are the planner's tool cards. */
export function r1Tools(): unknown[] {
  return TOOLS.map((tool) => ({
    type: "function",
    function: {
      name: tool,
      description: card(tool),
      parameters:
        tool === "LLM"
          ? {
              type: "object",
              properties: {
                prompt: {
                  type: "string",
                  description:
                    "The instruction; (k) stands for the output of tool call k, (query) for the question.",
                },
                returns_ids: {
                  type: "boolean",
                  description:
                    "true when a later T2S or RAG call takes this call's output as its interaction ids (the answer is then JSON ids).",
                },
              },
              required: ["prompt"],
              additionalProperties: false,
            }
          : {
              type: "object",
              properties: {
                prompt: { type: "string", description: "The request in plain language." },
                inputs: INPUTS_PARAMETER,
              },
              required: ["prompt"],
              additionalProperties: false,
            },
    },
  }));
}

export function r1Messages(query: string, maxCalls: number): ChatMessage[] {
  return [
    {
      role: "system",
      content: [
        R1_ROLE,
        "Call T2S for facts in the structured store, RAG for what transcripts say, LLM to reason over earlier outputs.",
        `You may make at most ${maxCalls} tool calls in all. When you have what you need, answer the question in plain text with the figures the tools returned; do not invent any.`,
      ].join("\n"),
    },
    { role: "user", content: query },
  ];
}

export const limitNote = (maxCalls: number) =>
  `You have used all ${maxCalls} tool calls. Answer the question now, from what the calls returned.`;

const ArgumentsSchema = z.looseObject({
  prompt: z.string().trim().min(1),
  inputs: z.array(z.number().int().min(1)).optional(),
  returns_ids: z.boolean().optional(),
});

export interface R1Turn {
  /** The assistant's text of this turn ("" when it only called tools). */
  text: string;
  tool_calls: { id: string; name: string; arguments: string }[];
  /** Whether the tools were offered on this turn (not after the limit). */
  tools_offered: boolean;
  latency_ms: number;
  tokens: TokenCounts | null;
}

export interface R1Trace {
  max_tool_calls: number;
  /** Tool calls executed (failed ones included), never more than max_tool_calls. */
  calls: number;
  /** The model still called tools when the limit was spent (it got the last turn without tools). */
  limit_reached: boolean;
  turns: R1Turn[];
}

export interface R1Question {
  key: string;
  queryId: string;
  query: string;
}

export interface R1Options {
  maxCalls: number;
  signal: AbortSignal;
  journal?: StepJournal;
  identity?: string;
}

type Outcome = { ok: true; output: StepOutput } | { ok: false; error: string };

function callDigest(identity: string, query: string, maxCalls: number, calls: readonly unknown[]): string {
  const text = canonicalJson({ identity, query, mode: "r1", maxCalls, calls });
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

function resultMessage(number: number, tool: string, outcome: Outcome): string {
  return outcome.ok
    ? `Call ${number} (${tool}) returned:\n${outcome.output.text}`
    : `Call ${number} (${tool}) failed: ${outcome.error}`;
}

/** One question's run: what its calls and turns share. */
interface R1Run {
  question: R1Question;
  executors: Executors;
  options: R1Options;
  steps: Map<number, PlanStep>;
  outputs: Map<number, StepOutput>;
  traces: StepTrace[];
  /** Every call made so far, as the journal digest sees it. */
  history: unknown[];
  r1: R1Trace;
}

type ParsedCall = { tool: Tool; parsed: z.infer<typeof ArgumentsSchema> };

/** The tool and arguments a call names, or why they do not make a call. */
function parseCall(call: NativeToolCall): ParsedCall | { error: string } {
  const tool = TOOLS.find((t) => t === call.function.name);
  if (!tool) return { error: `there is no tool "${call.function.name}" (T2S, RAG and LLM are)` };
  try {
    const value = ArgumentsSchema.safeParse(JSON.parse(call.function.arguments));
    if (!value.success) return { error: "arguments: expected {prompt: text, inputs?: [call numbers]}" };
    return { tool, parsed: value.data };
  } catch {
    return { error: "arguments: not a JSON object" };
  }
}

/** Executes one tool call as a step numbered `number`, traced (and journaled) like a plan step. */
async function runCall(run: R1Run, call: NativeToolCall, number: number): Promise<Outcome> {
  const { question, options, steps, outputs } = run;
  const trace = newTrace({
    step: number,
    tool: TOOLS.find((t) => t === call.function.name) ?? "LLM",
    status: "failed",
    inputs: [],
    depends_on: [],
    prompt: "",
  });
  run.traces.push(trace);
  const failed = (error: string): Outcome => {
    trace.error = error;
    return { ok: false, error };
  };
  const parsedCall = parseCall(call);
  if ("error" in parsedCall) return failed(parsedCall.error);
  const { tool, parsed } = parsedCall;
  const named = tool === "LLM" ? promptInputs(parsed.prompt) : [...new Set(parsed.inputs ?? [])];
  const step: PlanStep = { id: number, tool, inputs: named, prompt: parsed.prompt, depends_on: named };
  trace.inputs = named;
  trace.depends_on = named;
  steps.set(number, step);
  trace.prompt = fillPrompt(step, { query: question.query, steps, outputs });
  const missing = named.find((k) => !outputs.has(k));
  if (missing !== undefined)
    return failed(`input ${missing} is not the number of an earlier call that succeeded`);
  run.history.push({ tool, prompt: parsed.prompt, inputs: named, returns_ids: parsed.returns_ids ?? false });
  const digest = callDigest(options.identity ?? "", question.query, options.maxCalls, run.history);
  const journaled = options.journal?.find(question.key, digest, number);
  if (journaled) {
    outputs.set(number, resumeTrace(trace, journaled));
    return { ok: true, output: journaled.output };
  }
  const started = performance.now();
  const result = await run.executors[tool]
    .run({
      planKey: question.key,
      queryId: question.queryId,
      query: question.query,
      step,
      prompt: trace.prompt,
      inputs: stepInputs(named, steps, outputs),
      feedsIds: parsed.returns_ids === true,
      signal: options.signal,
    })
    .catch(thrownResult);
  trace.latency_ms = Math.round(performance.now() - started);
  trace.details = result.details;
  if (!result.ok) return failed(result.error);
  keepOutput(trace, result.output);
  outputs.set(number, result.output);
  journalStep(options.journal, { plan: question.key, digest, step: number }, trace, result.output);
  return { ok: true, output: result.output };
}

/** Runs a turn's tool calls one after another, answering each in the conversation (past the limit: "not run"). */
async function answerCalls(
  run: R1Run,
  calls: readonly NativeToolCall[],
  messages: ChatMessage[],
): Promise<void> {
  const { maxCalls } = run.options;
  for (const call of calls) {
    if (run.r1.calls >= maxCalls) {
      messages.push({
        role: "tool",
        tool_call_id: call.id,
        content: `Not run: the limit of ${maxCalls} tool calls is reached.`,
      });
      continue;
    }
    const number = ++run.r1.calls;
    const outcome = await runCall(run, call, number);
    messages.push({
      role: "tool",
      tool_call_id: call.id,
      content: resultMessage(number, call.function.name, outcome),
    });
  }
}

/** Asks for the next turn (with the tools while calls are left) and traces it, or why the request failed. */
async function nextTurn(
  run: R1Run,
  ask: Ask,
  messages: ChatMessage[],
): Promise<{ reply: Awaited<ReturnType<Ask>>; calls: NativeToolCall[] } | { error: string }> {
  const { maxCalls, signal } = run.options;
  const { r1 } = run;
  const offered = r1.calls < maxCalls;
  if (!offered && !r1.limit_reached) {
    r1.limit_reached = true;
    messages.push({ role: "user", content: limitNote(maxCalls) });
  }
  let reply: Awaited<ReturnType<Ask>>;
  try {
    reply = await ask({ messages: [...messages], ...(offered ? { tools: r1Tools() } : {}) }, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: `model request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const calls = offered ? (reply.toolCalls ?? []) : [];
  r1.turns.push({
    text: reply.text,
    tool_calls: calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
    tools_offered: offered,
    latency_ms: reply.latencyMs,
    tokens: reply.tokens,
  });
  return { reply, calls };
}

/** Answers one question without a plan; never throws for a failed call or request (recorded), only on abort. */
export async function answerWithoutPlan(
  question: R1Question,
  executors: Executors,
  ask: Ask,
  options: R1Options,
): Promise<PlanAnswer & { r1: R1Trace }> {
  const { maxCalls, signal } = options;
  const messages = r1Messages(question.query, maxCalls);
  const r1: R1Trace = { max_tool_calls: maxCalls, calls: 0, limit_reached: false, turns: [] };
  const run: R1Run = {
    question,
    executors,
    options,
    steps: new Map(),
    outputs: new Map(),
    traces: [],
    history: [],
    r1,
  };
  const base = { key: question.key, query_id: question.queryId, query: question.query, final_step: null };
  const fail = (error: string) => ({
    ...base,
    status: "failed" as const,
    answer: null,
    error,
    steps: run.traces,
    r1,
  });
  for (;;) {
    if (signal.aborted) throw signal.reason ?? new Error("aborted");
    const turn = await nextTurn(run, ask, messages);
    if ("error" in turn) return fail(turn.error);
    const { reply, calls } = turn;
    if (calls.length === 0) {
      const answer = reply.text.trim();
      if (answer === "")
        return fail(
          r1.limit_reached
            ? `no answer after the limit of ${maxCalls} tool calls`
            : "the model's final message was empty",
        );
      return { ...base, status: "answered", answer, error: null, steps: run.traces, r1 };
    }
    messages.push({ role: "assistant", content: reply.text === "" ? null : reply.text, tool_calls: calls });
    await answerCalls(run, calls, messages);
  }
}

export interface R1RunOptions extends Omit<R1Options, "signal"> {
  /** Questions answered at once (default 4); each question's calls run one after another. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called as each question is answered or fails (progress). */
  onAnswer?: (answer: PlanAnswer) => void;
}

/**
 * Answers every question without a plan, in input order. Stops with the abort reason on an abort (whatever was
 * journaled stays journaled).
 * @example executeWithoutPlans(questions, executors, session.ask, { maxCalls: R1_MAX_TOOL_CALLS })
 */
export async function executeWithoutPlans(
  questions: readonly R1Question[],
  executors: Executors,
  ask: Ask,
  options: R1RunOptions,
): Promise<(PlanAnswer & { r1: R1Trace })[]> {
  const limit = pLimit(options.concurrency ?? 4);
  const signal = options.signal ?? new AbortController().signal;
  // Every step's queries and requests listen on the one signal.
  setMaxListeners(0, signal);
  return Promise.all(
    questions.map((question) =>
      limit(async () => {
        const answer = await answerWithoutPlan(question, executors, ask, { ...options, signal });
        options.onAnswer?.(answer);
        return answer;
      }),
    ),
  );
}
