/**
 * `tooluse run --config tooluse.config.yaml`: every model × suite of the file, one results file each, then one
 * leaderboard per suite (terminal, `--format md`) and, with `--html FILE`, one page per suite. Run the same command
 * again after an interruption (even kill -9): finished runs are kept, the interrupted one resumes from its journal,
 * the rest start. A run that fails stops the matrix: finished runs are kept and named, empty folders it made go.
 */
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { apiKeyOf } from "../backends/registry.js";
import { FatalBackendError } from "../backends/types.js";
import { type MatrixRun, planMatrix, readMatrixConfig, runMatrix } from "../config/matrix.js";
import { cannotWrite, UserError } from "../errors.js";
import { missingFolders, removeEmptyFolders } from "../io/created-folders.js";
import { formatSuiteLeaderboards } from "../report/suite-leaderboards.js";
import { plainProgress, terminalProgress } from "../runner/progress.js";
import { terminalText } from "../sanitize.js";
import { writeSuitePages } from "./export-formats.js";
import { type Io, stderrLive, stdoutColor } from "./io.js";
import { matrixFailureLines } from "./matrix-failure.js";
import { loadSuiteRuns, planHtmlPages, suitesOf } from "./matrix-views.js";
import { incompleteRuns } from "./report.js";

export interface ConfigRunFlags {
  config: string;
  format?: string;
  html?: string;
  cacheDir?: string;
  force?: boolean;
  given?: ReadonlySet<string>;
}

/** The flags that still mean something next to a config file; every other one is set in the file. */
const WITH_CONFIG = new Set(["--config", "--format", "--html", "--cache-dir", "--force"]);

export async function runConfigFile(flags: ConfigRunFlags, io: Io): Promise<number> {
  for (const flag of flags.given ?? []) {
    if (!WITH_CONFIG.has(flag))
      throw new UserError(
        `--config cannot be combined with ${flag}: the config file sets models, suites and settings`,
      );
  }
  const format = flags.format ?? "text";
  if (format !== "text" && format !== "md")
    throw new UserError(`--format: expected text or md, got "${format}"`);
  const config = readMatrixConfig(flags.config);
  const runs = planMatrix(config);
  const pages = planHtmlPages(flags.html, suitesOf(runs), { force: flags.force === true });
  // Every key variable is checked before the first run asks anything: a typo in the last model's api_key_env must
  // not wait until the earlier models have spent their requests.
  for (const { config: run } of runs) if (run.backend === "openai") apiKeyOf(run.api_key_env, process.env);
  const cacheDir =
    config.cache_dir ??
    flags.cacheDir ??
    process.env.TOOLUSE_CACHE_DIR ??
    join(homedir(), ".cache", "tooluse");
  // Taken before anything is created: these are the only folders a failed matrix may remove again.
  const created = [...missingFolders(config.out), ...missingFolders(cacheDir)];
  try {
    mkdirSync(config.out, { recursive: true });
  } catch (error) {
    throw cannotWrite(config.out, error);
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  const again = `run the same command again to resume: tooluse run --config ${flags.config}`;
  let current: { run: MatrixRun; index: number } | null = null;
  try {
    const env = {
      env: process.env,
      cacheDir,
      progress: stderrLive(io) ? terminalProgress(io.stderr) : plainProgress(io.stderr),
      signal: controller.signal,
      log: (line: string) => io.stderr(`${line}\n`),
    };
    let index = 0;
    await runMatrix(runs, env, (run, status) => {
      index++;
      current = { run, index };
      const what = { done: "finished earlier, kept", resumed: "resuming", new: "starting" }[status];
      io.stderr(`[${index}/${runs.length}] ${run.model} × ${run.suite}: ${what}\n`);
    });
  } catch (error) {
    const removed = removeEmptyFolders(created);
    if (controller.signal.aborted) {
      io.stderr(`tooluse: interrupted; what was done is kept; ${again}\n`);
      return 130;
    }
    const stopped = failureOf(error, again);
    if (!stopped) throw error;
    io.stderr(matrixFailureLines({ runs, failed: current, removed, ...stopped }));
    return stopped.exitCode;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
  const suites = loadSuiteRuns(runs, (note) => io.stderr(`warning: ${terminalText(note)}\n`));
  const markdown = format === "md";
  io.stdout(formatSuiteLeaderboards(suites, { color: stdoutColor(io) && !markdown, markdown }));
  await writeSuitePages(suites, pages, io);
  // The worst of the runs: any run with a failed or missing record makes the exit 1.
  const incomplete = incompleteRuns(
    suites.flatMap((group) => group.runs),
    io,
  );
  if (incomplete > 0) io.stderr(`tooluse: to ask the failed and missing requests again, ${again}\n`);
  return incomplete > 0 ? 1 : 0;
}

/** Why a run stopped the matrix, what to do and the exit code; null for a bug (rethrown, with its stack). */
function failureOf(
  error: unknown,
  again: string,
): { reason: string; next: string | null; exitCode: number } | null {
  if (error instanceof FatalBackendError) {
    const next =
      error.fix === "server"
        ? `${again} (a resumed run takes the file's base_url, api_key_env, concurrency, timeout and retries as they are then)`
        : "fix the config file and run the same command again (a run already begun keeps its model and decoding settings)";
    return { reason: error.message, next, exitCode: 2 };
  }
  if (error instanceof UserError)
    return { reason: error.message, next: error.hint, exitCode: error.exitCode };
  return null;
}
