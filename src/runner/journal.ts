/**
 * The append-only journal beside a results file: a header line with the run's configuration, then one line per
 * finished record. A kill at any moment leaves at worst a cut last line, which reading ignores and appending repairs.
 *
 * The lines form a chain: the header carries the digest of its own canonical JSON, and each record the digest of the
 * previous line's digest and the record's canonical JSON. A journal whose header was edited (a switched backend), a
 * record edited, inserted, removed or copied from another journal is refused at the first line that breaks the chain.
 * The chain detects changes, not a forger who recomputes it: the re-grading of `report` and `merge` covers verdicts.
 *
 * Every append is written before the next one starts: the first failed write (a full disk, a folder gone) stops the
 * run with that error, whatever the backend (an in-process model never yields to the event loop).
 */
import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { cannotWrite, UserError } from "../errors.js";
import { canonicalJson, sha256 } from "./canonical-json.js";
import type { RunRecord } from "./record.js";

/** The journal format: 2 added the digest chain; format 1 journals cannot be checked and are refused. */
export const FORMAT = 2;
const HEADER_SEED = "tooluse.journal/2";
/** A new run to the same --out needs the old journal out of the way: say how, so the advice works as printed. */
export const START_NEW = "start a new run (choose another --out, or delete the journal)";
export const EDITED = `the journal was edited or damaged; ${START_NEW}`;

const JOURNAL_SUFFIX = ".journal.jsonl";

export function journalPath(resultsPath: string): string {
  return `${resultsPath}${JOURNAL_SUFFIX}`;
}

export interface JournalContents<Config> {
  config: Config;
  /**
   * The last record per (case, protocol, attempt); a scored record is never replaced by a later one, so an attempt
   * written twice (a journal copied into itself) counts once, as first scored.
   */
  records: Map<string, RunRecord>;
  /** The line each kept record was read from, for errors. */
  lines: Map<string, number>;
  /** The digest of the last line: where appends continue the chain. */
  head: string;
}

/** The digest the header line carries (of its own canonical JSON). */
export function headerDigest(config: unknown): string {
  return sha256(`${HEADER_SEED}\n${canonicalJson({ journal: FORMAT, config })}`);
}

/** A record line's digest: of the previous line's digest and the record's canonical JSON. */
export function recordDigest(previous: string, record: unknown): string {
  return sha256(`${previous}\n${canonicalJson(record)}`);
}

export class Journal {
  /** The first write failure, thrown by the append that met it and by every append after. */
  private failure: UserError | null = null;

  private constructor(
    private readonly path: string,
    private fd: number | undefined,
    /** The digest of the last line written: the next record's digest covers it. */
    private head: string,
  ) {}

  /** Refuses to start a run over an existing journal (that is what --resume is for). */
  static assertAbsent(path: string): void {
    if (existsSync(path)) {
      const results = path.endsWith(JOURNAL_SUFFIX) ? path.slice(0, -JOURNAL_SUFFIX.length) : path;
      throw new UserError(
        `${path} already exists: resume that run with --resume ${results}, or delete the journal to start over, or choose another --out`,
      );
    }
  }

  /** Starts a new journal with its header line. */
  static create(path: string, config: unknown): Journal {
    Journal.assertAbsent(path);
    const digest = headerDigest(config);
    let fd: number;
    try {
      // Exclusive: a journal that appeared since the check is never appended to as if it were new.
      fd = openSync(path, "ax");
    } catch (error) {
      throw cannotWrite(path, error);
    }
    const journal = new Journal(path, fd, digest);
    journal.write(`${JSON.stringify({ journal: FORMAT, config, digest })}\n`);
    return journal;
  }

  /** Reopens a journal for appending, after `readJournal`: the chain continues from the last line read. */
  static reopen(path: string, contents: Pick<JournalContents<unknown>, "head">): Journal {
    let fd: number;
    try {
      fd = openSync(path, "a");
    } catch (error) {
      throw cannotWrite(path, error);
    }
    return new Journal(path, fd, contents.head);
  }

  /**
   * Refuses a journal record the run would never ask (an unknown case id, another protocol or shard) and a scored
   * record of another grader: resuming would count it (progress 189/188) or mix two graders in one file.
   */
  static assertBelongs(
    contents: Pick<JournalContents<unknown>, "records" | "lines">,
    path: string,
    run: { pairs: ReadonlySet<string>; grading: { profile: string; version: string } },
  ): void {
    for (const [key, record] of contents.records) {
      const where = `${path}:${contents.lines.get(key) ?? "?"}`;
      if (!run.pairs.has(key))
        throw new UserError(
          `${where}: case ${record.id} in protocol ${record.protocol}${record.attempt ? ` (attempt ${record.attempt})` : ""} is not one this run asks (an unknown case id, or outside its selection or its repeats)`,
          { hint: EDITED },
        );
      const grading = record.grading;
      if (
        record.status === "scored" &&
        grading !== undefined &&
        (grading.profile !== run.grading.profile || grading.version !== run.grading.version)
      )
        throw new UserError(
          `${where}: graded under ${grading.profile} ${grading.version}; this run grades under ${run.grading.profile} ${run.grading.version}`,
          { hint: START_NEW },
        );
    }
  }

  append(record: RunRecord): void {
    if (this.failure) throw this.failure;
    const digest = recordDigest(this.head, record);
    this.write(`${JSON.stringify({ ...record, digest })}\n`);
    this.head = digest;
  }

  /** Closes the file; a write failure was already thrown by the append that met it. */
  close(): Promise<void> {
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch (error) {
        if (!this.failure) return Promise.reject(cannotWrite(this.path, error));
      }
    }
    return Promise.resolve();
  }

  /** Writes a whole line now; the first failure is kept and thrown (and thrown again by later appends). */
  private write(line: string): void {
    if (this.fd === undefined)
      throw new UserError(`${this.path}: the journal is closed`, { kind: "failure" });
    const bytes = Buffer.from(line);
    try {
      // A write may take fewer bytes than given: go on until all are written.
      for (let offset = 0; offset < bytes.length; )
        offset += writeSync(this.fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      this.failure = cannotWrite(this.path, error);
      throw this.failure;
    }
  }
}
