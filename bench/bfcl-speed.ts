/**
 * Grading speed, side by side from one run:
 *  1. `tooluse grade --rules bfcl` (the built CLI: reads our JSON text, loads cases, grades, writes verdicts) against
 *     BFCL's `check.py` (decoded calls in, verdicts out) on the same generated outputs. Fails if ours is slower.
 *  2. In-process grading of ToolUse.1 outputs on one core. Fails below 100,000 outputs/second.
 * Both processes run three times, alternating; the best time of each counts (the machine is shared).
 * Run: npx tsx bench/bfcl-speed.ts [mutations per question, default 20]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import type { Protocol } from "../src/cases/schema.js";
import { gradeWithRules } from "../src/grade/bfcl/profile.js";
import {
  answerableQuestions,
  differentialSkipReason,
  runChecker,
  writeSet,
} from "../src/grade/bfcl/test-support/differential.js";
import { generateOutputs } from "../src/grade/bfcl/test-support/generate.js";
import type { Output } from "../src/grade/grade.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../src/paths.js";

const TOOLUSE1_TARGET = 100_000;
const ROUNDS = 3;

function bfclSideBySide(mutations: number): boolean {
  const skip = differentialSkipReason();
  if (skip) {
    console.log(`BFCL comparison cannot run: ${skip}`);
    return false;
  }
  const build = spawnSync("npx", ["tsc", "-p", "tsconfig.build.json"], {
    cwd: PACKAGE_ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) return false;
  const dir = mkdtempSync(join(tmpdir(), "bfcl-speed-"));
  try {
    // One mode for the whole set, so one process of each side grades all of it.
    const outputs = generateOutputs(answerableQuestions(), { mutationsPerQuestion: mutations }).map((o) => ({
      ...o,
      mode: "prompt" as const,
    }));
    const files = writeSet(dir, outputs);
    const verdictsFile = join(dir, "verdicts.jsonl");
    const argv = [join(PACKAGE_ROOT, "bin", "tooluse.js"), "grade", "--rules", "bfcl"];
    argv.push("--cases", files.cases, "--outputs", files.outputs.prompt, "--out", verdictsFile);
    const ours: number[] = [];
    const theirs: number[] = [];
    let checker = runChecker(files.checkerInput);
    for (let round = 0; round < ROUNDS; round++) {
      const started = process.hrtime.bigint();
      const run = spawnSync(process.execPath, argv, { encoding: "utf8", maxBuffer: 1 << 28 });
      ours.push(Number(process.hrtime.bigint() - started) / 1e9);
      if (run.status !== 0) throw new Error(`tooluse grade failed: ${run.stderr}`);
      checker = runChecker(files.checkerInput);
      theirs.push(checker.seconds);
    }
    let agree = 0;
    for (const line of readFileSync(verdictsFile, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const verdict = JSON.parse(line) as { id: string; bfcl: { passed: boolean } };
      if (checker.verdicts.get(verdict.id)?.valid === verdict.bfcl.passed) agree++;
    }
    const n = outputs.length;
    const ourRate = n / Math.min(...ours);
    const theirRate = n / Math.min(...theirs);
    console.log(
      `BFCL set: ${n.toLocaleString("en")} outputs from ${new Set(outputs.map((o) => o.question.id)).size} questions`,
    );
    console.log(
      `  tooluse grade --rules bfcl: ${Math.round(ourRate).toLocaleString("en")} outputs/s (best of ${ROUNDS}: ${ours.map((s) => s.toFixed(2)).join(", ")} s)`,
    );
    console.log(
      `  BFCL check.py:              ${Math.round(theirRate).toLocaleString("en")} outputs/s (best of ${ROUNDS}: ${theirs.map((s) => s.toFixed(2)).join(", ")} s)`,
    );
    console.log(`  verdicts agreeing: ${agree.toLocaleString("en")}/${n.toLocaleString("en")}`);
    const ok = ourRate >= theirRate && agree === n;
    console.log(ok ? "  target met: not slower than check.py, every verdict agrees" : "  TARGET MISSED");
    return ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tooluse1InProcess(): boolean {
  const cases = loadCases(DEFAULT_CASES_FILE);
  const protocols: Protocol[] = ["json", "xml", "plain", "native"];
  const work: { index: number; output: Output }[] = [];
  cases.forEach((testCase, index) => {
    for (const protocol of protocols) {
      const output = referenceOutput("oracle", testCase, protocol);
      work.push({ index, output: { id: testCase.id, protocol, output } });
    }
  });
  const once = () => {
    const started = performance.now();
    for (const { index, output } of work) gradeWithRules(cases[index] as (typeof cases)[number], output);
    return performance.now() - started;
  };
  once();
  const best = Math.min(...Array.from({ length: 5 }, once));
  const rate = (work.length / best) * 1000;
  console.log(
    `ToolUse.1 in process: ${Math.round(rate).toLocaleString("en")} outputs/s (${work.length} outputs, best of 5; target ${TOOLUSE1_TARGET.toLocaleString("en")})`,
  );
  const ok = rate >= TOOLUSE1_TARGET;
  console.log(ok ? "  target met" : "  TARGET MISSED");
  return ok;
}

const mutations = Number(process.argv[2] ?? 20);
const bfclOk = bfclSideBySide(mutations);
const tooluse1Ok = tooluse1InProcess();
process.exitCode = bfclOk && tooluse1Ok ? 0 : 1;
