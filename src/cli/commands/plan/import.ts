/** `tooluse plan import`: the paper's CSV release into this project's JSONL (src/cli/plan-data.ts). */
import type { CommandModule } from "../types.js";

export const planImport: CommandModule = {
  name: "import",
  describe: (command) =>
    command
      .description("convert the paper's release (queries.csv, plans.csv) into this project's JSONL")
      .requiredOption("--queries <csv>", "queries.csv of the release")
      .option("--plans <csv>", "plans.csv of the release")
      .option("--out-queries <file>", "queries JSONL to write (default: beside the CSV)")
      .option("--out-plans <file>", "plans JSONL to write (default: beside the CSV)"),
  run: async ({ options }, io) => (await import("../../plan-data.js")).runPlanImport(options, io),
};
