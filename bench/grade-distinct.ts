/**
 * Grading outputs of distinct cases (issue 28): 10,000 outputs, one per case, of 10,000 cases read from a cases file as
 * an imported suite's are (every case its own object: nothing the grader prepares per case is shared between two).
 * Two suites: copies of ToolUse.1's cases under new ids (translated into BFCL's format for the second verdict), and,
 * when the research data is there, BFCL's own questions (with their `bfcl` block) repeated under new ids. Each output
 * is graded once under the default profile (ours + BFCL's verdict), cold: the per-case preparation is what this
 * measures. Target: under one CPU-second for each suite beyond start-up (reading the cases file is printed apart).
 * Best of three rounds, each on freshly loaded cases. Run: npm run bench:grade-distinct
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import { type Case, PROTOCOLS, type Protocol } from "../src/cases/schema.js";
import { answerableQuestions, relevanceQuestions } from "../src/grade/bfcl/test-support/differential.js";
import type { Output } from "../src/grade/grade.js";
import { gradingProfile } from "../src/grade/profiles.js";
import { RESEARCH_DATA } from "../src/import/test-support/research-data.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { tempDir } from "../src/test-support/temp.js";
import { atMost } from "./target.js";

const CASES = 10_000;
const ROUNDS = 3;
const TARGET_MS = 1000;

/** A cases file of `CASES` distinct cases: the sources repeated under new ids, one JSON line each. */
function writeSuite(path: string, sources: readonly Case[]): void {
  const lines: string[] = [];
  for (let i = 0; i < CASES; i++) {
    const source = sources[i % sources.length] as Case;
    lines.push(JSON.stringify({ ...source, id: `${source.id}~${i}` }));
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}

/** One output per case: the oracle's, in the protocols in turn (outputs do not depend on which copy a case is). */
function outputsFor(cases: readonly Case[]): Output[] {
  return cases.map((testCase, i) => {
    const protocol = PROTOCOLS[i % PROTOCOLS.length] as Protocol;
    return { id: testCase.id, protocol, output: referenceOutput("oracle", testCase, protocol) };
  });
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function measure(name: string, file: string): boolean {
  const grader = gradingProfile("tooluse");
  const rounds: { load: number; grade: number; wall: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const loadStart = process.cpuUsage();
    const cases = loadCases(file);
    const load = cpuMs(loadStart);
    const outputs = outputsFor(cases);
    const wallStart = performance.now();
    const gradeStart = process.cpuUsage();
    for (let i = 0; i < cases.length; i++) grader.grade(cases[i] as Case, outputs[i] as Output);
    rounds.push({ load, grade: cpuMs(gradeStart), wall: performance.now() - wallStart });
  }
  const best = Math.min(...rounds.map((r) => r.grade));
  console.log(
    `${name}: ${CASES.toLocaleString("en")} outputs of ${CASES.toLocaleString("en")} distinct cases, graded cold (ours + BFCL's verdict), best of ${ROUNDS}: ${best.toFixed(0)} ms CPU (${rounds.map((r) => `${r.grade.toFixed(0)} ms cpu/${r.wall.toFixed(0)} ms`).join(", ")}); reading the cases file ${Math.min(...rounds.map((r) => r.load)).toFixed(0)} ms CPU`,
  );
  return atMost(`grading ${name} (CPU, best of ${ROUNDS})`, best, TARGET_MS, "ms");
}

const dir = tempDir("tooluse-grade-distinct-");
try {
  const suites: [string, Case[]][] = [["ToolUse.1 copies", loadCases(DEFAULT_CASES_FILE)]];
  if (RESEARCH_DATA.missing === null)
    suites.push(["BFCL questions", [...answerableQuestions(), ...relevanceQuestions()]]);
  else console.log(`BFCL suite skipped: ${RESEARCH_DATA.missing}`);
  let ok = true;
  for (const [name, sources] of suites) {
    const file = join(dir.path, `${name.replace(/\W+/g, "-")}.jsonl`);
    writeSuite(file, sources);
    ok = measure(name, file) && ok;
  }
  if (!ok) process.exitCode = 1;
} finally {
  dir.remove();
}
