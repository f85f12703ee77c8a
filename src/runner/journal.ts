/**
 * The append-only journal beside a results file: a header line with the run's configuration, then one line per
 * finished record. A kill at any moment leaves at worst a cut last line, which reading ignores and appending repairs.
 */
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  readFileSync,
  truncateSync,
  type WriteStream,
} from "node:fs";
import { UserError } from "../errors.js";
import { type RunRecord, RunRecordSchema, recordKey } from "./record.js";

export function journalPath(resultsPath: string): string {
  return `${resultsPath}.journal.jsonl`;
}

export interface JournalContents<Config> {
  config: Config;
  /** The last record per (case, protocol); a scored record is never replaced by a later one. */
  records: Map<string, RunRecord>;
}

export class Journal {
  // Appends go through a stream so the event loop never waits on the disk; a record not yet flushed when the
  // process dies is simply asked again on resume.
  private readonly stream: WriteStream;

  private constructor(path: string) {
    this.stream = createWriteStream(path, { flags: "a" });
  }

  /** Refuses to start a run over an existing journal (that is what --resume is for). */
  static assertAbsent(path: string): void {
    if (existsSync(path)) {
      throw new UserError(`${path} already exists: resume it with --resume, or choose another --out`);
    }
  }

  /** Starts a new journal with its header line. */
  static create(path: string, config: unknown): Journal {
    Journal.assertAbsent(path);
    appendFileSync(path, `${JSON.stringify({ journal: 1, config })}\n`);
    return new Journal(path);
  }

  /** Reopens a journal for appending, after `read`. */
  static reopen(path: string): Journal {
    return new Journal(path);
  }

  /** Reads a journal after a crash: what it holds, with a torn last line cut so later appends start clean. */
  static read<Config>(path: string): JournalContents<Config> {
    if (!existsSync(path)) throw new UserError(`${path} not found: nothing to resume`);
    const text = readFileSync(path, "utf8");
    const complete = text.lastIndexOf("\n") + 1;
    if (complete < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, complete)));
    const lines = text
      .slice(0, complete)
      .split("\n")
      .filter((line) => line !== "");
    const header = lines[0] ? (JSON.parse(lines[0]) as { journal?: number; config?: Config }) : {};
    if (header.journal !== 1 || header.config === undefined)
      throw new UserError(`${path}: not a tooluse journal`);
    const records = new Map<string, RunRecord>();
    for (const line of lines.slice(1)) {
      const record = RunRecordSchema.parse(JSON.parse(line)) as unknown as RunRecord;
      const key = recordKey(record);
      if (records.get(key)?.status !== "scored") records.set(key, record);
    }
    return { config: header.config, records };
  }

  append(record: RunRecord): void {
    this.stream.write(`${JSON.stringify(record)}\n`);
  }

  /** Flushes every appended record to disk. */
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.once("error", reject);
      this.stream.end(() => resolve());
    });
  }
}
