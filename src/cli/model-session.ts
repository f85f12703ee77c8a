/** What the model-calling plan commands share: the session's lifetime, Ctrl-C, exit codes for expected failures. */
import { existsSync } from "node:fs";
import { UserError } from "../errors.js";
import type { QuerySelection } from "../plans/query-records.js";
import { workProgressReporter } from "../runner/reporters/work-progress.js";
import { MODEL_BACKENDS, type ModelBackend, type ModelSession, openSession } from "../runner/session.js";
import { type PromptSet, promptSet } from "../workflows/plan-models/prompt-set.js";
import { type PromptRole, parsePromptFileFlags } from "../workflows/templates.js";
import { reportExpected } from "./boundary.js";
import { type Io, stderrLive } from "./io.js";
import { type ModelFlags, type ModelSettings, PLAN_FLAG_DEFAULTS, parseModelFlags } from "./model-flags.js";

/** The flags of every model-calling plan command, as commander hands them over. */
export interface PlanModelFlags extends ModelFlags {
  backend?: string;
  /** ROLE=PATH items of --prompt-file. */
  promptFile?: string[];
}

export interface PlanModelInputs {
  settings: ModelSettings;
  prompts: PromptSet;
  select: QuerySelection;
}

/** Validates the shared flags and reads the prompt files; `roles` are those the command asks (others are refused). */
export function readModelInputs(flags: PlanModelFlags, roles: readonly PromptRole[]): PlanModelInputs {
  const settings = parseModelFlags(flags, PLAN_FLAG_DEFAULTS);
  modelBackend(flags.backend);
  const files = parsePromptFileFlags(flags.promptFile ?? []);
  for (const role of files.keys())
    if (!roles.includes(role))
      throw new UserError(
        `--prompt-file: this command does not ask role ${role} (it asks ${roles.join(", ")})`,
      );
  return { settings, prompts: promptSet(files), select: { ids: settings.ids, limit: settings.limit } };
}

/** Extra session settings for tests (environment); the command line never sets them. */
export interface CommandContext {
  env?: NodeJS.ProcessEnv;
}

/** Checks the backend flag of a planning command (only backends that answer free-form prompts). */
export function modelBackend(value: string | undefined): ModelBackend | undefined {
  if (value === undefined) return undefined;
  if (!(MODEL_BACKENDS as readonly string[]).includes(value))
    throw new UserError(`--backend: "${value}" is not one of ${MODEL_BACKENDS.join(", ")}`);
  return value as ModelBackend;
}

/** True when a re-run can take what was answered from the cache (cache on, temperature 0). */
export function answersAreCached(settings: ModelSettings): boolean {
  return settings.cache && settings.temperature === 0;
}

/** The output flags of a command that can resume from its own --out file. */
export interface ResumableOutput {
  out?: string;
  /** Keep what the --out file of an earlier run holds; ask only what failed. */
  resume?: boolean;
  force?: boolean;
}

/** The --out file a resumed run continues, or null without --resume; refuses --resume where it cannot work. */
export function resumeFile(options: ResumableOutput): string | null {
  if (!options.resume) return null;
  if (options.out === undefined)
    throw new UserError("--resume: continues the --out file of an earlier run", {
      hint: "give that file with --out FILE",
    });
  if (options.out === "-")
    throw new UserError("--resume: --out - is stdout, which holds nothing to resume", {
      hint: "give the --out FILE of the earlier run",
    });
  if (options.force)
    throw new UserError("--force: with --resume the --out file is kept and completed, not replaced", {
      hint: "use --resume to continue it, or --force alone to start afresh",
    });
  if (!existsSync(options.out))
    throw new UserError(`--resume: --out ${options.out} does not exist, so there is nothing to resume`, {
      hint: "leave --resume out to start",
    });
  return options.out;
}

/**
 * Advice after failed requests that works exactly as printed: with --out FILE, the same command with --resume asks
 * only them (and keeps the rest of FILE); without a file, the same command again asks only them when the answers are
 * cached; otherwise only a file makes that possible.
 */
export function retryAdvice(options: ResumableOutput, settings: ModelSettings, failed: number): string {
  const what = failed === 1 ? "failed request" : `${failed} failed requests`;
  if (options.out !== undefined && options.out !== "-") {
    // --resume refuses --force (it would throw away what it keeps): the advice says to swap them.
    const how = options.resume ? "" : options.force ? " with --resume instead of --force" : " with --resume";
    return `to ask only the ${what} again, run the same command${how} (it keeps every other answer in ${options.out})`;
  }
  if (answersAreCached(settings))
    return `to ask only the ${what} again, run the same command (the answered prompts come from the cache)`;
  return `a re-run asks every prompt again (answers are not cached: ${settings.cache ? "temperature > 0" : "--no-cache"}); write them with --out FILE, and --resume then asks only what failed`;
}

export function interruptedMessage(settings: ModelSettings): string {
  return answersAreCached(settings)
    ? "tooluse: interrupted; answers so far are cached: run the same command again to continue\n"
    : `tooluse: interrupted; answers were not cached (${settings.cache ? "temperature > 0" : "--no-cache"}): running the command again asks every prompt again\n`;
}

/**
 * Runs `work` with an open session and returns its exit code. Bad input and a refusing server are one line on
 * stderr and exit 2; Ctrl-C exits 130.
 */
export async function withSession(
  model: string,
  backend: string | undefined,
  settings: ModelSettings,
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
      model,
      backend: modelBackend(backend),
      baseUrls: settings.baseUrls,
      apiKeyEnv: settings.apiKeyEnv,
      concurrency: settings.concurrency,
      retries: settings.retries,
      timeoutMs: settings.timeoutMs,
      maxTokens: settings.maxTokens,
      temperature: settings.temperature,
      seed: settings.seed,
      enableThinking: settings.enableThinking,
      cache: settings.cache,
      ...(settings.cacheDir ? { cacheDir: settings.cacheDir } : {}),
      ...(context.env ? { env: context.env } : {}),
      signal: controller.signal,
      log: (line) => io.stderr(`${line}\n`),
    });
    return await work(session);
  } catch (error) {
    if (controller.signal.aborted) {
      io.stderr(interruptedMessage(settings));
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

/** The plan commands' progress on stderr: a reporter on the work stream, a bar on a terminal, else plain lines. */
export function progressFor(io: Io) {
  return workProgressReporter(io.stderr, stderrLive(io));
}

/** JSONL text of records, one per line. */
export function jsonLines(records: readonly unknown[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join("");
}
