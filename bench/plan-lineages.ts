/** Prints the train lineages' statistics under the tree's evaluator and exits 1 when a target is missed. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR } from "../src/paths.js";
import { QueryRecordSchema } from "../src/plans/data/schema.js";
import { lineageStats, statsProblems } from "../src/plans/lint/lineage-stats.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../src/plans/tool-descriptions.js";

const file = join(DATA_DIR, "plans", "queries.jsonl");
const records = readFileSync(file, "utf8")
  .trim()
  .split("\n")
  .map((line) => QueryRecordSchema.parse(JSON.parse(line)));
const stats = lineageStats(records, DEFAULT_TOOL_DESCRIPTIONS);
const share = stats.revisionSteps === 0 ? 0 : (stats.unchanged / stats.revisionSteps) * 100;
console.log(
  `lineages ${stats.lineages}, revision steps ${stats.revisionSteps}, unchanged ${stats.unchanged} (${share.toFixed(1)}%), decreases ${stats.decreases}, earlier revisions scoring like the best ${stats.likeBest}`,
);
const problems = statsProblems(stats);
for (const problem of problems) console.error(`FAIL: ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
