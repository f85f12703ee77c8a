/** `tooluse plan generate`: plans for queries, few-shot (src/cli/plan-generate.ts). */
import type { CommandModule } from "../types.js";
import { withPlanModelFlags } from "./model-flags.js";

export const planGenerate: CommandModule = {
  name: "generate",
  describe: (command) =>
    withPlanModelFlags(command, "planner, planner-with-lineage")
      .description("generate plans for queries, with example plans or example lineages in the prompt")
      .requiredOption("--model <name>", "the planner model")
      .option(
        "--label <name>",
        "the planner name the plan lines carry (default: --model), e.g. qwen3-8b to match a labels file",
      )
      .requiredOption("--queries <file>", "queries JSONL (e.g. data/plans/queries.jsonl)")
      .option("--split <name>", "which split to plan for (all: every line)", "test")
      .option("--prompt-type <type>", "example plans, example lineages, or both", "both")
      .option("--examples <n>", "few-shot examples from the train split", "3")
      .option("--out <file>", "plans JSONL to write")
      .option(
        "--resume",
        "keep the plans in --out from an earlier run of this command; ask only the failed prompts",
      ),
  run: async ({ options }, io) => (await import("../../plan-generate.js")).runPlanGenerate(options, io),
};
