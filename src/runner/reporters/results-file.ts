/** The results file as a reporter: written once, atomically, at the end of a run that produced results. */
import type { OutputOptions } from "../../io/output.js";
import { writeResults } from "../results-file.js";
import type { RunReporter } from "./types.js";

export interface ResultsReporterOptions extends OutputOptions {
  /** Where the results go (`-` is stdout, see src/io/output.ts). */
  path: string;
}

export function resultsReporter({ path, ...output }: ResultsReporterOptions): RunReporter {
  return {
    onRunEnd({ results }) {
      for (const run of results) writeResults(path, run, output);
    },
  };
}
