/**
 * Plan execution speed. Builds the default workspace (seed 1, 20,000 interactions) from scratch and times it;
 * executes all 200 best plans on it with the scripted model (through the T2S/RAG/LLM executors) and with the
 * oracle, checking that every plan is answered and every reference answer reproduced; then builds the
 * 200,000-interaction workspace and times it, and executes the best plans there to measure T2S query latency.
 * Prints wall and CPU time, queries per second and memory; exits 1 when a target (on CPU seconds, and the p95 T2S
 * latency at 200,000) is missed or an answer is wrong.
 * Run: npm run bench:execute [-- --skip-large] [--keep]   (workspaces go to a temp folder, removed unless --keep)
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DATA_DIR } from "../src/paths.js";
import { NO_MODEL } from "../src/planning/execute/ask.js";
import { oracleExecutors } from "../src/planning/execute/oracle.js";
import {
  DEFAULT_EXECUTE_LIMITS,
  executePlans,
  type PlanAnswer,
  type PlanToRun,
} from "../src/planning/execute/runner.js";
import { type ScriptedQuery, scriptedModel } from "../src/planning/execute/scripted-model.js";
import { correctness } from "../src/planning/ground-truth/correct.js";
import { readVocabulary } from "../src/planning/ground-truth/mentions.js";
import { computeReferenceAnswers } from "../src/planning/ground-truth/reference-answers.js";
import { readReferences } from "../src/planning/ground-truth/references.js";
import { storeDescriptionOf } from "../src/planning/store-description.js";
import { buildWorkspace } from "../src/workspace/build.js";
import { openWorkspace, type Workspace } from "../src/workspace/open.js";
import { atLeast, atMost } from "./target.js";

const args = process.argv.slice(2);
const QUERIES = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as ScriptedQuery & { query: string });
const REFERENCES = readReferences();
const PLANS: PlanToRun[] = QUERIES.map((q) => ({
  key: q.query_id,
  queryId: q.query_id,
  query: q.query,
  plan: q.best_plan,
}));
// A longer time limit than the default: the machine a bench runs on may be shared.
const LIMITS = { ...DEFAULT_EXECUTE_LIMITS, timeoutMs: 60_000 };
const root = join(tmpdir(), `tooluse-bench-execute-${process.pid}`);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

async function build(size: number): Promise<{ dir: string; seconds: number; cpu: number }> {
  // CPU seconds are the targets: wall time on a shared machine says more about the neighbours.
  const dir = join(root, `size-${size}`);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await buildWorkspace({ seed: 1, size, dir, description: storeDescriptionOf() });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `built ${size} interactions in ${seconds.toFixed(1)} s wall, ${cpuSeconds(cpu).toFixed(1)} s CPU`,
  );
  return { dir, seconds, cpu: cpuSeconds(cpu) };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

interface Executed {
  answers: PlanAnswer[];
  seconds: number;
  cpu: number;
  /** Latency of every T2S query run, in ms. */
  t2s: number[];
}

async function execute(label: string, workspace: Workspace, oracle: boolean): Promise<Executed> {
  const model = scriptedModel(QUERIES, REFERENCES);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = await executePlans(PLANS, workspace, oracle ? NO_MODEL : model.ask, {
    concurrency: 4,
    ...(oracle ? { executors: oracleExecutors(workspace, REFERENCES, LIMITS) } : { limits: LIMITS }),
  });
  const seconds = (performance.now() - started) / 1000;
  const steps = answers.flatMap((a) => a.steps);
  const t2s = steps.filter((s) => s.tool === "T2S").flatMap((s) => s.details.sql.map((q) => q.latency_ms));
  console.log(
    `${label}: ${answers.length} plans (${steps.length} steps) in ${seconds.toFixed(1)} s wall, ${cpuSeconds(cpu).toFixed(1)} s CPU: ` +
      `${(answers.length / seconds).toFixed(1)} queries/s; T2S query latency median ${percentile(t2s, 0.5)} ms, ` +
      `p95 ${percentile(t2s, 0.95)} ms, max ${Math.max(...t2s)} ms over ${t2s.length} queries; heap ${mb(process.memoryUsage().heapUsed)}, peak RSS ${mb(peakRss)}`,
  );
  return { answers, seconds, cpu: cpuSeconds(cpu), t2s };
}

async function check(label: string, workspace: Workspace, answers: readonly PlanAnswer[]): Promise<void> {
  const references = await computeReferenceAnswers(workspace.engine, REFERENCES);
  const vocabulary = await readVocabulary(workspace.engine);
  const answered = answers.filter((a) => a.status === "answered").length;
  const correct = references.filter(
    (r) => correctness(answers.find((a) => a.query_id === r.query_id)?.answer ?? null, r, vocabulary).correct,
  ).length;
  atLeast(`${label}: plans answered`, answered, PLANS.length, "plans");
  atLeast(`${label}: reference answers reproduced`, correct, references.length, "answers");
}

try {
  const small = await build(20_000);
  atMost("default workspace build (20,000 interactions), CPU", small.cpu, 30, "s");
  const workspace = await openWorkspace(small.dir);
  try {
    const scripted = await execute("scripted model, 20,000", workspace, false);
    atMost("200 best plans with the scripted model (20,000 interactions), CPU", scripted.cpu, 90, "s");
    await check("scripted model", workspace, scripted.answers);
    const oracle = await execute("oracle, 20,000", workspace, true);
    await check("oracle", workspace, oracle.answers);
  } finally {
    await workspace.close();
  }
  if (!args.includes("--skip-large")) {
    const large = await build(200_000);
    atMost("200,000-interaction workspace build, CPU", large.cpu, 300, "s");
    const big = await openWorkspace(large.dir);
    try {
      const executed = await execute("scripted model, 200,000", big, false);
      await check("scripted model at 200,000", big, executed.answers);
      atMost("T2S query latency at 200,000 interactions (p95)", percentile(executed.t2s, 0.95), 5_000, "ms");
      atLeast(
        "plans answered at 200,000 interactions",
        executed.answers.filter((a) => a.status === "answered").length,
        PLANS.length,
        "plans",
      );
    } finally {
      await big.close();
    }
  }
  console.log(`peak RSS ${mb(peakRss)}`);
} finally {
  clearInterval(sampler);
  if (!args.includes("--keep")) rmSync(root, { recursive: true, force: true });
}
