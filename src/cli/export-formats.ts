/**
 * `--junit FILE` and `--csv FILE` on `run` and `report` (the per-record formats CI systems and spreadsheets read),
 * `report --html FILE` and the run matrix's page per suite (`run --config F --html FILE`): each chosen from the one
 * registry of reporters (src/report/reporters.ts).
 */
import type { ExportRun } from "../report/record-rows.js";
import { type FileReporterOptions, REPORTERS, type SuitePagesOptions } from "../report/reporters.js";
import type { SuiteRuns } from "../report/suite-leaderboards.js";
import { endReporters, type RunReporter } from "../runner/reporters/index.js";
import type { ReportRun } from "../runner/results-schema.js";
import { type Io, outputOptions } from "./io.js";

export interface ExportFlags {
  junit?: string;
  csv?: string;
}

/** A format file's options: `-` is stdout (src/io/output.ts); any other path is named on stderr once written. */
function fileOptions(path: string, io: Io): FileReporterOptions {
  return { path, output: outputOptions(io), log: (line) => io.stderr(`${line}\n`) };
}

/** The reporters of the formats asked for, JUnit before CSV: `run` hands them to the run, after its own. */
export function exportReporters(flags: ExportFlags, io: Io): RunReporter<ExportRun>[] {
  return [
    ...(flags.junit === undefined ? [] : [REPORTERS.junit(fileOptions(flags.junit, io))]),
    ...(flags.csv === undefined ? [] : [REPORTERS.csv(fileOptions(flags.csv, io))]),
  ];
}

/** `report`: the files it read, through the reporters asked for (JUnit, CSV, then the HTML page). */
export async function writeReports(
  runs: readonly ReportRun[],
  flags: ExportFlags & { html?: string },
  io: Io,
): Promise<void> {
  await endReporters(exportReporters(flags, io), { results: runs.map((run) => run.results) });
  if (flags.html) await endReporters([REPORTERS.html(fileOptions(flags.html, io))], { results: runs });
}

/** `run --config`: each suite's runs on the page planned for it, once every run of the matrix has finished. */
export async function writeSuitePages(
  suites: readonly SuiteRuns[],
  pages: SuitePagesOptions["pages"],
  io: Io,
): Promise<void> {
  if (pages.length === 0) return;
  const options = { pages, output: outputOptions(io), log: (line: string) => io.stderr(`${line}\n`) };
  await endReporters([REPORTERS.suitePages(options)], { results: suites });
}
