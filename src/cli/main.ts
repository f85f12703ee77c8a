/**
 * The `tooluse` command line: the program around the commands (version, help, checks every command shares, the one
 * error boundary and its exit codes). The commands themselves are the registry in src/cli/commands/.
 */
import { Command, CommanderError, type OptionValues } from "commander";
import { UserError } from "../errors.js";
import { PACKAGE_ROOT } from "../paths.js";
import { HARNESS_VERSION } from "../version.js";
import { renderError } from "./boundary.js";
import { COMMANDS, type CommandModule } from "./commands/index.js";
import { resolveDeprecatedAliases } from "./deprecated-aliases.js";
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

  for (const module of COMMANDS) addCommand(root, module, io, setExit);
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

/**
 * Adds one command of the registry under `parent`, then its subcommands. Its action hands commander's parse to the
 * module's `run` (which imports the implementation only now) and records the exit code it returns.
 */
function addCommand(parent: Command, module: CommandModule, io: Io, setExit: SetExit): void {
  const command = parent.command(module.name);
  module.describe(command);
  const { run } = module;
  if (run)
    command.action(async (...parsed: unknown[]) => {
      // commander hands the positional arguments, then the options, then the command itself.
      const options = parsed.at(-2) as OptionValues;
      setExit(await run({ args: parsed.slice(0, -2), options, command }, io));
    });
  for (const sub of module.subcommands ?? []) addCommand(command, sub, io, setExit);
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
