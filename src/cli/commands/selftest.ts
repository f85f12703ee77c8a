/** `tooluse selftest`: the grader against the corpus, before any model (src/cli/selftest.ts). */
import { Option } from "commander";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import type { CommandModule } from "./types.js";

export const selftest: CommandModule = {
  name: "selftest",
  describe: (command) =>
    command
      .description("prove the grader agrees with the corpus before any model is involved")
      .addOption(
        new Option("--cases <file>", "cases JSONL").default(DEFAULT_CASES_FILE, "the ToolUse.1 corpus"),
      )
      .option("--json", "print every runner's and control's result as one JSON document"),
  run: async ({ options }, io) => (await import("../selftest.js")).runSelftest(options, io),
};
