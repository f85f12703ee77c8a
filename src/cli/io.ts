/** The streams a command writes to, injectable so commands can be tested without a process. */
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
}

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

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
};
