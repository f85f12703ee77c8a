/** `tooluse run`: evaluate a model (or the rule baseline) on the corpus and write a self-describing results file. */
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { FatalBackendError } from "../backends/types.js";
import { CATEGORIES, LANGS, PROTOCOLS, type Protocol } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { DEFAULT_GRADING_PROFILE, gradingProfile } from "../grade/profiles.js";
import { bfclCompatibleLine } from "../metrics/summary.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { formatSummary } from "../report/terminal.js";
import { BACKEND_KINDS, type BackendKind, type RunConfig } from "../runner/config.js";
import { plainProgress, terminalProgress } from "../runner/progress.js";
import { runBenchmark } from "../runner/run.js";
import type { Io } from "./io.js";

export interface RunFlags {
  backend?: string;
  model?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  protocol: string;
  cases: string;
  out?: string;
  resume?: string;
  outputs?: string;
  concurrency: string;
  batchSize?: string;
  timeout: string;
  retries: string;
  cache: boolean;
  cacheDir?: string;
  allowDownload?: boolean;
  modelCache?: string;
  maxTokens: string;
  temperature: string;
  seed?: string;
  thinking: string;
  lang?: string;
  category?: string;
  ids?: string;
  limit?: string;
  json?: boolean;
  minScore?: string;
  rules?: string;
}

function list<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T[] | null {
  if (value === undefined) return null;
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item as T))
      throw new UserError(`${flag}: "${item}" is not one of ${allowed.join(", ")}`);
  }
  return items as T[];
}

function integer(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UserError(`${flag}: expected a whole number ≥ ${min}, got "${value}"`);
  return n;
}

function protocols(value: string): Protocol[] {
  if (value === "all") return ["json", "xml", "plain"];
  return list("--protocol", value.replace(/\ball\b/, "json,xml,plain"), PROTOCOLS) ?? [];
}

function backendKind(flags: RunFlags): BackendKind {
  if (flags.backend) return (list("--backend", flags.backend, BACKEND_KINDS) ?? [])[0] as BackendKind;
  if (flags.outputs) return "replay";
  if (!flags.model) return "baseline";
  return flags.model.endsWith(".gguf") ? "llama" : "openai";
}

function slug(text: string): string {
  return (
    text
      .replace(/^.*[\\/]/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "run"
  );
}

/** Turns command-line flags into a validated run configuration. */
export function configFromFlags(flags: RunFlags, now = new Date()): RunConfig {
  const backend = backendKind(flags);
  const model = flags.model ?? null;
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const thinking = flags.thinking;
  if (!["off", "on", "default"].includes(thinking))
    throw new UserError(`--thinking: expected off, on or default, got "${thinking}"`);
  const chosen = protocols(flags.protocol);
  if ((backend === "llama" || backend === "transformers") && chosen.includes("native")) {
    throw new UserError(
      `--protocol native needs a server's tool parser; with --backend ${backend} use json, xml or plain`,
    );
  }
  for (const [flag, given] of [
    ["--allow-download", flags.allowDownload],
    ["--model-cache", flags.modelCache],
  ] as const) {
    // A resumed run takes its backend from the journal; the flags only say where things are.
    if (given !== undefined && backend !== "transformers" && flags.resume === undefined)
      throw new UserError(`${flag} applies to --backend transformers only`);
  }
  const temperature = Number(flags.temperature);
  if (!Number.isFinite(temperature) || temperature < 0)
    throw new UserError(`--temperature: expected a number ≥ 0`);
  return {
    backend,
    model,
    base_url: flags.baseUrl ?? null,
    api_key_env: flags.apiKeyEnv,
    replay_file: flags.outputs ?? null,
    cases_file: flags.cases,
    protocols: chosen,
    filters: {
      lang: list("--lang", flags.lang, LANGS),
      category: list("--category", flags.category, CATEGORIES),
      ids: flags.ids
        ? flags.ids
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : null,
      limit: flags.limit ? integer("--limit", flags.limit, 1) : null,
    },
    settings: {
      temperature,
      max_tokens: integer("--max-tokens", flags.maxTokens, 1),
      enable_thinking: thinking === "default" ? null : thinking === "on",
      seed: flags.seed ? integer("--seed", flags.seed, 0) : null,
    },
    concurrency: integer("--concurrency", flags.concurrency, 1),
    batch_size: flags.batchSize ? integer("--batch-size", flags.batchSize, 1) : null,
    timeout_ms: Math.round(Number(flags.timeout) * 1000) || 60_000,
    retries: integer("--retries", flags.retries, 0),
    cache: flags.cache,
    rules: gradingProfile(flags.rules ?? DEFAULT_GRADING_PROFILE).name,
    ...(backend === "transformers" ? { allow_download: flags.allowDownload === true } : {}),
    out: flags.out ?? join("results", `${slug(model ?? backend)}-${stamp}.json`),
  };
}

export async function runRun(flags: RunFlags, io: Io): Promise<number> {
  const config = configFromFlags(flags);
  const out = flags.resume ?? config.out;
  mkdirSync(dirname(out), { recursive: true });
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  const progress = io.isTTY ? terminalProgress(io.stderr) : plainProgress(io.stderr);
  try {
    const results = await runBenchmark({ ...config, out }, flags.resume !== undefined, {
      env: flags.modelCache ? { ...process.env, TOOLUSE_MODEL_CACHE: flags.modelCache } : process.env,
      cacheDir: flags.cacheDir ?? process.env.TOOLUSE_CACHE_DIR ?? join(homedir(), ".cache", "tooluse"),
      progress,
      signal: controller.signal,
      log: (line) => io.stderr(`${line}\n`),
    });
    const { summary, counts } = results;
    if (flags.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      io.stdout(
        `\n${results.model} (${results.backend}) on ${results.corpus.name} — ${counts.scored} scored`,
      );
      io.stdout(`${counts.errors > 0 ? `, ${counts.errors} ERRORS (not scored; see records)` : ""}\n\n`);
      io.stdout(formatSummary(summary, { color: io.isTTY }) + bfclCompatibleLine(summary));
      if (results.backend === "baseline") {
        io.stdout(
          "\nThis is the built-in rule baseline (keywords and regular expressions, no model).\n" +
            "Evaluate a real model: npx tooluse run --backend openai --base-url http://127.0.0.1:8000/v1 --model NAME\n",
        );
      }
    }
    io.stdout(`\nresults: ${out}\n`);
    if (counts.scored === 0) {
      io.stderr(
        `tooluse: every request failed (${counts.errors} errors); first: ${results.records[0]?.error}\n`,
      );
      return 2;
    }
    const minScore = flags.minScore === undefined ? null : Number(flags.minScore);
    if (minScore !== null && (summary.score ?? 0) < minScore) {
      io.stderr(`tooluse: score ${summary.score?.toFixed(3)} is below --min-score ${minScore}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (controller.signal.aborted) {
      io.stderr(`tooluse: interrupted; what was done is kept. Continue with: tooluse run --resume ${out}\n`);
      return 130;
    }
    if (error instanceof FatalBackendError) {
      io.stderr(`tooluse: ${error.message}. Continue later with: tooluse run --resume ${out}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

export const DEFAULT_RUN_FLAGS = { cases: DEFAULT_CASES_FILE };
