/** `tooluse review add`: fill the review database from the files other commands write (src/cli/review-data-run.ts). */
import type { CommandModule } from "../types.js";
import { showParentFlagsItReads } from "./parent-flags.js";

export const reviewAdd: CommandModule = {
  name: "add",
  describe: (command) => {
    command
      .description("add tasks to the review database (--db) from the files other commands write")
      .requiredOption("--kind <kind>", "the kind of task to add (docs/review.md)")
      .option(
        "--queries <file>",
        "query lines (data/plans/queries.jsonl): lineage, triplet; references for plans",
      )
      .option("--plans <file>", "plan lines (plan generate --out): plan-rating, step-tags")
      .option(
        "--lineages <file>",
        "lineages (plan refine --out): plan-rating (final plans), step-tags, triplet",
      )
      .option("--responses <file>", "responses to compare (plan answers --responses): answers")
      .option("--answers <file>", "the answer judge's lines (plan answers --out), shown on request: answers")
      .option("--results <file>", "a results file (tooluse run --out): verdict")
      .option("--failures-only", "verdict: add only the records that did not pass");
    showParentFlagsItReads(command);
  },
  run: async ({ options, command }, io) =>
    (await import("../../review-data-run.js")).runReviewAdd({ ...command.optsWithGlobals(), ...options }, io),
};
