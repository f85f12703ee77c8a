/**
 * What a matrix run (`run --config`) shows at the end: the runs grouped by suite, each labelled by its config name,
 * and with `--html FILE` one page per suite. The pages are planned (and refused) before the first run asks
 * anything, so a bad `--html` never costs a matrix's requests.
 */
import { basename, dirname, extname, join } from "node:path";
import type { MatrixRun } from "../config/matrix.js";
import { UserError } from "../errors.js";
import { outputTarget } from "../io/target.js";
import { loadRuns } from "../report/load.js";
import type { SuiteRuns } from "../report/suite-leaderboards.js";
import { checkOutputs } from "./file-flags.js";

/** The suites of a matrix, in the config's order. */
export function suitesOf(runs: readonly MatrixRun[]): string[] {
  return [...new Set(runs.map((run) => run.suite))];
}

/** Reads each suite's results files; every run is labelled by the name its config gave the model. */
export function loadSuiteRuns(runs: readonly MatrixRun[], warn: (note: string) => void): SuiteRuns[] {
  return suitesOf(runs).map((suite) => {
    const ofSuite = runs.filter((run) => run.suite === suite);
    const loaded = loadRuns(
      ofSuite.map((run) => run.config.out),
      warn,
    );
    // Results files written before runs carried their config name are labelled by it here too.
    return { suite, runs: loaded.map((run, i) => ({ ...run, label: ofSuite[i]?.model ?? run.label })) };
  });
}

export interface HtmlPage {
  suite: string;
  path: string;
}

/** `report.html` and suite `mini` → `report.mini.html`, in the same folder. */
export function suitePagePath(file: string, suite: string): string {
  const ext = extname(file);
  const stem = basename(file, ext);
  return join(dirname(file), `${stem}.${suite}${ext === "" ? ".html" : ext}`);
}

/**
 * The HTML pages to write: FILE itself for one suite, one page per suite beside it for several. Several pages cannot
 * share stdout; an existing page is refused without --force, as FILE is.
 */
export function planHtmlPages(
  file: string | undefined,
  suites: readonly string[],
  options: { force: boolean },
): HtmlPage[] {
  if (file === undefined) return [];
  const [only] = suites;
  if (suites.length === 1 && only !== undefined) return [{ suite: only, path: file }];
  if (outputTarget(file).kind !== "file")
    throw new UserError(
      `--html ${file}: the config has ${suites.length} suites and each gets its own page, which cannot share a stream`,
      { hint: "give a file: the pages are written beside it as NAME.<suite>.html" },
    );
  const pages = suites.map((suite) => ({ suite, path: suitePagePath(file, suite) }));
  checkOutputs(
    pages.map((page) => ({ flag: "--html", path: page.path })),
    [],
    options,
  );
  return pages;
}
