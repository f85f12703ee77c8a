/**
 * In-process grading of ToolUse.1 outputs on one core (issue 14): every case's oracle output in each of the four
 * protocols, graded under the default profile, so every verdict carries ours and BFCL's. Target: 100,000 outputs
 * per CPU-second. The grading loop's CPU time decides (`process.cpuUsage`: the whole process, so V8's compiler and GC
 * threads count too and the figure is at most what one core grades; on a shared machine wall time mostly measures the
 * queue for a core); wall time is printed too. Run with tsx, without the CLI's --no-turbo-inlining. Best of five
 * rounds after two of warm-up, each round grading the whole set twenty times.
 * Run alone: npx tsx bench/grade-in-process.ts (bench/bfcl-speed.ts runs it as its second part).
 */
import { pathToFileURL } from "node:url";
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import { type Case, PROTOCOLS } from "../src/cases/schema.js";
import type { Output } from "../src/grade/grade.js";
import { gradingProfile } from "../src/grade/profiles.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { atLeast } from "./target.js";

const TARGET = 100_000;
const REPEATS = 20;
const WARM_UP = 2;
const ROUNDS = 5;

interface Round {
  cpu: number;
  wall: number;
}

function rate(n: number, seconds: number): string {
  return `${Math.round(n / seconds).toLocaleString("en")}/s`;
}

/** Grades the set, prints the figures and the verdict on the target; false when it is missed. */
export function gradeInProcess(): boolean {
  const cases = loadCases(DEFAULT_CASES_FILE);
  const grader = gradingProfile("tooluse");
  const work: { testCase: Case; output: Output }[] = cases.flatMap((testCase) =>
    PROTOCOLS.map((protocol) => ({
      testCase,
      output: { id: testCase.id, protocol, output: referenceOutput("oracle", testCase, protocol) },
    })),
  );
  // What is timed is what a run records: both verdicts on every output.
  const missing = work.filter(({ testCase, output }) => grader.grade(testCase, output).bfcl === undefined);
  if (missing.length > 0) throw new Error(`${missing.length} verdicts lack BFCL's verdict`);
  const round = (): Round => {
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      for (const { testCase, output } of work) grader.grade(testCase, output);
    }
    const cpu = process.cpuUsage(cpuStart);
    return { cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - wallStart) / 1000 };
  };
  for (let i = 0; i < WARM_UP; i++) round();
  const rounds = Array.from({ length: ROUNDS }, round);
  const n = work.length * REPEATS;
  const bestCpu = Math.min(...rounds.map((r) => r.cpu));
  const bestWall = Math.min(...rounds.map((r) => r.wall));
  console.log(
    `ToolUse.1 in process: ${work.length} outputs (${cases.length} cases × ${PROTOCOLS.length} protocols, ours + BFCL's verdict) × ${REPEATS}, best of ${ROUNDS}: ${rate(n, bestCpu)} per CPU-second, ${rate(n, bestWall)} wall (${rounds.map((r) => `${r.cpu.toFixed(3)}s cpu/${r.wall.toFixed(3)}s`).join(", ")})`,
  );
  return atLeast("ToolUse.1 graded in process, per CPU-second", n / bestCpu, TARGET, "outputs/s");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!gradeInProcess()) process.exitCode = 1;
}
