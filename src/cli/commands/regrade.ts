/** `tooluse regrade`: grade a results file again under another profile (src/cli/regrade.ts). */
import { bfclModeOption } from "./grade.js";
import type { CommandModule } from "./types.js";

export const regrade: CommandModule = {
  name: "regrade",
  describe: (command) =>
    command
      .description(
        "grade a results file again under another profile (no model is asked) and write the new results file",
      )
      .argument("<results>", "results file (tooluse run writes them to results/)")
      .requiredOption("--rules <profile>", "grading profile: tooluse (2.0), spec1 (SPEC 1.0 exactly) or bfcl")
      .requiredOption("--out <file>", "the re-graded results file to write")
      .option("--json", "print what changed (outcomes, score before and after) as one JSON document")
      .addOption(bfclModeOption()),
  run: async ({ args: [file], options }, io) =>
    (await import("../regrade.js")).runRegrade({ file: file as string, ...options }, io),
};
