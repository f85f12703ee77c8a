/** `tooluse run`: evaluate a model and write a results file (src/cli/run.ts). */
import type { Command } from "commander";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import { FAILURES_FLAG, FAILURES_HELP } from "../failures-flag.js";
import { addModelFlags, RUN_FLAG_DEFAULTS } from "../model-flags.js";
import type { CommandModule } from "./types.js";

export const run: CommandModule = {
  name: "run",
  describe: (command) =>
    addModelFlags(command, RUN_FLAG_DEFAULTS, { singular: "case", plural: "cases" })
      .description("evaluate a model (default: the built-in rule baseline) and write a results file")
      .option(
        "--backend <kind>",
        "what answers the cases: a model server or file, or a no-model reference (default: baseline)",
      )
      .option(
        "--model <name>",
        "model served by --base-url, a .gguf file (llama), or an ONNX checkpoint folder or hub id (transformers)",
      )
      .option(
        "--label <name>",
        "the run's name in reports, leaderboards and the default --out (default: the model; a replay: replay:FILE)",
      )
      .option("--protocol <list>", "comma-separated; all = json,xml,plain", "all")
      .option("--cases <file>", "cases JSONL", DEFAULT_CASES_FILE)
      .option("--out <file>", "results file (default results/<model>-<time>.json)")
      .option("--resume <file>", "continue the interrupted run whose results file this is")
      .option(
        "--repeats <k>",
        "ask every case K times (each attempt's seed derived from --seed) and report pass^k, flip rates and run-to-run noise",
        "1",
      )
      .option("--outputs <file>", "recorded outputs JSONL for --backend replay")
      .option("--batch-size <n>", "prompts decoded together (llama and transformers backends)")
      .option("--allow-download", "transformers: fetch a hub id's missing files from the Hugging Face hub")
      .option(
        "--model-cache <dir>",
        "transformers: where hub ids live (default $TOOLUSE_MODEL_CACHE or ~/.cache/tooluse/models)",
      )
      .option("--lang <list>", "only these languages (en,ru)")
      .option("--category <list>", "only these categories")
      .option(
        "--sample <n>",
        "N cases stratified by category and language, drawn with --seed (default 0); --limit takes the first N",
      )
      .option("--json", "print the summary as JSON")
      .option("--min-score <x>", "exit 1 when the score is below x (for CI gates)")
      .option(FAILURES_FLAG, FAILURES_HELP)
      .option("--junit <file>", "also write JUnit XML: one testcase per record (for CI test reports)")
      .option("--csv <file>", "also write CSV: one row per record")
      .option(
        "--system-prompt-file <PROTOCOL=PATH>",
        "replace a protocol's system prompt (an experiment; {{tools}} marks where the tools go); repeatable",
        (value: string, earlier: string[] | undefined) => [...(earlier ?? []), value],
      )
      .option(
        "--config <file>",
        "run every model × suite of a config file (see examples/tooluse.config.yaml)",
      )
      .option("--format <format>", "with --config: the leaderboard as text or md")
      .option(
        "--html <file>",
        "with --config: also write the HTML report (several suites: one page each, NAME.<suite>.html beside FILE)",
      )
      .option(
        "--shard <K/N>",
        "run only shard K of N (a deterministic 1/N of the pairs); join with tooluse merge",
      )
      .option(
        "--rules <profile>",
        "grading profile: tooluse (2.0), spec1 (SPEC 1.0 exactly) or bfcl",
        "tooluse",
      ),
  run: async ({ options, command }, io) =>
    (await import("../run.js")).runRun({ ...options, given: givenFlags(command) }, io),
};

/** The flags typed on the command line, as `--name` (defaults excluded): to refuse flags a combination ignores. */
function givenFlags(command: Command): Set<string> {
  const given = new Set<string>();
  for (const option of command.options) {
    if (option.long && command.getOptionValueSource(option.attributeName()) === "cli") given.add(option.long);
  }
  return given;
}
