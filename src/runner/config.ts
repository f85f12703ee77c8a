/**
 * A run's configuration: everything needed to repeat or resume it (never the API key itself), as the zod schema a
 * stored one (a journal's header, a results file) is checked against. A new run's path never loads this module
 * (issue 28's cached re-run: define-run.ts is imported only when the quick field check is unsure).
 */
import { z } from "zod";
import { BACKEND_KINDS, type BackendSpec } from "../backends/spec.js";
import { CATEGORIES, LANGS, PROTOCOLS } from "../cases/vocabulary.js";
import { DEFAULT_GRADING_PROFILE, GRADING_PROFILES } from "../grade/profile-names.js";
import type { Shard } from "./shard.js";
import type { SystemPrompts } from "./system-prompts.js";

export { BACKEND_KINDS, type BackendKind } from "../backends/spec.js";

export const ShardSchema = z
  .object({ index: z.number().int().positive(), count: z.number().int().positive() })
  .refine((shard) => shard.index <= shard.count, {
    message: "the shard index is above the shard count",
  }) satisfies z.ZodType<Shard>;

export const SystemPromptsSchema = z.partialRecord(
  z.enum(PROTOCOLS),
  z.object({ file: z.string(), sha256: z.string() }),
) satisfies z.ZodType<SystemPrompts>;

export const RunConfigSchema = z.object({
  backend: z.enum(BACKEND_KINDS),
  model: z.string().nullable(),
  /** `--label NAME`: the name the results file gives the run (its `model`), when not the backend's own. */
  label: z.string().min(1).optional(),
  base_url: z.string().nullable(),
  /** Every replica of the model when there are several (`--base-url` repeated); `base_url` is the first. */
  base_urls: z.array(z.string()).min(2).optional(),
  /** The NAME of the environment variable holding the key; the key is read at run time and written nowhere. */
  api_key_env: z.string(),
  replay_file: z.string().nullable(),
  cases_file: z.string(),
  protocols: z.array(z.enum(PROTOCOLS)).min(1),
  filters: z.object({
    lang: z.array(z.enum(LANGS)).nullable(),
    category: z.array(z.enum(CATEGORIES)).nullable(),
    ids: z.array(z.string()).nullable(),
    limit: z.number().int().positive().nullable(),
    /** `--sample N --seed S`: N cases stratified by category and language (runner/sample.ts); absent otherwise. */
    sample: z.object({ n: z.number().int().positive(), seed: z.number().int() }).optional(),
  }),
  settings: z.object({
    temperature: z.number(),
    max_tokens: z.number().int().positive(),
    enable_thinking: z.boolean().nullable(),
    seed: z.number().int().nullable(),
  }),
  /** Requests in flight per endpoint (with replicas: on each of them). */
  concurrency: z.number().int().positive(),
  batch_size: z.number().int().positive().nullable(),
  timeout_ms: z.number().int().positive(),
  retries: z.number().int().nonnegative(),
  cache: z.boolean(),
  /** The grading profile (`--rules`); journals from before profiles existed were graded under the default. */
  rules: z.enum(GRADING_PROFILES).default(DEFAULT_GRADING_PROFILE),
  /** transformers backend only: whether a hub id's missing files may be fetched from the hub. */
  allow_download: z.boolean().optional(),
  /** `--system-prompt-file`: the protocols whose prompt was replaced, with each file's sha256. */
  system_prompts: SystemPromptsSchema.optional(),
  /** `--repeats K`: every (case, protocol) asked K times; absent when K = 1, so single runs read as before. */
  repeats: z.number().int().min(2).optional(),
  /** `--shard K/N`: this run asks only its share of the pairs; absent for a whole run (and in a merged one). */
  shard: ShardSchema.optional(),
  out: z.string(),
});

export type RunConfig = z.infer<typeof RunConfigSchema>;

// A run configuration must stay a valid backend spec: checked here, where both are visible.
const _isBackendSpec: BackendSpec = {} as RunConfig;
