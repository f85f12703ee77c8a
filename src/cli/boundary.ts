/**
 * The CLI's one error boundary: every error that leaves a command is turned into what the user sees and the exit
 * code. A user's mistake or a failing environment is one line (what, where, what to do); anything else is a bug
 * and says so, with its stack. `--debug` adds the stack to every error.
 */
import { FatalBackendError } from "../backends/types.js";
import { describeFileError, fileErrorCode, UserError } from "../errors.js";
import { terminalText } from "../sanitize.js";

/**
 * Exit codes: 0 success; 1 a failure (an unwritable folder, failed requests, a score below --min-score); 2 the
 * command cannot run as given (a flag, a file, or a server that refuses the model or the key); 130 Ctrl-C.
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, interrupted: 130 } as const;

export interface Rendered {
  /** What goes to stderr, ending in a newline. */
  text: string;
  exitCode: number;
}

function line(message: string, hint: string | null): string {
  const what = terminalText(message);
  return `tooluse: ${what}${hint ? `; ${terminalText(hint)}` : ""}\n`;
}

function stackOf(error: unknown): string {
  return error instanceof Error && error.stack ? `${error.stack}\n` : `${String(error)}\n`;
}

/** The text and exit code for an error that reached the boundary. */
export function renderError(error: unknown, options: { debug?: boolean } = {}): Rendered {
  const debug = options.debug === true;
  if (error instanceof UserError) {
    return {
      text: line(error.message, error.hint) + (debug ? stackOf(error) : ""),
      exitCode: error.exitCode,
    };
  }
  if (error instanceof FatalBackendError) {
    return { text: line(error.message, null) + (debug ? stackOf(error) : ""), exitCode: EXIT.usage };
  }
  // A file-system failure no command anticipated is still the environment's, not a bug: name the path.
  const code = fileErrorCode(error);
  if (code !== null && typeof (error as NodeJS.ErrnoException).path === "string") {
    const { path, syscall } = error as NodeJS.ErrnoException;
    const text = line(`${path}: cannot ${syscall ?? "access"}: ${describeFileError(code)}`, null);
    return { text: text + (debug ? stackOf(error) : ""), exitCode: EXIT.failure };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    text: `tooluse: internal error (this is a bug; please report it with the lines below): ${terminalText(message)}\n${stackOf(error)}`,
    exitCode: EXIT.failure,
  };
}

/**
 * For commands that catch their own expected errors: prints a UserError or a fatal backend error as one line and
 * returns its exit code; rethrows anything else, so bugs reach the boundary with their stack.
 */
export function reportExpected(stderr: (text: string) => void, error: unknown): number {
  if (!(error instanceof UserError) && !(error instanceof FatalBackendError)) throw error;
  const rendered = renderError(error);
  stderr(rendered.text);
  return rendered.exitCode;
}

/**
 * Ctrl-C aborts the returned signal (its reason a UserError "interrupted") until `release` is called: a long
 * command stops its work on it and exits 130. `release` belongs in a finally, so a later command's Ctrl-C is its own.
 */
export function interruptOnSigint(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  return { signal: controller.signal, release: () => process.removeListener("SIGINT", onSigint) };
}
