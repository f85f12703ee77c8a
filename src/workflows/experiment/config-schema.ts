/**
 * The schema of `tooluse plan experiment`'s YAML file and the types inferred from it: below both the reader
 * (config.ts) and the checks that need the files it names (config-checks.ts), so neither imports the other for a type.
 */
import { z } from "zod";
import { JUDGE_METRICS } from "../../plans/judge-metrics.js";
import { MODEL_BACKENDS } from "../../runner/session.js";
import { PROMPT_TYPES } from "../plan-models/generate-prompt.js";
import { PROMPT_ROLES } from "../templates.js";

const Whole = (min: number) => z.number().int().min(min);

export const DecodingSchema = z.strictObject({
  temperature: z.number().min(0).default(0),
  max_tokens: Whole(1).default(2048),
  /** off/on send chat_template_kwargs.enable_thinking; default sends nothing (hosted APIs refuse it). */
  thinking: z.enum(["off", "on", "default"]).default("off"),
  seed: Whole(0).nullable().default(null),
});

/** A model and how to reach it; `name` labels its rows in the report (default: the model). */
export const ModelSchema = z.strictObject({
  name: z.string().min(1).optional(),
  model: z.string().min(1),
  backend: z.enum(MODEL_BACKENDS).optional(),
  base_url: z.string().min(1).optional(),
  api_key_env: z.string().min(1).default("OPENAI_API_KEY"),
  decoding: DecodingSchema.prefault({}),
  /** Seconds per request. */
  timeout: z.number().positive().default(120),
  retries: Whole(0).default(4),
  concurrency: Whole(1).default(8),
  /** Prices for the --dry-run estimate, per million tokens. */
  price: z
    .strictObject({ input_per_million: z.number().min(0), output_per_million: z.number().min(0) })
    .optional(),
});
export type ModelConfig = z.infer<typeof ModelSchema>;

export const ExperimentSchema = z.strictObject({
  queries: z.string().min(1),
  split: z.string().min(1).default("test"),
  examples: Whole(0).default(3),
  /** Only these query ids, then only the first `limit` queries: a pilot run. */
  ids: z
    .array(z.union([z.string().min(1), z.number().int()]))
    .min(1)
    .optional(),
  limit: Whole(1).optional(),
  /** The directory every output goes to. */
  out: z.string().min(1).default("experiment"),
  cache_dir: z.string().min(1).optional(),
  prompt_types: z
    .array(z.enum(PROMPT_TYPES))
    .min(1)
    .default([...PROMPT_TYPES]),
  planners: z.array(ModelSchema).min(1),
  judges: z
    .strictObject({
      metric_wise: ModelSchema.optional(),
      metrics: z.array(z.enum(JUDGE_METRICS)).min(1).optional(),
      one_shot: ModelSchema.optional(),
    })
    .prefault({}),
  refine: ModelSchema.extend({ max_passes: Whole(1).default(4) }).optional(),
  /**
   * The execute stage (docs/workspace.md, "The experiment's execute stage"): this model answers R1 (no plan, native
   * tools), R2 (the best plans) and R3 (every generated plan) on the workspace; the answer judge then compares them.
   */
  execute: ModelSchema.extend({
    /** A built workspace; default: the default workspace (built on first use), or this seed and size. */
    workspace: z.string().min(1).optional(),
    workspace_seed: Whole(0).optional(),
    workspace_size: Whole(2_000).max(200_000).optional(),
    /** R1's limit of executed tool calls per query. */
    max_tool_calls: Whole(1).max(100).default(8),
  }).optional(),
  /** `responses` is a file of answers written elsewhere; with an execute stage the executed answers are judged. */
  answers: z.strictObject({ judge: ModelSchema, responses: z.string().min(1).optional() }).optional(),
  human_labels: z
    .strictObject({
      scores: z.string().min(1).optional(),
      tags: z.string().min(1).optional(),
      answers: z.string().min(1).optional(),
    })
    .optional(),
  prompt_files: z.partialRecord(z.enum(PROMPT_ROLES), z.string().min(1)).optional(),
});
export type ExperimentConfig = z.infer<typeof ExperimentSchema>;
export type ExecuteConfig = NonNullable<ExperimentConfig["execute"]>;
