/** Results fixtures made by real runs (reference backends, replayed outputs) into a temporary directory. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadCases } from "../../cases/load.js";
import type { Case } from "../../cases/schema.js";
import { configFromFlags, type RunFlags } from "../../cli/run.js";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import { silentProgress } from "../../runner/progress.js";
import type { Results } from "../../runner/results.js";
import { runBenchmark } from "../../runner/run.js";
import type { ReportResults } from "../load.js";

export interface FixtureRun {
  file: string;
  results: Results;
}

/** Runs the benchmark like `tooluse run` would, without a cache or network; returns the file and its contents. */
export async function makeRun(dir: string, name: string, flags: Partial<RunFlags>): Promise<FixtureRun> {
  const out = join(dir, `${name}.json`);
  const config = configFromFlags({
    apiKeyEnv: "OPENAI_API_KEY",
    protocol: "all",
    cases: DEFAULT_CASES_FILE,
    concurrency: "8",
    timeout: "10",
    retries: "0",
    cache: false,
    maxTokens: "256",
    temperature: "0",
    thinking: "off",
    out,
    ...flags,
  });
  const results = await runBenchmark(config, false, {
    env: {},
    cacheDir: join(dir, "cache"),
    progress: silentProgress,
    signal: new AbortController().signal,
    log: () => {},
  });
  return { file: out, results };
}

/** Rewrites a results file after a change (a model name, a batch size), as another harness run might have. */
export function editRun(run: FixtureRun, edit: (results: Results) => void): FixtureRun {
  const results = JSON.parse(readFileSync(run.file, "utf8")) as Results;
  edit(results);
  writeFileSync(run.file, `${JSON.stringify(results)}\n`);
  return { file: run.file, results };
}

/** The first `n` cases of the corpus: small fixtures still cover calls, abstentions and clarifications. */
export function someCases(n: number): Case[] {
  const cases = loadCases(DEFAULT_CASES_FILE);
  const picked = [
    ...cases.filter((c) => "call" in c.expect).slice(0, Math.ceil(n / 2)),
    ...cases.filter((c) => !("call" in c.expect)).slice(0, Math.floor(n / 2)),
  ];
  return picked;
}

/** Writes a corpus file (one case per line), so runs on it carry its own digest. */
export function writeCorpus(dir: string, name: string, cases: readonly Case[]): string {
  const file = join(dir, name);
  writeFileSync(file, cases.map((c) => `${JSON.stringify(c)}\n`).join(""));
  return file;
}

/** Writes recorded outputs for `--backend replay`. */
export function writeOutputs(dir: string, outputs: readonly { id: string; protocol: string; output: string }[]) {
  const file = join(dir, "outputs.jsonl");
  writeFileSync(file, outputs.map((o) => `${JSON.stringify(o)}\n`).join(""));
  return file;
}

/** A results object as the report reads it (the runner's type is stricter than what the report needs). */
export const asReportResults = (results: Results) => results as unknown as ReportResults;
