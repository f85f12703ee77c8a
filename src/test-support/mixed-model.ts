/**
 * A scripted model that is right on about three prompts in four and answers the rest with prose: a deterministic
 * function of the prompt, so any two runs (sharded, over replicas) must agree record for record.
 */
import type { Case } from "../cases/schema.js";
import type { ChatBody, ScriptedReply } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { canonicalJson, sha256 } from "../runner/canonical-json.js";

export function mixedScript(cases: readonly Case[]): (body: ChatBody) => ScriptedReply {
  const perfect = perfectScript(cases);
  return (body) =>
    Number.parseInt(sha256(canonicalJson(body.messages)).slice(0, 8), 16) % 4 === 0
      ? { content: "I am not sure what to do here." }
      : perfect(body);
}

/** A results file without what legitimately differs between two runs of the same work (clock, latency, server). */
export function comparableResults(results: Record<string, unknown>): unknown {
  const {
    started_at: _s,
    finished_at: _f,
    config,
    records,
    ...rest
  } = results as {
    started_at: string;
    finished_at: string;
    config: Record<string, unknown>;
    records: Record<string, unknown>[];
  };
  const { base_url: _b, base_urls: _bs, concurrency: _c, ...measured } = config;
  return {
    ...rest,
    config: measured,
    records: records.map(({ latency_ms: _l, endpoint: _e, attempts: _a, ...record }) => record),
  };
}
