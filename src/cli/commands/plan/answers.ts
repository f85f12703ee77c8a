/** `tooluse plan answers`: judge end-to-end answers three ways (src/cli/plan-answers.ts). */
import { addDeprecatedAlias } from "../../deprecated-aliases.js";
import type { CommandModule } from "../types.js";
import { withPlanModelFlags } from "./model-flags.js";

export const planAnswers: CommandModule = {
  name: "answers",
  describe: (command) => {
    withPlanModelFlags(command, "answer-judge")
      .description("judge end-to-end answers three ways: validity, consistency, completeness, redundancy")
      .requiredOption("--model <name>", "the judge model")
      .requiredOption("--responses <file>", 'JSONL: {"query_id","query","responses":{"R1":…,"R2":…,"R3":…}}')
      .option("--out <file>", "judgements JSONL to write")
      .option("--json", "print win rates and agreement as JSON");
    // The name this flag had before one name per concept (docs/cli.md): hidden, deprecated, still working.
    addDeprecatedAlias(command, "--judge-model", "--model");
  },
  run: async ({ options }, io) => (await import("../../plan-answers.js")).runPlanAnswers(options, io),
};
