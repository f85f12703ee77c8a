/**
 * The model flags every model-calling command shares (`run` and every `plan` command that asks a model): one
 * definition for commander, one validator. Commands differ only in their defaults (a plan is longer than a tool call).
 */
import { type Command, Option } from "commander";
import { UserError } from "../errors.js";
import { type AskDefaults, PLAN_DEFAULTS, RUN_BOUNDS, RUN_DEFAULTS } from "../runner/defaults.js";
import { choice, decimal, nonEmpty, seconds, wholeNumber, words } from "./flags.js";

/** As commander hands them over: strings, and `cache: false` for --no-cache. */
export interface ModelFlags {
  /** Repeatable: an array once commander has collected it. */
  baseUrl?: string | string[];
  apiKeyEnv?: string;
  concurrency?: string;
  retries?: string;
  timeout?: string;
  maxTokens?: string;
  temperature?: string;
  seed?: string;
  thinking?: string;
  cache?: boolean;
  cacheDir?: string;
  limit?: string;
  ids?: string;
}

export interface ModelFlagDefaults {
  apiKeyEnv: string;
  concurrency: string;
  retries: string;
  /** Seconds. */
  timeout: string;
  maxTokens: string;
}

/** The flags' defaults as commander shows them: the library's own (src/runner/defaults.ts), as strings. */
function flagDefaults(defaults: AskDefaults): ModelFlagDefaults {
  return {
    apiKeyEnv: defaults.apiKeyEnv,
    concurrency: String(defaults.concurrency),
    retries: String(defaults.retries),
    timeout: String(defaults.timeoutMs / 1000),
    maxTokens: String(defaults.maxTokens),
  };
}

export const RUN_FLAG_DEFAULTS: ModelFlagDefaults = flagDefaults(RUN_DEFAULTS);
export const PLAN_FLAG_DEFAULTS: ModelFlagDefaults = flagDefaults(PLAN_DEFAULTS);

export const THINKING_MODES = ["off", "on", "default"] as const;

/** The validated flags. `enableThinking` null leaves the server's default (no chat_template_kwargs sent). */
export interface ModelSettings {
  baseUrl: string | null;
  /** Every --base-url given, in order (replicas of one model); `baseUrl` is the first. */
  baseUrls: string[];
  apiKeyEnv: string;
  concurrency: number;
  retries: number;
  timeoutMs: number;
  maxTokens: number;
  temperature: number;
  seed: number | null;
  enableThinking: boolean | null;
  cache: boolean;
  cacheDir: string | null;
  /** Only the first N selected items (cases, or queries for the plan commands). */
  limit: number | null;
  /** Only these ids (case ids, or query ids). */
  ids: string[] | null;
}

/** What --ids and --limit select: cases for `run`, queries for the plan commands. */
export type Subject = { singular: string; plural: string };

/** Adds the shared flags; `subject` names what --ids and --limit select. */
export function addModelFlags(command: Command, defaults: ModelFlagDefaults, subject: Subject): Command {
  return command
    .option(
      "--base-url <url>",
      "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 (repeat for replicas of one model)",
      (url: string, earlier: string[] | undefined) => [...(earlier ?? []), url],
    )
    .option("--api-key-env <name>", "environment variable holding the API key", defaults.apiKeyEnv)
    .option("--concurrency <n>", "requests in flight", defaults.concurrency)
    .option("--retries <n>", "retries on 429/5xx/timeouts/resets", defaults.retries)
    .option("--timeout <seconds>", "per-request timeout", defaults.timeout)
    .option("--max-tokens <n>", "maximum new tokens", defaults.maxTokens)
    .option("--temperature <t>", "sampling temperature (answers are cached only at 0)", "0")
    .option("--seed <n>", "sampling seed, where the server supports one")
    .addOption(
      new Option(
        "--thinking <mode>",
        "off/on send chat_template_kwargs.enable_thinking; default sends nothing (for hosted APIs)",
      ).default("off"),
    )
    .option("--no-cache", "bypass the response cache (neither read nor written)")
    .option("--cache-dir <dir>", "response cache directory (default $TOOLUSE_CACHE_DIR or ~/.cache/tooluse)")
    .option("--ids <list>", `only these ${subject.singular} ids (comma-separated)`)
    .option("--limit <n>", `only the first N selected ${subject.plural}`);
}

/** Validates the shared flags with the strict validators of src/cli/flags.ts; every message names its flag. */
export function parseModelFlags(flags: ModelFlags, defaults: ModelFlagDefaults): ModelSettings {
  const thinking = choice("--thinking", flags.thinking ?? "off", THINKING_MODES);
  const baseUrls = baseUrlList(flags.baseUrl);
  return {
    baseUrl: baseUrls[0] ?? null,
    baseUrls,
    apiKeyEnv:
      flags.apiKeyEnv === undefined ? defaults.apiKeyEnv : nonEmpty("--api-key-env", flags.apiKeyEnv),
    concurrency: wholeNumber(
      "--concurrency",
      flags.concurrency ?? defaults.concurrency,
      RUN_BOUNDS.concurrency,
    ),
    retries: wholeNumber("--retries", flags.retries ?? defaults.retries, RUN_BOUNDS.retries),
    timeoutMs: seconds("--timeout", flags.timeout ?? defaults.timeout),
    maxTokens: wholeNumber("--max-tokens", flags.maxTokens ?? defaults.maxTokens, { min: 1 }),
    temperature: decimal("--temperature", flags.temperature ?? "0", RUN_BOUNDS.temperature),
    seed: flags.seed === undefined ? null : wholeNumber("--seed", flags.seed),
    enableThinking: thinking === "default" ? null : thinking === "on",
    cache: flags.cache !== false,
    cacheDir: flags.cacheDir === undefined ? null : nonEmpty("--cache-dir", flags.cacheDir),
    limit: flags.limit === undefined ? null : wholeNumber("--limit", flags.limit, { min: 1 }),
    ids: flags.ids === undefined ? null : words("--ids", flags.ids),
  };
}

function baseUrlList(given: string | string[] | undefined): string[] {
  const urls = (given === undefined ? [] : [given].flat()).map((url) => nonEmpty("--base-url", url));
  const normal = urls.map((url) => url.replace(/\/+$/, ""));
  const twice = normal.find((url, i) => normal.indexOf(url) !== i);
  if (twice !== undefined) throw new UserError(`--base-url: ${twice} is given twice; each replica once`);
  return urls;
}
