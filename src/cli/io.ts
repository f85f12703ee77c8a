/** The streams a command writes to, injectable so commands can be tested without a process. */
import { describeFileError, fileErrorCode } from "../errors.js";
import type { OutputOptions } from "../io/output.js";
import { redact } from "../text/redact.js";

export interface Io {
  /** Machine output only (the result, JSON with --json). */
  stdout: (text: string) => void;
  /** Everything for the person: progress, warnings, errors. */
  stderr: (text: string) => void;
  /** stdout is a terminal. */
  isTTY: boolean;
  /** stderr is a terminal that may receive cursor control (the redrawn progress bar); default false. */
  stderrIsTTY?: boolean;
  /** The environment, for NO_COLOR and TERM; default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * The real standard output, when an output file of the command is `-` (or /dev/stdout): that file goes here, and
   * `stdout` (the command's summary) has been moved to stderr so the two never mix.
   */
  standardOutput?: (text: string) => void;
}

/** Only the two streams, for commands that print but never ask about the terminal (plan build, plan lint). */
export type Streams = Pick<Io, "stdout" | "stderr">;

/** Sets the exit code from a command; every command module is loaded only when its command runs. */
export type SetExit = (code: number) => void;

/** A command's entry: its flags, its streams and the environment (tests pass their own); it resolves to the exit code. */
export type CommandEntry<Options> = (options: Options, io: Io, env?: NodeJS.ProcessEnv) => Promise<number>;

/** NO_COLOR (no-color.org) or TERM=dumb: a standing request for plain text even on a terminal. */
function plainRequested(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.NO_COLOR) || env.TERM === "dumb";
}

/** Colour on stdout: only on a terminal, and never when NO_COLOR or TERM=dumb asks for plain text. */
export function stdoutColor(io: Io): boolean {
  return io.isTTY && !plainRequested(io.env ?? process.env);
}

/** A redrawn progress bar on stderr: only on a terminal, never under NO_COLOR or TERM=dumb (plain lines instead). */
export function stderrLive(io: Io): boolean {
  return Boolean(io.stderrIsTTY) && !plainRequested(io.env ?? process.env);
}

/** What the output writer needs from a command's streams: where an output named `-` goes. */
export function outputOptions(io: Pick<Io, "stdout" | "standardOutput">): OutputOptions {
  return { stdout: io.standardOutput ?? io.stdout };
}

/** The same streams with every line passed through the secret redactor: nothing printed carries a key. */
export function redactingIo(io: Io): Io {
  return {
    ...io,
    stdout: (text) => io.stdout(redact(text)),
    stderr: (text) => io.stderr(redact(text)),
    ...(io.standardOutput ? { standardOutput: (text: string) => io.standardOutput?.(redact(text)) } : {}),
  };
}

type StreamName = "stdout" | "stderr";
/** Standard streams that failed (a closed pipe, a full disk): nothing more is written to them. */
const broken = new Set<StreamName>();
let guarded = false;

/**
 * Turns a failure of the process's own stdout or stderr into an exit code instead of an unhandled 'error' event
 * with a stack: a full disk or a refused write is one line on stderr and exit 1; a reader that went away (EPIPE on
 * stdout, `tooluse report … | head`) ends quietly, as Unix tools do, also with exit 1 (not everything was delivered).
 */
export function guardProcessStreams(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on("error", (error) => streamFailed("stdout", error));
  process.stderr.on("error", (error) => streamFailed("stderr", error));
}

function streamFailed(name: StreamName, error: unknown): void {
  if (broken.has(name)) return;
  broken.add(name);
  process.exitCode = 1;
  const code = fileErrorCode(error);
  if (name === "stderr" || code === "EPIPE") return;
  writeProcess("stderr", `tooluse: cannot write to stdout: ${describeFileError(code ?? String(error))}\n`);
}

/** True once the process's stdout or stderr failed: the command's exit code is then at least 1. */
export function processStreamsFailed(): boolean {
  return broken.size > 0;
}

function writeProcess(name: StreamName, text: string): void {
  if (broken.has(name)) return;
  try {
    process[name].write(text);
  } catch (error) {
    streamFailed(name, error);
  }
}

export const processIo: Io = {
  stdout: (text) => writeProcess("stdout", text),
  stderr: (text) => writeProcess("stderr", text),
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
};
