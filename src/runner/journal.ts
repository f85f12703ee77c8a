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
import { cannotRead, cannotWrite, formatPath, UserError } from "../errors.js";
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
  /** The first write failure (a full disk, a folder gone): reported on the next append or at close, never lost. */
  private failure: UserError | null = null;

  private constructor(private readonly path: string) {
    this.stream = createWriteStream(path, { flags: "a" });
    this.stream.on("error", (error) => {
      this.failure ??= cannotWrite(path, error);
    });
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
    try {
      appendFileSync(path, `${JSON.stringify({ journal: 1, config })}\n`);
    } catch (error) {
      throw cannotWrite(path, error);
    }
    return new Journal(path);
  }

  /** Reopens a journal for appending, after `read`. */
  static reopen(path: string): Journal {
    return new Journal(path);
  }

  /** Reads a journal after a crash: what it holds, with a torn last line cut so later appends start clean. */
  static read<Config>(path: string): JournalContents<Config> {
    if (!existsSync(path)) throw new UserError(`${path} not found: nothing to resume`);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw cannotRead(path, error);
    }
    const complete = text.lastIndexOf("\n") + 1;
    const lines = text.slice(0, complete).split("\n");
    const header = parseJournalLine(lines[0] ?? "", `${path}:1`) as { journal?: number; config?: Config };
    if (header === null || typeof header !== "object" || header.journal !== 1 || header.config === undefined)
      throw new UserError(`${path}:1: not a tooluse journal header`, { hint: "start a new run" });
    const records = new Map<string, RunRecord>();
    lines.forEach((line, index) => {
      if (index === 0 || line === "") return;
      const where = `${path}:${index + 1}`;
      const parsed = RunRecordSchema.safeParse(parseJournalLine(line, where));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UserError(
          `${where}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`,
          {
            hint: "the journal was edited or damaged; start a new run",
          },
        );
      }
      const record = parsed.data as unknown as RunRecord;
      const key = recordKey(record);
      if (records.get(key)?.status !== "scored") records.set(key, record);
    });
    // Only a journal that reads cleanly is repaired: a torn last line (a kill mid-append) is cut.
    if (complete < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, complete)));
    return { config: header.config, records };
  }

  append(record: RunRecord): void {
    if (this.failure) throw this.failure;
    this.stream.write(`${JSON.stringify(record)}\n`);
  }

  /** Flushes every appended record to disk; rejects with the first write failure. */
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stream.destroyed) {
        if (this.failure) reject(this.failure);
        else resolve();
        return;
      }
      this.stream.end(() => (this.failure ? reject(this.failure) : resolve()));
      this.stream.once("error", () => reject(this.failure ?? new UserError(`${this.path}: cannot write`)));
    });
  }
}

function parseJournalLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new UserError(`${where}: invalid JSON (${(error as Error).message})`, {
      hint: "the journal was edited or damaged; start a new run",
    });
  }
}
