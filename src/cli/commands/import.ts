/** `tooluse import bfcl|when2call`: convert a public benchmark into cases (src/cli/import.ts). */
import type { CommandModule } from "./types.js";

const bfcl: CommandModule = {
  name: "bfcl",
  describe: (command) =>
    command
      .description("BFCL v4 questions (and possible answers) → cases")
      .requiredOption("--questions <file>", "a BFCL_v4_<category>.json file (JSON lines)")
      .option("--answers <file>", "the matching possible_answer/BFCL_v4_<category>.json file")
      .requiredOption("--out <file>", "cases JSONL to write"),
  run: async ({ options }, io) => (await import("../import.js")).runImportBfcl(options, io),
};

const when2call: CommandModule = {
  name: "when2call",
  describe: (command) =>
    command
      .description("When2Call test records → cases")
      .argument("<file>", "e.g. when2call_test_llm_judge.jsonl")
      .requiredOption("--out <file>", "cases JSONL to write"),
  run: async ({ args: [file], options }, io) =>
    (await import("../import.js")).runImportWhen2Call(file as string, options, io),
};

export const importer: CommandModule = {
  name: "import",
  describe: (command) => command.description("convert a public benchmark into a cases JSONL file"),
  subcommands: [bfcl, when2call],
};
