/** `--junit FILE` and `--csv FILE` on `run` and `report`: the per-record formats CI systems and spreadsheets read. */
import { writeFileAtomic } from "../jsonl.js";
import { buildCsv } from "../report/csv.js";
import { buildJunit } from "../report/junit.js";
import type { ExportRun } from "../report/record-rows.js";
import type { Io } from "./io.js";

export interface ExportFlags {
  junit?: string;
  csv?: string;
}

/** Writes each format asked for (atomically) and says where on stderr. */
export function writeExports(runs: readonly ExportRun[], flags: ExportFlags, io: Io): void {
  if (flags.junit !== undefined) {
    writeFileAtomic(flags.junit, buildJunit(runs));
    io.stderr(`junit: ${flags.junit}\n`);
  }
  if (flags.csv !== undefined) {
    writeFileAtomic(flags.csv, buildCsv(runs));
    io.stderr(`csv: ${flags.csv}\n`);
  }
}
