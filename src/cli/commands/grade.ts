/** `tooluse grade`: grade recorded outputs against cases (src/cli/grade.ts). */
import { Option } from "commander";
import type { CommandModule } from "./types.js";

export const grade: CommandModule = {
  name: "grade",
  describe: (command) =>
    command
      .description("grade recorded outputs against cases")
      .requiredOption("--cases <file>", "cases JSONL")
      .requiredOption("--outputs <file>", 'outputs JSONL: {"id","protocol","output"} per line')
      .option("--out <file>", "write one verdict per line to this JSONL file")
      .option("--json", "print the summary as JSON")
      .option(
        "--rules <profile>",
        "grading profile: tooluse (2.0), spec1 (SPEC 1.0 exactly) or bfcl",
        "tooluse",
      )
      .addOption(bfclModeOption()),
  run: async ({ options }, io) => (await import("../grade.js")).runGrade(options, io),
};

/** `--bfcl-mode`, shared by grade and regrade. */
export function bfclModeOption(): Option {
  return new Option("--bfcl-mode <mode>", "BFCL: how names were served (fc: dots became _)")
    .choices(["prompt", "fc"])
    .default("prompt");
}
