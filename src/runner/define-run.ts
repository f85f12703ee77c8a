/**
 * `defineRun`: a run configuration from a partial one, without the CLI. The library's defaults (defaults.ts) go
 * under the input, then every field's bounds and every rule between fields (run-rules.ts) are checked; expected
 * failures come back as issues `{code, path, message}` whose messages name field paths, never flags.
 */
import { z } from "zod";
import { type RunConfig, RunConfigSchema } from "./config.js";
import { RUN_BOUNDS } from "./defaults.js";
import { type DefinedRun, definedConfig, isPrintableName, type RunInput, runCandidate } from "./run-input.js";
import { describeRunIssue, type RunIssue, runRuleIssues } from "./run-rules.js";

export { type DefinedRun, inferBackend, type RunInput } from "./run-input.js";
export type { RunIssue } from "./run-rules.js";

/** A run's fields with their bounds: stricter than RunConfigSchema, which must also read journals of old runs. */
const InputSchema = RunConfigSchema.extend({
  label: z.string().refine(isPrintableName, "expected a name of 1 to 200 printable characters").optional(),
  concurrency: z.number().int().min(RUN_BOUNDS.concurrency.min).max(RUN_BOUNDS.concurrency.max),
  retries: z.number().int().min(RUN_BOUNDS.retries.min).max(RUN_BOUNDS.retries.max),
  timeout_ms: z.number().int().min(1).max(86_400_000),
  settings: RunConfigSchema.shape.settings.extend({
    temperature: z.number().min(RUN_BOUNDS.temperature.min).max(RUN_BOUNDS.temperature.max),
  }),
  repeats: z.number().int().min(RUN_BOUNDS.repeats.min).max(RUN_BOUNDS.repeats.max),
});

/** Each field whose own value is out of bounds or of the wrong kind, as an issue naming its path. */
function fieldIssues(candidate: unknown): RunIssue[] {
  const parsed = InputSchema.safeParse(candidate);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    const found = { code: issue.code, path, detail: issue.message };
    return { ...found, message: describeRunIssue(found) };
  });
}

/**
 * A run configuration from `input` over the library's defaults, or every issue found.
 * @example defineRun({ backend: "openai", model: "qwen", base_url: "http://127.0.0.1:8000/v1" })
 */
export function defineRun(input: RunInput, now = new Date()): DefinedRun {
  const candidate = runCandidate(input, now);
  const issues = [...runRuleIssues(candidate), ...fieldIssues(candidate)];
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, config: definedConfig(candidate) };
}

/** `defineRun` for tests and benches, where an issue is a bug: throws an Error listing every issue. */
export function definedRun(input: RunInput, now = new Date()): RunConfig {
  const defined = defineRun(input, now);
  if (defined.ok) return defined.config;
  throw new Error(`invalid run: ${defined.issues.map((issue) => issue.message).join("; ")}`);
}
