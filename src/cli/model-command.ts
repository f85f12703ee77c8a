/** What the three model-driven plan commands share: exit codes for expected failures, the session's lifetime, Ctrl-C. */

import { UserError } from "../errors.js";
import { workProgress } from "../plans/models/progress.js";
import { type ModelSession, openSession } from "../plans/models/session.js";
import { reportExpected } from "./boundary.js";
import { type Io, stderrLive } from "./io.js";
import { type ModelFlags, sessionOptions } from "./model-flags.js";

/** Extra session settings for tests (environment, cache directory); the command line never sets them. */
export interface CommandContext {
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `work` with an open session and returns its exit code. Bad input and a refusing server are one line on
 * stderr and exit 2; Ctrl-C exits 130 (answers so far stay in the cache, so the same command continues cheaply).
 */
export async function withSession(
  model: string,
  flags: ModelFlags,
  io: Io,
  context: CommandContext,
  work: (session: ModelSession) => Promise<number>,
): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  let session: ModelSession | undefined;
  try {
    session = await openSession({
      ...sessionOptions(model, flags),
      ...(context.env ? { env: context.env } : {}),
      signal: controller.signal,
      log: (line) => io.stderr(`${line}\n`),
    });
    return await work(session);
  } catch (error) {
    if (controller.signal.aborted) {
      io.stderr("tooluse: interrupted; answers so far are cached: run the same command again to continue\n");
      return 130;
    }
    return reportExpected(io.stderr, error);
  } finally {
    process.removeListener("SIGINT", onSigint);
    await session?.close();
  }
}

/** Reads and checks the inputs before any model is contacted: a bad file should not cost a request. */
export function prepare<T>(io: Io, read: () => T): { ok: true; value: T } | { ok: false; code: number } {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, code: reportExpected(io.stderr, error) };
  }
}

export function progressFor(io: Io, label: string) {
  return workProgress(io.stderr, stderrLive(io), label);
}

/** JSONL text of records, one per line. */
export function jsonLines(records: readonly unknown[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join("");
}
