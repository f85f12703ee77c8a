/**
 * The configuration of `tooluse plan experiment`: planners, prompt types, judges, the refine loop, the answer judge
 * and optional human labels, in one YAML file. Every problem is one line `file:line: field: what was expected`.
 * Paths inside the file are relative to the file's directory. The documented example is examples/experiment.yaml.
 */
import { dirname, isAbsolute, join } from "node:path";
import { z } from "zod";
import { UserError } from "../../errors.js";
import { readYamlConfig } from "../../yaml-config.js";
import { PROMPT_TYPES } from "../models/generate-prompt.js";
import { JUDGE_METRICS } from "../models/judge-prompts.js";
import { MODEL_BACKENDS } from "../models/session.js";
import { PROMPT_ROLES } from "../models/templates.js";
import { checkExperimentConfig, fieldLabels } from "./config-checks.js";

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

/** The label of a model's rows: its name, or the model. */
export function labelOf(model: ModelConfig): string {
  return model.name ?? model.model;
}

/** Reads and validates a config; relative paths become relative to the config file. */
export function readExperimentConfig(file: string): ExperimentConfig {
  const { data: config, lineAt } = readYamlConfig(file, ExperimentSchema);
  const labels = config.planners.map(labelOf);
  const twice = labels.find((label, i) => labels.indexOf(label) !== i);
  if (twice !== undefined) {
    const index = labels.lastIndexOf(twice);
    throw new UserError(
      `${file}:${lineAt(["planners", index])}: planners[${index}]: the label "${twice}" is used twice; give each planner its own name`,
    );
  }
  if (config.answers && config.execute && config.answers.responses !== undefined)
    throw new UserError(
      `${file}:${lineAt(["answers", "responses"])}: answers.responses: the execute stage produces the answers to judge; drop responses (or the execute section)`,
    );
  if (config.answers && !config.execute && config.answers.responses === undefined)
    throw new UserError(
      `${file}:${lineAt(["answers"])}: answers.responses: expected a responses file, or an execute section whose answers are judged`,
    );
  if (
    config.execute?.workspace &&
    (config.execute.workspace_seed ?? config.execute.workspace_size) !== undefined
  )
    throw new UserError(
      `${file}:${lineAt(["execute", "workspace"])}: execute.workspace: a built workspace has its own seed and size; drop workspace_seed/workspace_size`,
    );
  const base = dirname(file);
  const resolve = (path: string) => (isAbsolute(path) ? path : join(base, path));
  const resolved: ExperimentConfig = {
    ...config,
    queries: resolve(config.queries),
    out: resolve(config.out),
    ...(config.cache_dir ? { cache_dir: resolve(config.cache_dir) } : {}),
    ...(config.answers?.responses
      ? { answers: { ...config.answers, responses: resolve(config.answers.responses) } }
      : {}),
    ...(config.execute?.workspace
      ? { execute: { ...config.execute, workspace: resolve(config.execute.workspace) } }
      : {}),
    ...(config.human_labels
      ? {
          human_labels: Object.fromEntries(
            Object.entries(config.human_labels).map(([kind, path]) => [kind, resolve(path as string)]),
          ),
        }
      : {}),
    ...(config.prompt_files
      ? {
          prompt_files: Object.fromEntries(
            Object.entries(config.prompt_files).map(([role, path]) => [role, resolve(path as string)]),
          ),
        }
      : {}),
  };
  // Before any request: a mistake in the file is named by its line and field, never by a command-line flag.
  checkExperimentConfig(resolved, fieldLabels(file, lineAt));
  return resolved;
}
