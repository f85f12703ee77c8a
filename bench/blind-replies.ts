/**
 * Measures the grader on a blind set (issue 25): `npx tsx bench/blind-replies.ts <folder> [--rules tooluse]
 * [--cases data/tooluse1.jsonl] [--disagreements]`. The folder holds replies.jsonl and/or shapes.jsonl (see
 * src/grade/test-support/blind-sets.ts). Each labelled output is graded against its case by the profile `tooluse grade`
 * uses; prints passed and behaviour agreement with every language × expectation cell, and for shapes how many are
 * graded as labelled (calls count, malformed, passed). Exits 1 below issue 25's targets, 2 on bad input.
 */
import { loadCases } from "../src/cases/load.js";
import type { Case } from "../src/cases/schema.js";
import { DEFAULT_GRADING_PROFILE, gradingProfile } from "../src/grade/profiles.js";
import {
  formatReplies,
  formatShapes,
  measureReplies,
  measureShapes,
  readBlindSet,
  repliesMeetTargets,
  shapesMeetTargets,
} from "../src/grade/test-support/blind-sets.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const valued = new Set(["--rules", "--cases"]);
const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith("--") && !valued.has(all[i - 1] ?? ""));
const folder = positional[0];
if (folder === undefined) {
  console.error(
    "usage: npx tsx bench/blind-replies.ts <folder> [--rules tooluse|spec1] [--cases file] [--disagreements]",
  );
  process.exit(2);
}

try {
  const grader = gradingProfile(option("--rules") ?? DEFAULT_GRADING_PROFILE);
  const cases = new Map<string, Case>(
    loadCases(option("--cases") ?? DEFAULT_CASES_FILE).map((c) => [c.id, c]),
  );
  const set = readBlindSet(folder);
  const misses: string[] = [];
  const showDisagreements = process.argv.includes("--disagreements");
  console.log(`${folder} under ${grader.name} ${grader.version}\n`);
  if (set.replies) {
    const result = measureReplies(set.replies, cases, grader);
    console.log(`## replies (${result.total})\n\n${formatReplies(result)}`);
    if (showDisagreements) for (const line of result.disagreements) console.log(line);
    misses.push(...repliesMeetTargets(result));
  }
  if (set.shapes) {
    const result = measureShapes(set.shapes, cases, grader);
    console.log(`\n## shapes (${result.total})\n\n${formatShapes(result)}`);
    if (showDisagreements) for (const line of result.disagreements) console.log(line);
    misses.push(...shapesMeetTargets(result));
  }
  for (const miss of misses) console.log(`below target: ${miss}`);
  process.exitCode = misses.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
