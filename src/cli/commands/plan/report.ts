/** `tooluse plan report`: metric means, ratings, tiers and the paper's breakdowns (src/cli/plan-report.ts). */
import { addDeprecatedAlias } from "../../deprecated-aliases.js";
import type { CommandModule } from "../types.js";

export const planReport: CommandModule = {
  name: "report",
  describe: (command) => {
    command
      .description("per planner and prompt type: metric means, ratings, tiers and the paper's breakdowns")
      .requiredOption("--scores <file>", "score lines (plan score --out or plan judge --out)")
      .option("--queries <file>", "queries JSONL for the breakdowns (subjective, compound, steps, hops)")
      .option("--format <format>", "text or md", "text")
      .option("--json", "print the report as JSON")
      .option("--html <file>", "also write the report as one self-contained HTML file (opens offline)")
      .option(
        "--before <file>",
        "score lines of the plans before the refine loop: adds the before/after table",
      )
      .option(
        "--plans <file>",
        "the plans the score lines score (needs --queries and --html): adds a plan viewer to the page",
      );
    // The name this flag had before one name per concept (docs/cli.md): hidden, deprecated, still working.
    addDeprecatedAlias(command, "--reference", "--queries");
  },
  run: async ({ options }, io) => (await import("../../plan-report.js")).runPlanReport(options, io),
};
