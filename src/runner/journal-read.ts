/**
 * Reading a journal back (`run --resume`): the header's digest, then the chain of record digests line by line, each
 * record checked against its schema (journal.ts says what the chain proves). Its own module: only a resumed run
 * reads a journal, so a new run never loads zod for it (issue 28's cached re-run).
 */
import { existsSync, truncateSync } from "node:fs";
import { z } from "zod";
import { PROTOCOLS } from "../cases/vocabulary.js";
import { formatPath, UserError } from "../errors.js";
import { checkLineLength, inputLimits } from "../input/limits.js";
import { readInputBytes } from "../input/read.js";
import { bomLength, decodeUtf8 } from "../input/utf8.js";
import { EDITED, FORMAT, headerDigest, type JournalContents, recordDigest, START_NEW } from "./journal.js";
import { type RunRecord, recordKey } from "./record.js";

/** Loose on purpose: the journal is ours, so the schema checks shape, not every verdict field. */
const RunRecordSchema = z.looseObject({
  id: z.string(),
  protocol: z.enum(PROTOCOLS),
  status: z.enum(["scored", "error"]),
  output: z.string().nullable(),
  verdict: z.looseObject({ passed: z.boolean() }).nullable(),
  error: z.string().nullable(),
  attempt: z.number().int().nonnegative().optional(),
  seed: z.number().int().nullable().optional(),
});

function parseJournalLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new UserError(`${where}: invalid JSON (${(error as Error).message})`, { hint: EDITED });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The header's configuration, once its digest proves it is the header the run wrote. */
function readHeader<Config>(line: string, path: string): { config: Config; head: string } {
  const header = parseJournalLine(line, `${path}:1`);
  if (!isObject(header) || header.config === undefined)
    throw new UserError(`${path}:1: not a tooluse journal header`, { hint: START_NEW });
  if (header.journal === 1)
    throw new UserError(
      `${path}:1: a journal of an older tooluse (format 1, without digests) cannot be checked`,
      {
        hint: START_NEW,
      },
    );
  if (header.journal !== FORMAT)
    throw new UserError(`${path}:1: not a tooluse journal header (format ${String(header.journal)})`, {
      hint: START_NEW,
    });
  if (typeof header.digest !== "string" || header.digest !== headerDigest(header.config))
    throw new UserError(`${path}:1: the journal header was edited or damaged (its digest does not match)`, {
      hint: START_NEW,
    });
  return { config: header.config as Config, head: header.digest };
}

/** Reads a journal after a crash: what it holds, with a torn last line cut so later appends start clean. */
export function readJournal<Config>(path: string): JournalContents<Config> {
  if (!existsSync(path)) throw new UserError(`${path} not found: nothing to resume`);
  const limits = inputLimits();
  const bytes = readInputBytes(path, limits);
  // A kill mid-append leaves a last line without its newline (perhaps cut inside a character): it is dropped.
  const complete = bytes.lastIndexOf(10) + 1;
  const text = decodeUtf8(bytes, path, { start: bomLength(bytes), end: complete });
  const lines = text.split("\n");
  const { config, head: start } = readHeader<Config>(lines[0] ?? "", path);
  let head = start;
  const records = new Map<string, RunRecord>();
  const lineOf = new Map<string, number>();
  lines.forEach((line, index) => {
    if (index === 0 || line === "") return;
    const where = `${path}:${index + 1}`;
    checkLineLength(line, where, limits);
    const value = parseJournalLine(line, where);
    if (!isObject(value) || typeof value.digest !== "string")
      throw new UserError(`${where}: a record without its digest`, { hint: EDITED });
    const { digest, ...record } = value;
    if (digest !== recordDigest(head, record))
      throw new UserError(`${where}: the chain of digests breaks at this line`, { hint: EDITED });
    head = digest;
    const parsed = RunRecordSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(
        `${where}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`,
        { hint: EDITED },
      );
    }
    const kept = parsed.data as unknown as RunRecord;
    const key = recordKey(kept);
    if (records.get(key)?.status !== "scored") {
      records.set(key, kept);
      lineOf.set(key, index + 1);
    }
  });
  // Only a journal that reads cleanly is repaired: a torn last line (a kill mid-append) is cut.
  if (complete < bytes.length) truncateSync(path, complete);
  return { config, records, lines: lineOf, head };
}
