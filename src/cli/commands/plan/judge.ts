/** `tooluse plan judge`: LLM judges per metric, or the one-shot rating (src/cli/plan-judge.ts). */
import { addDeprecatedAlias } from "../../deprecated-aliases.js";
import type { CommandModule } from "../types.js";
import { withPlanModelFlags } from "./model-flags.js";

export const planJudge: CommandModule = {
  name: "judge",
  describe: (command) => {
    withPlanModelFlags(command, "judge-<metric>, one-shot")
      .description("score plans with LLM judges: one prompt per metric, or the one-shot rating")
      .requiredOption("--model <name>", "the judge model")
      .requiredOption("--queries <file>", "queries JSONL with the reference (best) plans")
      .requiredOption("--plans <file>", "plans JSONL")
      .option("--metrics <list>", "all (the default), or a comma-separated subset of the seven metrics")
      .option("--one-shot", "the one-shot judge: precision, recall, F1 and a 7-point rating")
      .option("--out <file>", "judged score lines JSONL to write")
      .option(
        "--resume",
        "keep the answers in --out from an earlier run of this command; ask only the failed requests",
      )
      .option("--json", "print the judge report as JSON");
    // The names these flags had before one name per concept (docs/cli.md): hidden, deprecated, still working.
    addDeprecatedAlias(command, "--reference", "--queries");
    addDeprecatedAlias(command, "--judge-model", "--model");
  },
  run: async ({ options }, io) => (await import("../../plan-judge.js")).runPlanJudge(options, io),
};
