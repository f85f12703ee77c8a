/** `tooluse plan export`: queries (and plans) back in the paper's CSV format (src/cli/plan-data.ts). */
import type { CommandModule } from "../types.js";

export const planExport: CommandModule = {
  name: "export",
  describe: (command) =>
    command
      .description("write queries (and plans) back in the paper's CSV release format")
      .requiredOption("--queries <file>", "queries JSONL (e.g. data/plans/queries.jsonl)")
      .requiredOption("--out <csv>", "queries.csv to write")
      .option("--plans <file>", "plans JSONL")
      .option("--out-plans <csv>", "plans.csv to write"),
  run: async ({ options }, io) => (await import("../../plan-data.js")).runPlanExport(options, io),
};
