/**
 * A run's input over the library's defaults (what `defineRun` checks), and a quick check of its fields without the
 * schema library: `quickDefineRun` answers for an input it is sure of and leaves every other to `defineRun`
 * (define-run.ts), which loads zod. A run started from usual flags never loads zod for its configuration (issue
 * 28's cached re-run); define-run.test.ts holds the two together (wherever the quick check answers, it answers as
 * `defineRun` does).
 */
import { join } from "node:path";
import { BACKEND_KINDS, type BackendKind } from "../backends/spec.js";
import { CATEGORIES, DEFAULT_PROTOCOLS, LANGS, PROTOCOLS } from "../cases/vocabulary.js";
import { DEFAULT_GRADING_PROFILE, GRADING_PROFILES } from "../grade/profile-names.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import type { RunConfig } from "./config.js";
import { RUN_BOUNDS, RUN_DEFAULTS } from "./defaults.js";
import { type RunIssue, runRuleIssues } from "./run-rules.js";
import type { Shard } from "./shard.js";
import {
  between,
  fields,
  isBoolean,
  isString,
  listOf,
  oneOf,
  orAbsent,
  orNull,
  whole,
} from "./value-checks.js";

/** What a caller may give: any field of a RunConfig, `filters` and `settings` field by field. */
export type RunInput = Partial<Omit<RunConfig, "filters" | "settings" | "repeats">> & {
  filters?: Partial<RunConfig["filters"]>;
  settings?: Partial<RunConfig["settings"]>;
  /** Every (case, protocol) asked K times; 1 (the default) leaves the field out of the config. */
  repeats?: number;
};

export type DefinedRun = { ok: true; config: RunConfig } | { ok: false; issues: RunIssue[] };

/** A run's configuration with its repeats, before its fields are checked. */
export type RunCandidate = RunConfig & { repeats: number };

/** The backend a run uses when none is named: replay for recorded outputs, the rule baseline without a model. */
export function inferBackend(input: Pick<RunInput, "backend" | "model" | "replay_file">): BackendKind {
  if (input.backend) return input.backend;
  if (input.replay_file) return "replay";
  if (!input.model) return "baseline";
  return input.model.endsWith(".gguf") ? "llama" : "openai";
}

/** What `--label` may be: 1 to 200 printable characters, not only spaces. */
export const isPrintableName = (name: string) =>
  name.trim() !== "" && name.length <= 200 && !/[\p{Cc}\p{Cf}]/u.test(name);

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
export function runCandidate(input: RunInput, now: Date): RunCandidate {
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

/** The configuration a candidate that passed every check becomes: K = 1 leaves `repeats` out, as before repeats. */
export function definedConfig(candidate: RunCandidate): RunConfig {
  const { repeats, ...single } = candidate;
  return repeats > 1 ? candidate : single;
}

/** An object whose listed number fields are whole numbers of at least `min` each. */
const wholeFields = (names: readonly string[], min: number) =>
  fields(Object.fromEntries(names.map((name) => [name, whole(min)])));

const ONLY = { only: true };

/**
 * Every field's own check as define-run.ts's schema makes it, a shard's index at most its count. Only the fields
 * listed: system prompts, and any field added to the schema and not here, are left to the schema.
 */
const surelyValid = fields(
  {
    backend: oneOf(BACKEND_KINDS),
    model: orNull(isString),
    label: orAbsent((value) => isString(value) && isPrintableName(value)),
    base_url: orNull(isString),
    base_urls: orAbsent(listOf(isString, 2)),
    api_key_env: isString,
    replay_file: orNull(isString),
    cases_file: isString,
    protocols: listOf(oneOf(PROTOCOLS), 1),
    filters: fields(
      {
        lang: orNull(listOf(oneOf(LANGS))),
        category: orNull(listOf(oneOf(CATEGORIES))),
        ids: orNull(listOf(isString)),
        limit: orNull(whole(1)),
        sample: orAbsent(
          (value) =>
            wholeFields(["n"], 1)(value) && whole(Number.MIN_SAFE_INTEGER)((value as { seed: unknown }).seed),
        ),
      },
      ONLY,
    ),
    settings: fields(
      {
        temperature: between(RUN_BOUNDS.temperature.min, RUN_BOUNDS.temperature.max),
        max_tokens: whole(1),
        enable_thinking: orNull(isBoolean),
        seed: orNull(whole(Number.MIN_SAFE_INTEGER)),
      },
      ONLY,
    ),
    concurrency: whole(RUN_BOUNDS.concurrency.min, RUN_BOUNDS.concurrency.max),
    batch_size: orNull(whole(1)),
    timeout_ms: whole(1, 86_400_000),
    retries: whole(RUN_BOUNDS.retries.min, RUN_BOUNDS.retries.max),
    cache: isBoolean,
    rules: orAbsent(oneOf(GRADING_PROFILES)),
    allow_download: orAbsent(isBoolean),
    repeats: whole(RUN_BOUNDS.repeats.min, RUN_BOUNDS.repeats.max),
    shard: orAbsent(
      (value) =>
        wholeFields(["index", "count"], 1)(value) && (value as Shard).index <= (value as Shard).count,
    ),
    out: isString,
  },
  ONLY,
);

/**
 * `defineRun`'s answer for an input this check is sure of (no rule broken, every field within its bounds), else
 * null: then `defineRun` decides and names every issue.
 */
export function quickDefineRun(input: RunInput, now = new Date()): DefinedRun | null {
  const candidate = runCandidate(input, now);
  if (runRuleIssues(candidate).length > 0 || !surelyValid(candidate)) return null;
  return { ok: true, config: definedConfig(candidate) };
}
