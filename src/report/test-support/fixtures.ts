/** Results fixtures made by real runs (reference backends, replayed outputs) into a temporary directory. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadCases } from "../../cases/load.js";
import type { Case } from "../../cases/schema.js";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import { definedRun, type RunInput } from "../../runner/define-run.js";
import { silentProgress } from "../../runner/progress.js";
import type { Results } from "../../runner/results.js";
import type { ReportResults } from "../../runner/results-schema.js";
import { runBenchmark } from "../../runner/run.js";

export interface FixtureRun {
  file: string;
  results: Results;
}

/** Runs the benchmark like `tooluse run` would, without a cache or network; returns the file and its contents. */
export async function makeRun(dir: string, name: string, input: RunInput): Promise<FixtureRun> {
  const out = join(dir, `${name}.json`);
  const config = definedRun({ timeout_ms: 10_000, retries: 0, cache: false, out, ...input });
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

/**
 * `n` cases spread evenly over the corpus, half expecting a call: small fixtures still cover calls, abstentions
 * and clarifications, several categories and every difficulty, whatever order the ids sort in.
 */
export function someCases(n: number): Case[] {
  const cases = loadCases(DEFAULT_CASES_FILE);
  const spread = (list: Case[], k: number) =>
    Array.from({ length: k }, (_, i) => list[Math.floor((i * list.length) / k)]).filter(
      (c) => c !== undefined,
    );
  return [
    ...spread(
      cases.filter((c) => "call" in c.expect),
      Math.ceil(n / 2),
    ),
    ...spread(
      cases.filter((c) => !("call" in c.expect)),
      Math.floor(n / 2),
    ),
  ];
}

/** Writes a corpus file (one case per line), so runs on it carry its own digest. */
export function writeCorpus(dir: string, name: string, cases: readonly Case[]): string {
  const file = join(dir, name);
  writeFileSync(file, cases.map((c) => `${JSON.stringify(c)}\n`).join(""));
  return file;
}

/** Writes recorded outputs for `--backend replay`. */
export function writeOutputs(
  dir: string,
  outputs: readonly { id: string; protocol: string; output: string }[],
) {
  const file = join(dir, "outputs.jsonl");
  writeFileSync(file, outputs.map((o) => `${JSON.stringify(o)}\n`).join(""));
  return file;
}

/** A results object as the report reads it (the runner's type is stricter than what the report needs). */
export const asReportResults = (results: Results) => results as unknown as ReportResults;

/** Model output and case text that would run script if the page ever treated data as markup. */
export const PAYLOADS = [
  "<script>window.__pwned=1</script>",
  '<img src=x onerror="window.__pwned=1">',
  "</script><script>window.__pwned=1</script>",
  '<a href="javascript:window.__pwned=1">javascript:window.__pwned=1</a>',
];

/**
 * Two runs on a small corpus of its own: an oracle, and a replayed model whose outputs carry the payloads (one of its
 * records errors: no output recorded) and whose model name and one user message are hostile too.
 */
export async function hostileFixture(dir: string): Promise<{ oracle: FixtureRun; hostile: FixtureRun }> {
  const cases = someCases(8).map((c, i) =>
    i === 1
      ? {
          ...c,
          messages: c.messages.map((m) =>
            m.role === "user" ? { ...m, content: `${m.content} ${PAYLOADS[0]}` } : m,
          ),
        }
      : c,
  );
  const corpus = writeCorpus(dir, "corpus.jsonl", cases);
  const ids = cases.map((c) => c.id);
  const outputs = ids.flatMap((id, i) =>
    ["json", "xml", "plain"].map((protocol) => ({
      id,
      protocol,
      output:
        i === 0 && protocol === "json"
          ? PAYLOADS.join("\n")
          : `${PAYLOADS[i % PAYLOADS.length]} I cannot help.`,
    })),
  );
  // No output for the last case in plain: the replay backend fails that request, so the record is an error.
  const replay = writeOutputs(dir, outputs.slice(0, -1));
  const oracle = await makeRun(dir, "oracle", { backend: "oracle", cases_file: corpus });
  const hostile = editRun(
    await makeRun(dir, "hostile", { backend: "replay", replay_file: replay, cases_file: corpus }),
    (r) => {
      r.model = PAYLOADS[1] as string;
    },
  );
  return { oracle, hostile };
}
