/**
 * T2S(ids, prompt): the model sees the schema and the prompt (input ids arrive as tables step_<k>), writes one SQL
 * query, which runs read-only under the engine's time limit and row cap. A query that fails (refused, an SQL
 * error, over the limits) gets one repair turn with the error; a second failure fails the step. The output is the
 * rows as text plus their structured form.
 */
import type { Engine, QueryLimits, QueryOutcome } from "../../workspace/engines/engine.js";
import type { Ask } from "./ask.js";
import { inputTables } from "./inputs.js";
import { rowsText } from "./output.js";
import {
  countReply,
  type Executor,
  emptyDetails,
  type StepDetails,
  type StepRequest,
  type StepResult,
} from "./step.js";
import { categoricalValues, repairMessages, sqlOfReply, t2sMessages } from "./t2s-prompt.js";

export interface SqlLimits {
  timeoutMs: number;
  rowCap: number;
}

/** Runs one query and records it in the step's details. */
export async function runTraced(
  engine: Engine,
  sql: string,
  request: StepRequest,
  limits: SqlLimits,
  details: StepDetails,
): Promise<QueryOutcome> {
  const queryLimits: QueryLimits = { ...limits, signal: request.signal };
  const outcome = await engine.query(sql, inputTables(request.inputs), queryLimits);
  details.sql.push({
    text: sql,
    ok: outcome.ok,
    error: outcome.ok ? null : `${outcome.code}: ${outcome.message}`,
    latency_ms: outcome.latencyMs,
    rows: outcome.ok ? outcome.rows.length : null,
  });
  return outcome;
}

export function t2sResult(outcome: QueryOutcome, details: StepDetails): StepResult {
  if (!outcome.ok) return { ok: false, error: `${outcome.code}: ${outcome.message}`, details };
  const rows = { columns: outcome.columns, rows: outcome.rows };
  return { ok: true, output: { text: rowsText(rows), rows, insights: null }, details };
}

export function t2sExecutor(engine: Engine, ask: Ask, limits: SqlLimits): Executor {
  return {
    async run(request) {
      const details = emptyDetails();
      const values = await categoricalValues(engine);
      const first = t2sMessages({
        engine,
        values,
        inputs: inputTables(request.inputs),
        prompt: request.prompt,
      });
      details.requests.push(first);
      const reply = await ask({ messages: first }, request.signal);
      countReply(details, reply);
      details.replies.push(reply.text);
      const outcome = await runTraced(engine, sqlOfReply(reply.text), request, limits, details);
      if (outcome.ok || outcome.code === "aborted") return t2sResult(outcome, details);
      const repair = repairMessages(first, reply.text, outcome.message);
      details.requests.push(repair);
      const second = await ask({ messages: repair }, request.signal);
      countReply(details, second);
      details.replies.push(second.text);
      return t2sResult(await runTraced(engine, sqlOfReply(second.text), request, limits, details), details);
    },
  };
}
