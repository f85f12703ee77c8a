/**
 * `tooluse.config.yaml`: several models × several suites in one command. Each model names how to reach it (one or
 * more base URLs: replicas), which environment variable holds its key (the name only; keys never reach a file), its
 * decoding overrides and its per-endpoint concurrency. The JSON Schema for editors is generated from this one
 * (`tooluse.config.schema.json`, kept in step by a test).
 */
import { z } from "zod";
import { DEFAULT_PROTOCOLS, PROTOCOLS } from "../cases/schema.js";
import { DEFAULT_GRADING_PROFILE, GRADING_PROFILES } from "../grade/profile-names.js";
import { BACKEND_KINDS } from "../runner/config.js";

const Whole = (min: number) => z.number().int().min(min);

export const MatrixDecodingSchema = z.strictObject({
  temperature: z.number().min(0).max(2).default(0),
  max_tokens: Whole(1).default(256),
  /** off/on send chat_template_kwargs.enable_thinking; default sends nothing (hosted APIs refuse it). */
  thinking: z.enum(["off", "on", "default"]).default("off"),
  seed: Whole(0).nullable().default(null),
});

export const MatrixModelSchema = z
  .strictObject({
    /** Labels the model's results file and leaderboard row. */
    name: z.string().regex(/^[\w.-]+$/, "letters, digits, '.', '_' or '-' (it names files)"),
    backend: z.enum(BACKEND_KINDS).default("openai"),
    /** The served model name (openai), a .gguf path (llama) or a checkpoint (transformers). */
    model: z.string().min(1).optional(),
    base_url: z.string().min(1).optional(),
    /** Replicas of the model: each request goes to the least busy one. */
    base_urls: z.array(z.string().min(1)).min(1).optional(),
    /** The NAME of the environment variable holding the API key. */
    api_key_env: z.string().min(1).default("OPENAI_API_KEY"),
    decoding: MatrixDecodingSchema.prefault({}),
    /** Requests in flight per endpoint. */
    concurrency: Whole(1).default(8),
    /** Seconds per request. */
    timeout: z.number().positive().default(60),
    retries: Whole(0).default(4),
  })
  .refine((m) => !(m.base_url && m.base_urls), { message: "give base_url or base_urls, not both" });

export const MatrixSuiteSchema = z.strictObject({
  name: z.string().regex(/^[\w.-]+$/, "letters, digits, '.', '_' or '-' (it names files)"),
  /** A cases JSONL (tooluse import writes them); absent: the built-in ToolUse.1. */
  cases: z.string().min(1).optional(),
});

export const MatrixConfigSchema = z.strictObject({
  /** The folder every results file, journal and the leaderboard go to (relative to the config file). */
  out: z.string().min(1).default("results"),
  cache_dir: z.string().min(1).optional(),
  protocols: z
    .array(z.enum(PROTOCOLS))
    .min(1)
    .default([...DEFAULT_PROTOCOLS]),
  /** The grading profile every run uses. */
  rules: z.enum(GRADING_PROFILES).default(DEFAULT_GRADING_PROFILE),
  suites: z
    .array(MatrixSuiteSchema)
    .min(1)
    .default([{ name: "ToolUse.1" }]),
  models: z.array(MatrixModelSchema).min(1),
});

export type MatrixConfig = z.infer<typeof MatrixConfigSchema>;
export type MatrixModel = z.infer<typeof MatrixModelSchema>;
