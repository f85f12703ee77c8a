/**
 * Every output a run can have, by name: the run's own (journal, progress line, results file: src/runner/reporters/)
 * and the formats made for other tools, each a thin reporter over the builder that lives beside its format (JUnit
 * and CSV for CI systems and spreadsheets, the HTML page, and the run matrix's HTML page per suite). `run`, `run
 * --config` and `report` choose from this one registry.
 */
import { type OutputOptions, writeOutput } from "../io/output.js";
import { STDOUT_PATH } from "../io/target.js";
import { RUN_REPORTERS, type RunReporter, type RunReporterOptions } from "../runner/reporters/index.js";
import type { Results } from "../runner/results.js";
import type { ReportRun } from "../runner/results-schema.js";
import type { ExportRun } from "./record-rows.js";
import type { SuiteRuns } from "./suite-leaderboards.js";

/** Where a format file goes, and where to say so (a line on stderr, none for stdout). */
export interface FileReporterOptions {
  path: string;
  output: OutputOptions;
  log: (line: string) => void;
}

/** The run matrix's `--html`: one page per suite, each at its own path (src/cli/matrix-views.ts plans them). */
export interface SuitePagesOptions {
  pages: readonly { suite: string; path: string }[];
  output: OutputOptions;
  log: (line: string) => void;
}

export interface ReporterOptions extends RunReporterOptions {
  junit: FileReporterOptions;
  csv: FileReporterOptions;
  html: FileReporterOptions;
  suitePages: SuitePagesOptions;
}

export type ReporterName = keyof ReporterOptions;

/** What each reporter's end reads: a run's results, or (the HTML page) the runs with their file and label. */
interface ReporterRuns {
  journal: Results;
  progress: Results;
  results: Results;
  junit: ExportRun;
  csv: ExportRun;
  html: ReportRun;
  suitePages: SuiteRuns;
}

/**
 * A format written once, from every run the stream produced, at its end (none when the run stopped early). Its
 * builder is imported then: a run that writes no HTML page (or JUnit, or CSV) never loads the modules that build one.
 */
function fileReporter<Run>(
  loadBuild: () => Promise<(runs: readonly Run[]) => string>,
  describe: (path: string, bytes: number) => string,
): (options: FileReporterOptions) => RunReporter<Run> {
  return ({ path, output, log }) => ({
    async onRunEnd({ results }) {
      if (results.length === 0) return;
      const build = await loadBuild();
      const bytes = writeOutput(path, build(results), output);
      if (path !== STDOUT_PATH) log(describe(path, bytes));
    },
  });
}

/** Every planned page is written, a suite with no runs to show included (its page says so). */
function suitePagesReporter({ pages, output, log }: SuitePagesOptions): RunReporter<SuiteRuns> {
  return {
    async onRunEnd({ results }) {
      const { buildHtmlReport } = await import("./html/page.js");
      for (const page of pages) {
        const shown = results.find((group) => group.suite === page.suite)?.runs ?? [];
        writeOutput(page.path, buildHtmlReport(shown, { suite: page.suite }), output);
        if (page.path !== STDOUT_PATH) log(`report: ${page.path}`);
      }
    },
  };
}

export const REPORTERS: {
  readonly [Name in ReporterName]: (options: ReporterOptions[Name]) => RunReporter<ReporterRuns[Name]>;
} = {
  ...RUN_REPORTERS,
  junit: fileReporter(
    async () => (await import("./junit.js")).buildJunit,
    (path) => `junit: ${path}`,
  ),
  csv: fileReporter(
    async () => (await import("./csv.js")).buildCsv,
    (path) => `csv: ${path}`,
  ),
  html: fileReporter(
    async () => {
      const { buildHtmlReport } = await import("./html/page.js");
      return (runs) => buildHtmlReport(runs);
    },
    (path, bytes) => `report: ${path} (${(bytes / 1024).toFixed(0)} KB, opens offline in any browser)`,
  ),
  suitePages: suitePagesReporter,
};
