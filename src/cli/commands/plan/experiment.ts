/** `tooluse plan experiment`: the paper's experiment end to end (src/cli/plan-experiment.ts). */
import type { CommandModule } from "../types.js";

export const planExperiment: CommandModule = {
  name: "experiment",
  describe: (command) =>
    command
      .description("the paper's experiment end to end: generate, score, judge, refine, agree, one report")
      .requiredOption("--config <file>", "experiment YAML (see examples/experiment.yaml)")
      .option("--dry-run", "print the requests and the cost estimate per model; send nothing"),
  run: async ({ options }, io) => (await import("../../plan-experiment.js")).runPlanExperiment(options, io),
};
