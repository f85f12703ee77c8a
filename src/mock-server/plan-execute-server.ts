/**
 * The scripted plan model (src/planning/execute/scripted-model.ts) behind an OpenAI-compatible server on 127.0.0.1:
 * what `tooluse plan execute --model …` and `plan experiment` talk to in tests, with native tool calls for R1.
 * Deterministic: the same request gets the same reply.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR } from "../paths.js";
import type { ChatMessage, ModelRequest } from "../planning/execute/ask.js";
import {
  type ScriptedFaults,
  type ScriptedModel,
  type ScriptedQuery,
  scriptedModel,
} from "../planning/execute/scripted-model.js";
import { readReferences } from "../planning/ground-truth/references.js";
import { type MockServer, type ScriptedReply, startMockServer } from "./openai-server.js";

export const SHIPPED_QUERIES = join(DATA_DIR, "plans", "queries.jsonl");

/** The executors' scripted model over a queries file's best plans (the shipped queries unless told). */
export function shippedScriptedModel(
  faults: ScriptedFaults = {},
  queriesFile: string = SHIPPED_QUERIES,
): ScriptedModel {
  const queries = readFileSync(queriesFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ScriptedQuery);
  return scriptedModel(queries, readReferences(), faults);
}

/** A server script from the scripted model: its text as content, its native calls as tool_calls. */
export function scriptFor(
  model: ScriptedModel,
): (body: { messages: unknown[]; tools?: unknown[] }) => ScriptedReply {
  return (body) => {
    const request: ModelRequest = {
      messages: body.messages as ChatMessage[],
      ...(body.tools ? { tools: body.tools } : {}),
    };
    const reply = model.answer(request);
    return reply.toolCalls?.length
      ? { content: reply.text === "" ? null : reply.text, tool_calls: reply.toolCalls }
      : { content: reply.text };
  };
}

export interface ScriptedPlanServer {
  server: MockServer;
  model: ScriptedModel;
}

export async function startScriptedPlanServer(
  options: { models?: string[]; faults?: ScriptedFaults; latencyMs?: number } = {},
): Promise<ScriptedPlanServer> {
  const model = shippedScriptedModel(options.faults);
  const server = await startMockServer({
    models: options.models ?? ["scripted"],
    script: scriptFor(model),
    ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
  });
  return { server, model };
}
