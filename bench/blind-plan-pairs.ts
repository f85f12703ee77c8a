/**
 * Agreement of the plan scorer with a blind set of hand-computed plan pairs (docs/plan-matching.md, section 9).
 * Each candidate is scored against its query's best plan exactly as `tooluse plan score` does; every field the
 * author did not mark ambiguous is compared. Prints per-field, per-pair and per-kind agreement.
 * Run: npx tsx bench/blind-plan-pairs.ts <folder with pairs.jsonl> [--reference queries.jsonl] [--verbose]
 *      [--min-pairs N]   (exit 1 when fewer than N pairs agree on every non-ambiguous field)
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { UserError } from "../src/errors.js";
import { DATA_DIR } from "../src/paths.js";
import {
  formatSummary,
  judgeSet,
  readBlindPairs,
  readReferences,
  summarise,
} from "../src/plans/blind-pairs.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../src/plans/tool-descriptions.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reference: { type: "string", default: join(DATA_DIR, "plans", "queries.jsonl") },
    verbose: { type: "boolean", default: false },
    "min-pairs": { type: "string" },
  },
});

const folder = positionals[0];
try {
  if (!folder) throw new UserError("usage: blind-plan-pairs.ts <folder with pairs.jsonl> [--verbose]");
  const pairs = readBlindPairs(join(folder, "pairs.jsonl"));
  const verdicts = judgeSet(pairs, readReferences(values.reference), DEFAULT_TOOL_DESCRIPTIONS);
  console.log(`${folder}: ${pairs.length} pairs`);
  console.log(formatSummary(verdicts, values.verbose));
  const floor = values["min-pairs"] === undefined ? null : Number(values["min-pairs"]);
  if (floor !== null) {
    const { agree } = summarise(verdicts).pairs;
    console.log(
      `${agree >= floor ? "target met" : "TARGET MISSED"}: ${agree} pairs agree (target ≥ ${floor})`,
    );
    if (agree < floor) process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof UserError)) throw error;
  console.error(error.message);
  process.exitCode = error.exitCode;
}
