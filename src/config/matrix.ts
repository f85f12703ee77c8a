/**
 * The matrix of a config file: every (model, suite) pair is one run with its own results file, journal and cache
 * entries in the config's `out` folder. Running the matrix again resumes it as a whole: finished pairs are kept,
 * an interrupted pair (or one with failed requests) continues from its journal, the rest start.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { loadCases } from "../cases/load.js";
import { UserError } from "../errors.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import type { RunConfig } from "../runner/config.js";
import { journalPath } from "../runner/journal.js";
import { operationalOf } from "../runner/operational.js";
import type { Results } from "../runner/results.js";
import { type RunEnvironment, runBenchmark } from "../runner/run.js";
import { readYamlConfig } from "../yaml-config.js";
import { type MatrixConfig, MatrixConfigSchema, type MatrixModel } from "./schema.js";

/** Backends that ask a model, and so need `model:`. */
const NEEDS_MODEL = new Set(["openai", "llama", "transformers"]);

/** Reads and checks a config; paths inside it become relative to its folder. */
export function readMatrixConfig(file: string): MatrixConfig {
  const { data, lineAt } = readYamlConfig(file, MatrixConfigSchema);
  const fail = (path: (string | number)[], message: string) =>
    new UserError(
      `${file}:${lineAt(path)}: ${path
        .map((p) => (typeof p === "number" ? `[${p}]` : p))
        .join(".")
        .replace(/\.\[/g, "[")}: ${message}`,
    );
  for (const [key, list] of [
    ["models", data.models],
    ["suites", data.suites],
  ] as const) {
    const names = list.map((entry) => entry.name);
    const twice = names.findIndex((name, i) => names.indexOf(name) !== i);
    if (twice >= 0)
      throw fail([key, twice, "name"], `"${names[twice]}" is used twice; give each its own name`);
  }
  data.models.forEach((model, i) => {
    if (NEEDS_MODEL.has(model.backend) && !model.model)
      throw fail(["models", i], `backend ${model.backend} needs model: (the model to ask)`);
    if (model.backend === "openai" && !model.base_url && !model.base_urls)
      throw fail(["models", i], "backend openai needs base_url: or base_urls: (the server's address)");
  });
  const base = dirname(file);
  const resolve = (path: string) => (isAbsolute(path) ? path : join(base, path));
  const suites = data.suites.map((suite) =>
    suite.cases ? { ...suite, cases: resolve(suite.cases) } : suite,
  );
  // Every suite and local model is checked now, before the first run spends a request: a bad file in the last
  // suite must not be found after the others have run.
  suites.forEach((suite, i) => {
    if (!suite.cases) return;
    try {
      if (loadCases(suite.cases).length === 0) throw new UserError(`${suite.cases}: no cases`);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      throw fail(["suites", i, "cases"], error.message);
    }
  });
  data.models.forEach((model, i) => {
    if (model.backend === "llama" && model.model && !isFile(model.model))
      throw fail(["models", i, "model"], `no such GGUF file ${model.model}`);
  });
  return {
    ...data,
    out: resolve(data.out),
    ...(data.cache_dir ? { cache_dir: resolve(data.cache_dir) } : {}),
    suites,
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export interface MatrixRun {
  model: string;
  suite: string;
  config: RunConfig;
}

function runConfigOf(model: MatrixModel, casesFile: string, matrix: MatrixConfig, out: string) {
  const urls = model.base_urls ?? (model.base_url ? [model.base_url] : []);
  const config: RunConfig = {
    backend: model.backend,
    model: model.model ?? null,
    // The config's name labels the run everywhere (results file, leaderboards, report, compare): two models served
    // under one name, or a path to a GGUF file, would otherwise read alike or unreadably.
    label: model.name,
    base_url: urls[0] ?? null,
    ...(urls.length > 1 ? { base_urls: urls } : {}),
    api_key_env: model.api_key_env,
    replay_file: null,
    cases_file: casesFile,
    protocols: matrix.protocols,
    filters: { lang: null, category: null, ids: null, limit: null },
    settings: {
      temperature: model.decoding.temperature,
      max_tokens: model.decoding.max_tokens,
      enable_thinking: model.decoding.thinking === "default" ? null : model.decoding.thinking === "on",
      seed: model.decoding.seed,
    },
    concurrency: model.concurrency,
    batch_size: null,
    timeout_ms: Math.round(model.timeout * 1000),
    retries: model.retries,
    cache: true,
    rules: matrix.rules,
    out,
  };
  return config;
}

/** Every (model, suite) run, models first: a model's suites run one after another. */
export function planMatrix(config: MatrixConfig): MatrixRun[] {
  return config.models.flatMap((model) =>
    config.suites.map((suite) => ({
      model: model.name,
      suite: suite.name,
      config: runConfigOf(
        model,
        suite.cases ?? DEFAULT_CASES_FILE,
        config,
        join(config.out, `${model.name}--${suite.name}.json`),
      ),
    })),
  );
}

export type MatrixStatus = "done" | "resumed" | "new";

/** True when a results file records failed or missing requests (an unreadable one is left to the report). */
function hasFailures(out: string): boolean {
  try {
    const { counts } = JSON.parse(readFileSync(out, "utf8")) as {
      counts?: { errors?: number; missing?: number };
    };
    return (counts?.errors ?? 0) > 0 || (counts?.missing ?? 0) > 0;
  } catch {
    return false;
  }
}

/** Runs what is left of the matrix; `onRun` hears each run before it starts. Returns the results files. */
export async function runMatrix(
  runs: readonly MatrixRun[],
  runEnv: RunEnvironment,
  onRun: (run: MatrixRun, status: MatrixStatus) => void,
): Promise<{ files: string[]; results: Results[] }> {
  const files: string[] = [];
  const results: Results[] = [];
  for (const run of runs) {
    const out = run.config.out;
    files.push(out);
    const resume = existsSync(journalPath(out));
    // A finished run whose requests all got an answer is kept; one with failed requests is resumed, which asks
    // exactly those again.
    if (existsSync(out) && !(resume && hasFailures(out))) {
      onRun(run, "done");
      continue;
    }
    onRun(run, resume ? "resumed" : "new");
    // A resumed run takes the file's operational settings now (a server that moved); it keeps what decides answers.
    const change = resume ? { change: operationalOf(run.config) } : {};
    results.push(await runBenchmark(run.config, resume, runEnv, change));
  }
  return { files, results };
}
