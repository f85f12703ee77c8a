/** `--junit FILE` and `--csv FILE` on `run` and `report`: the per-record formats CI systems and spreadsheets read. */
import { writeOutput } from "../io/output.js";
import { STDOUT_PATH } from "../io/target.js";
import { buildCsv } from "../report/csv.js";
import { buildJunit } from "../report/junit.js";
import type { ExportRun } from "../report/record-rows.js";
import { type Io, outputOptions } from "./io.js";

export interface ExportFlags {
  junit?: string;
  csv?: string;
}

/** Writes each format asked for (src/io/output.ts: `-` is stdout) and says where on stderr. */
export function writeExports(runs: readonly ExportRun[], flags: ExportFlags, io: Io): void {
  if (flags.junit !== undefined) {
    writeOutput(flags.junit, buildJunit(runs), outputOptions(io));
    if (flags.junit !== STDOUT_PATH) io.stderr(`junit: ${flags.junit}\n`);
  }
  if (flags.csv !== undefined) {
    writeOutput(flags.csv, buildCsv(runs), outputOptions(io));
    if (flags.csv !== STDOUT_PATH) io.stderr(`csv: ${flags.csv}\n`);
  }
}
