/** The `tooluse` command line: parses flags with commander and hands each command to its module. */
import { Command, CommanderError, Option } from "commander";
import { UserError } from "../errors.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { HARNESS_VERSION } from "../version.js";
import { renderError } from "./boundary.js";
import { resolveDeprecatedAliases } from "./deprecated-aliases.js";
import { FAILURES_FLAG, FAILURES_HELP } from "./failures-flag.js";
import {
  checkInput,
  checkOutputs,
  type FileFlag,
  flagName,
  INPUT_OPTIONS,
  isInstalledPackage,
  OUTPUT_OPTIONS,
} from "./file-flags.js";
import { showFlagChoices } from "./flag-choices.js";
import { addHelpExamples } from "./help-examples.js";
import { groupHelpOptions } from "./help-groups.js";
import { checkInputKinds } from "./input-kind.js";
import {
  guardProcessStreams,
  type Io,
  processIo,
  processStreamsFailed,
  redactingIo,
  type SetExit,
} from "./io.js";
import { registerMockServer } from "./mock-server-command.js";
import { addModelFlags, RUN_FLAG_DEFAULTS } from "./model-flags.js";
import { registerPlanCommands } from "./plan-commands.js";
import { registerReviewCommands } from "./review-commands.js";

/**
 * `io` is what commands print to (main hands a copy that checkFiles may change); `terminal` is what commander's own
 * help and mistakes go to.
 */
function program(io: Io, setExit: SetExit, terminal: Io = io, { parseOnly = false } = {}): Command {
  const root = new Command("tooluse")
    .description("Measure how language models use tools.")
    .version(HARNESS_VERSION)
    .option("--debug", "show the stack trace of every error")
    .exitOverride()
    .configureOutput({
      writeOut: terminal.stdout,
      writeErr: terminal.stderr,
      // One line, like every other mistake: commander's "error: …" becomes "tooluse: …; see --help".
      outputError: (text, write) => write(`tooluse: ${text.replace(/^error: /, "").trimEnd()}; see --help\n`),
    });

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
    .option("--json", "print every runner's and control's result as one JSON document")
    .action(async (options) => setExit((await import("./selftest.js")).runSelftest(options, io)));

  addModelFlags(root.command("run"), RUN_FLAG_DEFAULTS, { singular: "case", plural: "cases" })
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
    .option("--config <file>", "run every model × suite of a config file (see examples/tooluse.config.yaml)")
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
    )
    .action(async (options, command: Command) =>
      setExit(await (await import("./run.js")).runRun({ ...options, given: givenFlags(command) }, io)),
    );

  root
    .command("report")
    .description("show results files: tables (or Markdown), a leaderboard for several runs, an HTML report")
    .argument("<files...>", "results files (tooluse run writes them to results/)")
    .addOption(new Option("--format <format>", "text or md").choices(["text", "md"]).default("text"))
    .option("--html <file>", "also write a self-contained HTML report to this file")
    .option("--junit <file>", "also write JUnit XML: one testcase per record (for CI test reports)")
    .option("--csv <file>", "also write CSV: one row per record")
    .option(FAILURES_FLAG, FAILURES_HELP)
    .option("--json", "print the runs (and the leaderboard of several) as one JSON document")
    .action(async (files: string[], options) =>
      setExit(await (await import("./report.js")).runReport({ files, ...options }, io)),
    );

  root
    .command("list")
    .description("list the suites, backends, protocols and grading profiles a run can use")
    .option("--json", "print them as JSON")
    .action(async (options) => setExit((await import("./list.js")).runList(options, io)));

  root
    .command("merge")
    .description("join the shards of one run (run --shard K/N) into the results file of the whole run")
    .argument("<files...>", "the shards' results files")
    .requiredOption("--out <file>", "merged results file")
    .option("--json", "print the merged run's counts and summary as one JSON document")
    .action(async (files: string[], options) =>
      setExit(await (await import("./merge.js")).runMerge({ files, ...options }, io)),
    );

  root
    .command("compare")
    .description(
      "paired per-case comparison of two runs on the same corpus: exact McNemar or sign-flip test, and the smallest difference it can detect",
    )
    .argument("<a>", "results file A")
    .argument("[b]", "results file B (leave out with --pair-protocols to pair protocols within A)")
    .option(
      "--pair-protocols <A:B>",
      "pair A's records in protocol A with B's in protocol B, case by case (e.g. json:native; a list with commas)",
    )
    .option("--force", "pair the case ids both runs have even when their corpus digests differ")
    .option("--json", "print the comparison as JSON")
    .option(
      "--mde <effect>",
      "plan for an effect (e.g. 0.02 = 2 points): how many cases or repeats would detect it",
    )
    .action(async (a: string, b: string | undefined, options) =>
      setExit(await (await import("./compare.js")).runCompare({ a, b, ...options }, io)),
    );

  root
    .command("regrade")
    .description(
      "grade a results file again under another profile (no model is asked) and write the new results file",
    )
    .argument("<results>", "results file (tooluse run writes them to results/)")
    .requiredOption("--rules <profile>", "grading profile: tooluse (2.0), spec1 (SPEC 1.0 exactly) or bfcl")
    .requiredOption("--out <file>", "the re-graded results file to write")
    .option("--json", "print what changed (outcomes, score before and after) as one JSON document")
    .addOption(
      new Option("--bfcl-mode <mode>", "BFCL: how names were served (fc: dots became _)")
        .choices(["prompt", "fc"])
        .default("prompt"),
    )
    .action(async (file: string, options) =>
      setExit(await (await import("./regrade.js")).runRegrade({ file, ...options }, io)),
    );

  root
    .command("disputes")
    .description("list the verdicts reviewers disputed in a review database (tooluse review)")
    .requiredOption("--db <file>", "review database")
    .option("--json", "print them as JSON")
    .action(async (options) => setExit((await import("./disputes.js")).runDisputes(options, io)));

  registerPlanCommands(root, io, setExit);
  registerReviewCommands(root, io, setExit);
  registerMockServer(root, io, setExit);
  addForceFlags(root);
  describeNumericDefaults(root);
  showFlagChoices(root);
  groupHelpOptions(root);
  addHelpExamples(root);
  root.hook("preAction", (_root, command) => {
    if (parseOnly) throw new Parsed(command);
    resolveDeprecatedAliases(command, io.stderr);
    checkFiles(command, io);
  });

  return root;
}

/** Every command a user can run, as typed after `tooluse` (`run`, `plan score`…): for tests that must cover them all. */
export function commandNames(): string[] {
  // A command with subcommands is itself a command only when it has an action of its own (`review` serves).
  const runs = (command: Command) =>
    (command as unknown as { _actionHandler: unknown })._actionHandler != null;
  const walk = (command: Command, prefix: string): string[] =>
    command.commands.flatMap((sub) => {
      const name = `${prefix}${sub.name()}`;
      if (sub.commands.length === 0) return [name];
      return [...(runs(sub) ? [name] : []), ...walk(sub, `${name} `)];
    });
  return walk(
    program(processIo, () => {}),
    "",
  );
}

/** Where the parse-only program stops: the command that would run, with its option values; nothing has run. */
class Parsed extends Error {
  constructor(readonly command: Command) {
    super("parsed");
  }
}

/**
 * Parses argv as `main` does and returns the command it would run, without running it or checking any file: for
 * tests that every help example works as typed. A mistake commander finds (unknown flag, missing required flag,
 * a value outside `.choices()`) is thrown with commander's one line.
 */
export async function parseOnly(argv: readonly string[]): Promise<Command> {
  let said = "";
  const io: Io = { isTTY: false, stdout: () => {}, stderr: (text) => (said += text) };
  try {
    await program(io, () => {}, io, { parseOnly: true }).parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof Parsed) return error.command;
    throw new Error(said.trim() || String(error));
  }
  throw new Error(`${argv.join(" ")}: no command ran (help or version only)`);
}

/** The flags typed on the command line, as `--name` (defaults excluded): to refuse flags a combination ignores. */
function givenFlags(command: Command): Set<string> {
  const given = new Set<string>();
  for (const option of command.options) {
    if (option.long && command.getOptionValueSource(option.attributeName()) === "cli") given.add(option.long);
  }
  return given;
}

/** Every command that writes a file gets --force, the one way to replace an existing file. */
function addForceFlags(command: Command): void {
  for (const sub of command.commands) addForceFlags(sub);
  const writes = command.options.some((option) =>
    (OUTPUT_OPTIONS as readonly string[]).includes(option.attributeName()),
  );
  if (writes && !command.options.some((option) => option.long === "--force"))
    command.option("--force", "replace an output file that already exists");
}

/**
 * Numeric defaults are kept as strings (the validators of flags.ts read what the user would type), but help shows
 * them as the numbers they are: `(default: 8)`, not `(default: "8")`.
 */
function describeNumericDefaults(command: Command): void {
  for (const sub of command.commands) describeNumericDefaults(sub);
  for (const option of command.options)
    if (
      option.defaultValueDescription === undefined &&
      typeof option.defaultValue === "string" &&
      /^-?\d+(\.\d+)?$/.test(option.defaultValue)
    )
      option.defaultValueDescription = option.defaultValue;
}

/**
 * Inputs exist and are files; outputs are writable, none of the inputs, and new unless --force. An output on stdout
 * (`-`) takes the command's stdout: what the command prints for the person moves to stderr.
 */
function checkFiles(command: Command, io: Io): void {
  const name = command.parent?.name() === "plan" ? `plan ${command.name()}` : command.name();
  if ((name === "build" || name === "plan build") && isInstalledPackage(PACKAGE_ROOT))
    throw new UserError(`${name} regenerates the package's own data files and runs only in a checkout`, {
      hint: `this copy is installed at ${PACKAGE_ROOT}; clone the repository to rebuild the corpus`,
    });
  const options = command.opts<Record<string, unknown>>();
  const named = (names: readonly string[]): FileFlag[] =>
    names.flatMap((attribute) => {
      const value = options[attribute];
      // `plan execute --plans best` names the best plans of --queries, `--plans r1` no plan: neither is a file.
      if (name === "plan execute" && attribute === "plans" && (value === "best" || value === "r1")) return [];
      return typeof value === "string" ? [{ flag: flagName(attribute), path: value }] : [];
    });
  const inputs = [...named(INPUT_OPTIONS), ...command.args.map((path) => ({ flag: "FILE", path }))];
  for (const input of inputs) checkInput(input);
  // A file of another kind (a plans file as --scores) is refused by its shape, before anything is written.
  checkInputKinds(name, options, command.args);
  const resume = typeof options.resume === "string" ? [{ flag: "--resume", path: options.resume }] : [];
  // `plan generate|judge --resume` completes the --out file of the run it continues.
  const resumedOut = options.resume === true && typeof options.out === "string" ? [options.out] : [];
  const toStdout = checkOutputs([...named(OUTPUT_OPTIONS), ...resume], inputs, {
    force: options.force === true,
    // A resumed run writes the results file it was started for.
    mayExist: new Set([...resume.map((r) => r.path), ...resumedOut]),
  });
  const [output] = toStdout;
  if (output) {
    if (options.json === true)
      throw new UserError(`--json and ${output.flag} ${output.path} both write to stdout`, {
        hint: `give ${output.flag} a file, or leave out --json`,
      });
    io.standardOutput = io.stdout;
    io.stdout = io.stderr;
    io.isTTY = io.stderrIsTTY === true;
  }
}

/**
 * Runs the CLI and returns the exit code: the one error boundary. Mistakes and failing environments are one line on
 * stderr (exit 2 for usage, 1 for failures); bugs say so and keep their stack; --debug shows every stack.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  if (io === processIo) guardProcessStreams();
  const terminal = redactingIo(io);
  const code = await runCommand(argv, terminal);
  if (io !== processIo) return code;
  // A failed write to stdout or stderr is reported by an event after the write: let it arrive before the verdict.
  await new Promise((resolve) => setImmediate(resolve));
  return processStreamsFailed() && code === 0 ? 1 : code;
}

async function runCommand(argv: readonly string[], terminal: Io): Promise<number> {
  let exitCode = 0;
  try {
    await program(
      { ...terminal },
      (code) => {
        exitCode = code;
      },
      terminal,
    ).parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const rendered = renderError(error, { debug: argv.includes("--debug") });
    terminal.stderr(rendered.text);
    return rendered.exitCode;
  }
}
