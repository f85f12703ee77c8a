/**
 * The one table from a run configuration's field paths to the flags of `tooluse run` that set them: the library's
 * issues name fields (src/runner/define-run.ts), and the CLI names them back as the flags a user typed.
 */
import { UserError } from "../errors.js";
import type { RunConfig } from "../runner/config.js";
import { describeRunIssue, type RunIssue } from "../runner/run-rules.js";

/** The paths of an object's fields: a group's fields, and the group itself when it is optional (`filters.sample`). */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends readonly unknown[]
    ? `${Prefix}${K}`
    : NonNullable<T[K]> extends Record<string, unknown>
      ? (undefined extends T[K] ? `${Prefix}${K}` : never) | Paths<NonNullable<T[K]>, `${Prefix}${K}.`>
      : `${Prefix}${K}`;
}[keyof T & string];

/** Every field path of a RunConfig (`filters.limit`, `settings.seed`…): a new field fails to compile until mapped. */
export type RunFieldPath = Paths<Omit<RunConfig, "system_prompts">> | "system_prompts" | "repeats";

export const RUN_FIELD_FLAGS: Record<RunFieldPath, `--${string}`> = {
  backend: "--backend",
  model: "--model",
  label: "--label",
  base_url: "--base-url",
  base_urls: "--base-url",
  api_key_env: "--api-key-env",
  replay_file: "--outputs",
  cases_file: "--cases",
  protocols: "--protocol",
  "filters.lang": "--lang",
  "filters.category": "--category",
  "filters.ids": "--ids",
  "filters.limit": "--limit",
  "filters.sample": "--sample",
  "filters.sample.n": "--sample",
  "filters.sample.seed": "--seed",
  "settings.temperature": "--temperature",
  "settings.max_tokens": "--max-tokens",
  "settings.enable_thinking": "--thinking",
  "settings.seed": "--seed",
  concurrency: "--concurrency",
  batch_size: "--batch-size",
  timeout_ms: "--timeout",
  retries: "--retries",
  cache: "--no-cache",
  rules: "--rules",
  allow_download: "--allow-download",
  system_prompts: "--system-prompt-file",
  repeats: "--repeats",
  shard: "--shard",
  "shard.index": "--shard",
  "shard.count": "--shard",
  out: "--out",
};

/** The flag of a field path; an element's path (`protocols.1`) is named by its list's flag. */
export function flagOf(path: string): string {
  for (let parts = path.split("."); parts.length > 0; parts = parts.slice(0, -1)) {
    const flag = RUN_FIELD_FLAGS[parts.join(".") as RunFieldPath];
    if (flag !== undefined) return flag;
  }
  return path;
}

/** The issue as the usage error `tooluse run` prints, naming flags. */
export function runIssueError(issue: RunIssue): UserError {
  const message = describeRunIssue(issue, flagOf);
  return issue.code === "asks_no_model" && issue.path === "model"
    ? new UserError(message, { hint: `to name the run, use ${flagOf("label")} NAME` })
    : new UserError(message);
}
