/** `tooluse plan refine`: the step-wise evaluator and plan optimizer loop (src/cli/plan-refine.ts). */
import type { CommandModule } from "../types.js";
import { withPlanModelFlags } from "./model-flags.js";

export const planRefine: CommandModule = {
  name: "refine",
  describe: (command) =>
    withPlanModelFlags(command, "step-evaluator, optimizer")
      .description("refine plans with a step-wise evaluator and a plan optimizer, writing lineages")
      .requiredOption("--model <name>", "the evaluator and optimizer model")
      .requiredOption("--queries <file>", "queries JSONL")
      .requiredOption("--plans <file>", "plans JSONL")
      .option("--max-passes <n>", "stop after this many passes", "4")
      .option("--out <file>", "lineages JSONL to write")
      .option(
        "--final-plans <file>",
        "also write each lineage's last plan as a plans file (for the before/after table)",
      ),
  run: async ({ options }, io) => (await import("../../plan-refine.js")).runPlanRefine(options, io),
};
