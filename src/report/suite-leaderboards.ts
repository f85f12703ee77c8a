/**
 * The summary of a matrix run: one leaderboard per suite under its own heading. Runs of different suites are never
 * ranked in one table: their scores are on different cases, and the table would only warn that it is not comparable.
 */

import type { ReportRun } from "../runner/results-schema.js";
import { markdownText, terminalText } from "../sanitize.js";
import { style } from "./table.js";
import type { FormatOptions } from "./terminal.js";
import { formatLeaderboard } from "./terminal-leaderboard.js";

/** The runs of one suite, labelled by the names their config gave the models. */
export interface SuiteRuns {
  suite: string;
  runs: ReportRun[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "<suite> · N cases · M models"; runs that disagree on the number of cases (a changed file) show each number. */
export function suiteHeading({ suite, runs }: SuiteRuns): string {
  const cases = [...new Set(runs.map((run) => run.results.corpus.cases))];
  const counted = cases.length === 1 ? plural(cases[0] ?? 0, "case", "cases") : `${cases.join("/")} cases`;
  return `${suite} · ${counted} · ${plural(runs.length, "model", "models")}`;
}

/** Every suite's heading and leaderboard, in the config's order (text, or Markdown with `##` headings). */
export function formatSuiteLeaderboards(groups: readonly SuiteRuns[], options: FormatOptions): string {
  return groups
    .map((group) => {
      const heading = suiteHeading(group);
      const line = options.markdown
        ? `## ${markdownText(heading)}\n`
        : `${style.bold(terminalText(heading), options.color)}\n`;
      return `${line}\n${formatLeaderboard(group.runs, options)}`;
    })
    .join("\n");
}
