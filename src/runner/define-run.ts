/**
 * `defineRun`: a run configuration from a partial one, without the CLI. The library's defaults (defaults.ts) go
 * under the input, then every field's bounds and every rule between fields (run-rules.ts) are checked; expected
 * failures come back as issues `{code, path, message}` whose messages name field paths, never flags.
 */
import { join } from "node:path";
import { z } from "zod";
import { DEFAULT_PROTOCOLS } from "../cases/schema.js";
import { DEFAULT_GRADING_PROFILE } from "../grade/profile-names.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { type BackendKind, type RunConfig, RunConfigSchema } from "./config.js";
import { RUN_BOUNDS, RUN_DEFAULTS } from "./defaults.js";
import { describeRunIssue, type RunIssue, runRuleIssues } from "./run-rules.js";

export type { RunIssue } from "./run-rules.js";

/** What a caller may give: any field of a RunConfig, `filters` and `settings` field by field. */
export type RunInput = Partial<Omit<RunConfig, "filters" | "settings" | "repeats">> & {
  filters?: Partial<RunConfig["filters"]>;
  settings?: Partial<RunConfig["settings"]>;
  /** Every (case, protocol) asked K times; 1 (the default) leaves the field out of the config. */
  repeats?: number;
};

export type DefinedRun = { ok: true; config: RunConfig } | { ok: false; issues: RunIssue[] };

/** The backend a run uses when none is named: replay for recorded outputs, the rule baseline without a model. */
export function inferBackend(input: Pick<RunInput, "backend" | "model" | "replay_file">): BackendKind {
  if (input.backend) return input.backend;
  if (input.replay_file) return "replay";
  if (!input.model) return "baseline";
  return input.model.endsWith(".gguf") ? "llama" : "openai";
}

const PRINTABLE_NAME = (name: string) =>
  name.trim() !== "" && name.length <= 200 && !/[\p{Cc}\p{Cf}]/u.test(name);

/** A run's fields with their bounds: stricter than RunConfigSchema, which must also read journals of old runs. */
const InputSchema = RunConfigSchema.extend({
  label: z.string().refine(PRINTABLE_NAME, "expected a name of 1 to 200 printable characters").optional(),
  concurrency: z.number().int().min(RUN_BOUNDS.concurrency.min).max(RUN_BOUNDS.concurrency.max),
  retries: z.number().int().min(RUN_BOUNDS.retries.min).max(RUN_BOUNDS.retries.max),
  timeout_ms: z.number().int().min(1).max(86_400_000),
  settings: RunConfigSchema.shape.settings.extend({
    temperature: z.number().min(RUN_BOUNDS.temperature.min).max(RUN_BOUNDS.temperature.max),
  }),
  repeats: z.number().int().min(RUN_BOUNDS.repeats.min).max(RUN_BOUNDS.repeats.max),
});

/** A file name made of a model or backend name: what `out` defaults to, beside a timestamp. */
function slug(text: string): string {
  return (
    text
      .replace(/^.*[\\/]/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "run"
  );
}

/** The replicas given as `base_urls` (every one) or `base_url` (one): `base_urls` is kept only for several. */
function servers(input: RunInput): { base_url: string | null; base_urls?: string[] } {
  const urls = input.base_urls ?? (input.base_url == null ? [] : [input.base_url]);
  return { base_url: urls[0] ?? null, ...(urls.length > 1 ? { base_urls: urls } : {}) };
}

/**
 * The input over the defaults, in the key order results files have always had (they must stay byte-identical):
 * optional fields appear only when they say something (a label, replicas, repeats above 1…).
 */
function merged(input: RunInput, now: Date): RunConfig & { repeats: number } {
  const backend = inferBackend(input);
  const model = input.model ?? null;
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const filters = input.filters ?? {};
  const settings = input.settings ?? {};
  const repeats = input.repeats ?? 1;
  return {
    backend,
    model,
    ...(input.label === undefined ? {} : { label: input.label }),
    ...servers(input),
    api_key_env: input.api_key_env ?? RUN_DEFAULTS.apiKeyEnv,
    replay_file: input.replay_file ?? null,
    cases_file: input.cases_file ?? DEFAULT_CASES_FILE,
    protocols: input.protocols ?? [...DEFAULT_PROTOCOLS],
    filters: {
      lang: filters.lang ?? null,
      category: filters.category ?? null,
      ids: filters.ids ?? null,
      limit: filters.limit ?? null,
      ...(filters.sample === undefined ? {} : { sample: filters.sample }),
    },
    settings: {
      temperature: settings.temperature ?? 0,
      max_tokens: settings.max_tokens ?? RUN_DEFAULTS.maxTokens,
      enable_thinking: settings.enable_thinking === undefined ? false : settings.enable_thinking,
      seed: settings.seed ?? null,
    },
    concurrency: input.concurrency ?? RUN_DEFAULTS.concurrency,
    batch_size: input.batch_size ?? null,
    timeout_ms: input.timeout_ms ?? RUN_DEFAULTS.timeoutMs,
    retries: input.retries ?? RUN_DEFAULTS.retries,
    cache: input.cache ?? true,
    rules: input.rules ?? DEFAULT_GRADING_PROFILE,
    ...(input.allow_download === undefined && backend !== "transformers"
      ? {}
      : { allow_download: input.allow_download ?? false }),
    repeats,
    ...(input.shard === undefined ? {} : { shard: input.shard }),
    ...(input.system_prompts === undefined ? {} : { system_prompts: input.system_prompts }),
    out: input.out ?? join("results", `${slug(input.label ?? model ?? backend)}-${stamp}.json`),
  };
}

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
  const candidate = merged(input, now);
  const issues = [...runRuleIssues(candidate), ...fieldIssues(candidate)];
  if (issues.length > 0) return { ok: false, issues };
  // K = 1 leaves the field out, so single runs read as they did before repeats existed.
  const { repeats, ...single } = candidate;
  return { ok: true, config: repeats > 1 ? candidate : single };
}

/** `defineRun` for tests and benches, where an issue is a bug: throws an Error listing every issue. */
export function definedRun(input: RunInput, now = new Date()): RunConfig {
  const defined = defineRun(input, now);
  if (defined.ok) return defined.config;
  throw new Error(`invalid run: ${defined.issues.map((issue) => issue.message).join("; ")}`);
}
