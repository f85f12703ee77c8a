/** The results file as a reporter: written once, atomically, at the end of a run that produced results. */
import { type OutputOptions, writeOutput } from "../../io/output.js";
import { isWritableResults, resultsText } from "../results-write.js";
import type { RunReporter } from "./types.js";

export interface ResultsReporterOptions extends OutputOptions {
  /** Where the results go (`-` is stdout, see src/io/output.ts). */
  path: string;
}

export function resultsReporter({ path, ...output }: ResultsReporterOptions): RunReporter {
  return {
    async onRunEnd({ results }) {
      for (const run of results) {
        // A run's own results pass the quick check, and are written as writeResults writes them, without loading
        // zod; anything it is unsure of goes to writeResults, which checks it against the schema.
        if (isWritableResults(run)) writeOutput(path, resultsText(run), output);
        else (await import("../results-file.js")).writeResults(path, run, output);
      }
    },
  };
}
