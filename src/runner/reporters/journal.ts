/** The journal as a reporter: created (or reopened) when the run starts, one line per record, closed at the end. */
import { Journal, type JournalContents } from "../journal.js";
import type { RunReporter } from "./types.js";

export interface JournalReporterOptions {
  path: string;
  /** The header of a new journal (already in its stored, redacted form); unused when resuming. */
  header: unknown;
  /** The journal read for `--resume`: appends continue its chain. Null starts a new journal. */
  resumeFrom: Pick<JournalContents<unknown>, "head"> | null;
}

export function journalReporter(options: JournalReporterOptions): RunReporter {
  let journal: Journal | null = null;
  return {
    onRunStart() {
      journal = options.resumeFrom
        ? Journal.reopen(options.path, options.resumeFrom)
        : Journal.create(options.path, options.header);
    },
    onRecord(record) {
      journal?.append(record);
    },
    async onRunEnd() {
      await journal?.close();
    },
  };
}
