/**
 * A scripted model for tests and benches: it answers the executors' own prompts with no network. T2S prompts get
 * the reference SQL of the step they hold (found by the step's prompt and its input tables); RAG prompts get a data
 * insights table built from the passages they list; LLM prompts get their inputs back (as JSON ids for an
 * extraction step). With native tools (R1, src/planning/execute/r1.ts) it replays the question's best plan as tool
 * calls, one step a turn, then answers with the last call's output (once the tools are withdrawn at the limit, with
 * what it has). Faults can be scripted: a broken first query (to exercise the repair turn), an answer that
 * cites ids the step never read, a failing ask.
 */
import type { ReferenceSql } from "../../plans/data/references.js";
import type { Plan } from "../../plans/model.js";
import type { Ask, ChatMessage, ModelReply, ModelRequest, NativeToolCall } from "./ask.js";
import { IDS_INSTRUCTION, LLM_ROLE } from "./llm.js";
import { formatNumber, INTERACTION_ID } from "./output.js";
import { R1_ROLE } from "./r1.js";
import { RAG_ROLE } from "./rag.js";
import { T2S_ROLE } from "./t2s-prompt.js";

export interface ScriptedQuery {
  query_id: string;
  /** The question's text: how an R1 request (which carries no step) is matched to its best plan. */
  query?: string;
  best_plan: Plan;
}

export interface ScriptedFaults {
  /** T2S steps whose prompt matches get a broken query first; the repair turn gets the right one. */
  breakFirst?: (prompt: string) => boolean;
  /** T2S steps whose prompt matches get a broken query on every turn. */
  alwaysBreak?: (prompt: string) => boolean;
  /** RAG answers also cite this id, which no step read. */
  foreignId?: string;
  /** Asks whose user message matches throw (a backend error). */
  failAsk?: (userMessage: string) => boolean;
  /** R1 questions that match keep calling tools past any limit (to exercise it). */
  neverAnswer?: (query: string) => boolean;
}

export interface ScriptedModel {
  ask: Ask;
  /** The same answers, synchronously: what a scripted HTTP server replies (src/mock-server/plan-execute-server.ts). */
  answer: (request: ModelRequest) => ModelReply;
  /** Requests seen, in order (tests inspect what was sent). */
  readonly requests: ModelRequest[];
  /** Prompt keys that map to more than one reference query (the first is used). */
  readonly ambiguous: readonly string[];
}

const BROKEN_SQL = "SELECT count(*) FROM no_such_table";

function inputNames(system: string): string[] {
  return [...system.matchAll(/^- (step_\d+)\(/gm)].map((m) => m[1] as string);
}

function stepKey(prompt: string, inputs: readonly string[]): string {
  return `${prompt.trim()}\u0000${[...inputs].sort().join(",")}`;
}

function reply(text: string): ModelReply {
  return { text, latencyMs: 0, tokens: { prompt: null, completion: Math.ceil(text.length / 4) } };
}

/** Groups the listed passages by who spoke: a table that is valid, deterministic and cites only what was read. */
function ragAnswer(user: string, foreignId: string | undefined): string {
  const bySpeaker = new Map<string, Set<string>>();
  let sample = 0;
  for (const match of user.matchAll(/^\[(IX\d{7}) #\d+ (\w+)\]/gm)) {
    const [, id, speaker] = match as unknown as [string, string, string];
    const ids = bySpeaker.get(speaker) ?? new Set<string>();
    ids.add(id);
    bySpeaker.set(speaker, ids);
  }
  const all = new Set([...bySpeaker.values()].flatMap((ids) => [...ids]));
  sample = Math.max(1, all.size);
  const rows = [...bySpeaker].map(([speaker, ids]) => {
    const cited = [...ids, ...(foreignId ? [foreignId] : [])];
    return `| what the ${speaker} said | passages where the ${speaker} speaks to the question | ${cited.join(", ")} | ${formatNumber(ids.size / sample)} |`;
  });
  return [
    `The retrieved passages come from ${all.size} interactions.`,
    "",
    "| topic | description | interaction_ids | share |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** Ids grouped by topic from the data insights tables in an extraction prompt. */
function extraction(user: string): string {
  const byTopic: Record<string, string[]> = {};
  for (const line of user.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const ids = line.match(INTERACTION_ID);
    if (!ids || cells.length < 4) continue;
    const topic = cells[1] || "ids";
    byTopic[topic] = [...new Set([...(byTopic[topic] ?? []), ...ids])];
  }
  return JSON.stringify(byTopic);
}

/** The calls of a best plan, in step order; a step's inputs name earlier steps, whose call numbers are their ids. */
function r1Reply(
  messages: readonly ChatMessage[],
  plan: Plan | undefined,
  offered: boolean,
  keepGoing: boolean,
): ModelReply {
  const results = messages.filter((m) => m.role === "tool");
  const done = results.length;
  if (offered && plan && (keepGoing || done < plan.steps.length)) {
    const step = plan.steps[done % plan.steps.length] as Plan["steps"][number];
    const feedsIds = plan.steps.some((s) => s.tool !== "LLM" && s.inputs.includes(step.id));
    const args =
      step.tool === "LLM"
        ? { prompt: step.prompt, ...(feedsIds ? { returns_ids: true } : {}) }
        : { prompt: step.prompt, inputs: step.inputs };
    const call: NativeToolCall = {
      id: `call_${done + 1}`,
      type: "function",
      function: { name: step.tool, arguments: JSON.stringify(args) },
    };
    return { text: "", toolCalls: [call], latencyMs: 0, tokens: { prompt: null, completion: 20 } };
  }
  const last = results.at(-1);
  if (!plan || !last || last.role !== "tool") return reply("I cannot answer this question.");
  return reply(last.content.replace(/^Call \d+ \(\w+\) (returned:\n|failed: )/, ""));
}

export function scriptedModel(
  queries: readonly ScriptedQuery[],
  references: readonly ReferenceSql[],
  faults: ScriptedFaults = {},
): ScriptedModel {
  const sqlByKey = new Map<string, string>();
  const ambiguous: string[] = [];
  const byQuery = new Map(references.map((r) => [r.query_id, r]));
  for (const query of queries) {
    for (const step of query.best_plan.steps) {
      const sql = byQuery.get(query.query_id)?.steps[String(step.id)];
      if (step.tool !== "T2S" || !sql) continue;
      const key = stepKey(
        step.prompt,
        step.inputs.map((i) => `step_${i}`),
      );
      const known = sqlByKey.get(key);
      if (known === undefined) sqlByKey.set(key, sql);
      else if (known !== sql && !ambiguous.includes(key)) ambiguous.push(key);
    }
  }
  const requests: ModelRequest[] = [];
  const byText = new Map(queries.flatMap((q) => (q.query ? [[q.query.trim(), q.best_plan] as const] : [])));
  const answer = (request: ModelRequest): ModelReply => {
    requests.push(request);
    const system = request.messages.find((m) => m.role === "system")?.content ?? "";
    const users = request.messages.filter((m) => m.role === "user");
    const first = String(users[0]?.content ?? "");
    const last = String(users[users.length - 1]?.content ?? "");
    if (faults.failAsk?.(first)) throw new Error("scripted backend error");
    if (typeof system !== "string") throw new Error("scripted model: no system prompt");
    if (system.startsWith(R1_ROLE))
      return r1Reply(
        request.messages,
        byText.get(first.trim()),
        request.tools !== undefined,
        faults.neverAnswer?.(first) === true,
      );
    if (system.startsWith(T2S_ROLE)) {
      const sql = sqlByKey.get(stepKey(first, inputNames(system)));
      if (!sql) return reply("I cannot write a query for this request.");
      const repairing = users.length > 1;
      if (faults.alwaysBreak?.(first) || (!repairing && faults.breakFirst?.(first)))
        return reply(`\`\`\`sql\n${BROKEN_SQL}\n\`\`\``);
      return reply(`\`\`\`sql\n${sql}\n\`\`\``);
    }
    if (system.startsWith(RAG_ROLE)) return reply(ragAnswer(last, faults.foreignId));
    if (system.startsWith(LLM_ROLE)) return reply(system.includes(IDS_INSTRUCTION) ? extraction(last) : last);
    throw new Error("scripted model: a prompt it does not know");
  };
  const ask: Ask = async (request) => answer(request);
  return { ask, answer, requests, ambiguous };
}
