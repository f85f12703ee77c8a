/**
 * The cost of re-grading stored results (issue 24): `report`, `compare` and `merge` grade every scored record again
 * from its raw output. One results file of 10,000 records (2,500 cases, copies of ToolUse.1's under new ids, × json,
 * xml, plain, native; outputs mixed as in bench/report.ts), graded by the real grader under the default profile.
 * Prints the re-grading alone (CPU time, median of 5, and the first, cold pass) and the whole load of the file as
 * `report` does it (read, validate, re-grade, recompute the summary). Target: re-grading 10,000 records in under
 * 2 CPU-seconds. Run: npm run bench:regrade
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import type { Case, Protocol } from "../src/cases/schema.js";
import { gradingProfile } from "../src/grade/profiles.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { loadRuns, readResults } from "../src/report/load.js";
import { regradeResults } from "../src/report/regrade.js";
import { sha256 } from "../src/runner/canonical-json.js";
import { definedRun } from "../src/runner/define-run.js";
import type { RunRecord } from "../src/runner/record.js";
import { buildResults } from "../src/runner/results.js";
import { tempDir } from "../src/test-support/temp.js";
import { atMost } from "./target.js";

const RECORDS = 10_000;
const PROTOCOLS: Protocol[] = ["json", "xml", "plain", "native"];
const base = loadCases(DEFAULT_CASES_FILE);
const copies = Math.ceil(RECORDS / PROTOCOLS.length / base.length);
const cases: Case[] = Array.from({ length: copies }, (_, k) =>
  base.map((c) => ({ ...c, id: `${c.id}-${k}` })),
)
  .flat()
  .slice(0, RECORDS / PROTOCOLS.length);
const grader = gradingProfile("tooluse");

/** Oracle answers, answers wrapped in thinking or prose, wrong tools, refusals and a malformed attempt. */
function output(testCase: Case, protocol: Protocol, i: number): string {
  const oracle = referenceOutput("oracle", testCase, protocol);
  if (protocol === "native") return i % 3 === 0 ? referenceOutput("never-call", testCase, protocol) : oracle;
  switch (i % 7) {
    case 0:
    case 1:
      return oracle;
    case 2:
      return `<think>The user asks about ${testCase.category}; which tool fits?</think>\n${oracle}`;
    case 3:
      return `Sure! Here is the call:\n\`\`\`json\n${oracle}\n\`\`\`\nAnything else?`;
    case 4:
      return referenceOutput("always-call", testCase, protocol);
    case 5:
      return "I'm sorry, but I can't help with that directly; here is what I know about the topic in general.";
    default:
      return '{"name": "calculator", "arguments": {"expression": "2+2"';
  }
}

const dir = tempDir("tooluse-bench-regrade-");
try {
  const casesFile = join(dir.path, "cases.jsonl");
  const casesText = cases.map((c) => `${JSON.stringify(c)}\n`).join("");
  writeFileSync(casesFile, casesText);
  const records: RunRecord[] = [];
  cases.forEach((testCase, i) => {
    for (const protocol of PROTOCOLS) {
      const text = output(testCase, protocol, i);
      records.push({
        id: testCase.id,
        protocol,
        status: "scored",
        output: text,
        verdict: grader.grade(testCase, { id: testCase.id, protocol, output: text }),
        grading: { profile: grader.name, version: grader.version },
        error: null,
        latency_ms: 400,
        prompt_tokens: 900,
        completion_tokens: 40,
        finish_reason: "stop",
        attempts: 1,
        cached: false,
      });
    }
  });
  const config = definedRun({
    backend: "openai",
    model: "vendor/model-instruct",
    base_url: "http://127.0.0.1:8000/v1",
    api_key_env: "OPENAI_API_KEY",
    protocols: ["json", "xml", "plain", "native"],
    cases_file: casesFile,
    concurrency: 8,
    timeout_ms: 60_000,
    retries: 4,
    cache: true,
  });
  const results = buildResults({
    harnessVersion: "bench",
    grading: { profile: grader.name, version: grader.version },
    corpus: {
      name: casesFile,
      version: null,
      digest: `sha256:${sha256(casesText)}`,
      file: casesFile,
      cases: cases.length,
    },
    model: config.model ?? "model",
    config,
    cases,
    records,
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
  });
  const file = join(dir.path, "run.json");
  writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);

  /** Wall and CPU milliseconds (the whole process's CPU, V8's helper threads included: no more than one core's work). */
  const time = <T>(work: () => T): { wall: number; cpu: number; value: T } => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const value = work();
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000, value };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const ROUNDS = 5;
  const regrades: { wall: number; cpu: number }[] = [];
  const loads: { wall: number; cpu: number }[] = [];
  let differing = -1;
  for (let round = 0; round < ROUNDS; round++) {
    const stored = readResults(file);
    const regraded = time(() => regradeResults(stored, cases, file));
    regrades.push(regraded);
    differing = regraded.value.differences.length;
    loads.push(time(() => loadRuns([file])));
  }
  const cold = regrades[0] as { wall: number; cpu: number };
  const regrade = median(regrades.map((r) => r.cpu));
  const load = median(loads.map((r) => r.cpu));
  console.log(`${records.length} records, ${cases.length} cases × ${PROTOCOLS.length} protocols`);
  console.log(
    `re-grading: ${regrade.toFixed(0)} ms of CPU (median of ${ROUNDS}; ${((regrade * 1000) / records.length).toFixed(0)} µs per record), ${median(regrades.map((r) => r.wall)).toFixed(0)} ms wall; first pass (cold) ${cold.cpu.toFixed(0)} ms of CPU`,
  );
  console.log(
    `report's whole load of the file (read, validate, re-grade, recompute the summary): ${load.toFixed(0)} ms of CPU, of which re-grading ${((100 * regrade) / load).toFixed(0)}%`,
  );
  if (differing !== 0) {
    console.log(
      `TARGET MISSED: ${differing} verdicts differ; re-grading a freshly graded file must reproduce each one`,
    );
    process.exitCode = 1;
  }
  atMost("re-grading 10,000 records (CPU, median)", regrade, 2000, "ms");
} finally {
  dir.remove();
}
