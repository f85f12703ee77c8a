/** The `tooluse` command line: parses flags with commander and hands each command to its module. */
import { Command, CommanderError, Option } from "commander";
import { UserError } from "../errors.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { HARNESS_VERSION } from "../version.js";
import { type Io, processIo } from "./io.js";
import { registerPlanCommands } from "./plan-commands.js";

/** Sets the exit code from a command; every command module is loaded only when its command runs. */
export type SetExit = (code: number) => void;

function program(io: Io, setExit: SetExit): Command {
  const root = new Command("tooluse")
    .description("Measure how language models use tools.")
    .version(HARNESS_VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  root
    .command("build")
    .description("regenerate data/tooluse1.jsonl and data/manifest.json from corpus/")
    .option("--corpus <dir>", "authored sources (default: the package's corpus/)")
    .option("--data <dir>", "where to write tooluse1.jsonl and manifest.json (default: the package's data/)")
    .action(async (options) => setExit((await import("./build.js")).runBuild(options, io)));

  root
    .command("grade")
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
    .addOption(
      new Option("--bfcl-mode <mode>", "BFCL: how names were served (fc: dots became _)")
        .choices(["prompt", "fc"])
        .default("prompt"),
    )
    .action(async (options) => setExit((await import("./grade.js")).runGrade(options, io)));

  const importer = root.command("import").description("convert a public benchmark into a cases JSONL file");
  importer
    .command("bfcl")
    .description("BFCL v4 questions (and possible answers) → cases")
    .requiredOption("--questions <file>", "a BFCL_v4_<category>.json file (JSON lines)")
    .option("--answers <file>", "the matching possible_answer/BFCL_v4_<category>.json file")
    .requiredOption("--out <file>", "cases JSONL to write")
    .action(async (options) => setExit((await import("./import.js")).runImportBfcl(options, io)));
  importer
    .command("when2call")
    .description("When2Call test records → cases")
    .argument("<file>", "e.g. when2call_test_llm_judge.jsonl")
    .requiredOption("--out <file>", "cases JSONL to write")
    .action(async (file: string, options) =>
      setExit((await import("./import.js")).runImportWhen2Call(file, options, io)),
    );

  root
    .command("selftest")
    .description("prove the grader agrees with the corpus before any model is involved")
    .addOption(
      new Option("--cases <file>", "cases JSONL").default(DEFAULT_CASES_FILE, "the ToolUse.1 corpus"),
    )
    .action(async (options) => setExit((await import("./selftest.js")).runSelftest(options, io)));

  root
    .command("run")
    .description("evaluate a model (default: the built-in rule baseline) and write a results file")
    .option(
      "--backend <kind>",
      "baseline | openai | llama | transformers | oracle | always-call | never-call | replay",
    )
    .option(
      "--model <name>",
      "model served by --base-url, a .gguf file (llama), or an ONNX checkpoint folder or hub id (transformers)",
    )
    .option("--base-url <url>", "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    .option("--api-key-env <name>", "environment variable holding the API key", "OPENAI_API_KEY")
    .option("--protocol <list>", "json, xml, plain, native, or all (= json,xml,plain)", "all")
    .option("--cases <file>", "cases JSONL", DEFAULT_CASES_FILE)
    .option("--out <file>", "results file (default results/<model>-<time>.json)")
    .option("--resume <file>", "continue the interrupted run whose results file this is")
    .option("--outputs <file>", "recorded outputs JSONL for --backend replay")
    .option("--concurrency <n>", "requests in flight", "8")
    .option("--batch-size <n>", "prompts decoded together (llama and transformers backends)")
    .option("--allow-download", "transformers: fetch a hub id's missing files from the Hugging Face hub")
    .option(
      "--model-cache <dir>",
      "transformers: where hub ids live (default $TOOLUSE_MODEL_CACHE or ~/.cache/tooluse/models)",
    )
    .option("--timeout <seconds>", "per-request timeout", "60")
    .option("--retries <n>", "retries on 429/5xx/timeouts/resets", "4")
    .option("--no-cache", "bypass the response cache")
    .option("--cache-dir <dir>", "response cache directory (default $TOOLUSE_CACHE_DIR or ~/.cache/tooluse)")
    .option("--max-tokens <n>", "maximum new tokens", "256")
    .option("--temperature <t>", "sampling temperature", "0")
    .option("--seed <n>", "sampling seed, where the server supports one")
    .option(
      "--thinking <mode>",
      "off | on | default (off sends chat_template_kwargs.enable_thinking=false)",
      "off",
    )
    .option("--lang <list>", "only these languages (en,ru)")
    .option("--category <list>", "only these categories")
    .option("--ids <list>", "only these case ids")
    .option("--limit <n>", "only the first N selected cases")
    .option("--json", "print the summary as JSON")
    .option("--min-score <x>", "exit 1 when the score is below x (for CI gates)")
    .option(
      "--rules <profile>",
      "grading profile: tooluse (2.0), spec1 (SPEC 1.0 exactly) or bfcl",
      "tooluse",
    )
    .action(async (options) => setExit(await (await import("./run.js")).runRun(options, io)));

  root
    .command("report")
    .description("show results files: tables (or Markdown), a leaderboard for several runs, an HTML report")
    .argument("<files...>", "results files (tooluse run writes them to results/)")
    .addOption(new Option("--format <format>", "text or md").choices(["text", "md"]).default("text"))
    .option("--html <file>", "also write a self-contained HTML report to this file")
    .action(async (files: string[], options) =>
      setExit(await (await import("./report.js")).runReport({ files, ...options }, io)),
    );

  root
    .command("compare")
    .description("paired per-case comparison of two runs on the same corpus, with the exact McNemar test")
    .argument("<a>", "results file A")
    .argument("<b>", "results file B")
    .option("--force", "pair the case ids both runs have even when their corpus digests differ")
    .option("--json", "print the comparison as JSON")
    .action(async (a: string, b: string, options) =>
      setExit(await (await import("./compare.js")).runCompare({ a, b, ...options }, io)),
    );

  registerPlanCommands(root, io, setExit);

  return root;
}

/** Runs the CLI and returns the exit code; user errors are one line on stderr, bugs keep their stack. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let exitCode = 0;
  try {
    await program(io, (code) => {
      exitCode = code;
    }).parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof UserError) {
      io.stderr(`tooluse: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
