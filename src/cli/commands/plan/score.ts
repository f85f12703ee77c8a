/** `tooluse plan score`: the deterministic metrics and step matching (src/cli/plan-score.ts). */
import { addDeprecatedAlias } from "../../deprecated-aliases.js";
import type { CommandModule } from "../types.js";

export const planScore: CommandModule = {
  name: "score",
  describe: (command) => {
    command
      .description("score plans against reference plans with the deterministic metrics and step matching")
      .requiredOption("--queries <file>", 'queries JSONL: {"query_id","query","best_plan",...} per line')
      .requiredOption("--plans <file>", 'JSONL: {"query_id","planner","prompt_type","plan"} per line')
      .option("--out <file>", "write one score line per plan to this JSONL file")
      .option("--json", "print per-planner aggregates with bootstrap intervals as JSON")
      .option("--explain", "print the step mapping and why each step matched or not (docs/plan-matching.md)")
      .option(
        "--lenient",
        "score what the tolerant reader recovers from plans not valid in the paper's format",
      );
    // The name this flag had before one name per concept (docs/cli.md): hidden, deprecated, still working.
    addDeprecatedAlias(command, "--reference", "--queries");
  },
  run: async ({ options }, io) => (await import("../../plan-score.js")).runPlanScore(options, io),
};
