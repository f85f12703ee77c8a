/** Reading JSONL files line by line with schema validation, and writing files atomically. */
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { cannotWrite, fileErrorCode, formatPath, UserError } from "./errors.js";
import { parseJsonText } from "./input/json.js";
import { checkLineLength, inputLimits } from "./input/limits.js";
import { forEachInputLine, readInputText } from "./input/read.js";

/** Parses every non-blank line of a JSONL file; the first bad line throws a UserError naming file, line and field. */
export function readJsonl<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  const records: z.infer<T>[] = [];
  forEachByteLine(file, (bytes, start, end, number) => {
    const line = bytes.toString("utf8", start, end).trim();
    if (line !== "") records.push(parseLine(line, `${file}:${number}`, schema));
  });
  return records;
}

/**
 * A file's text, within the input limits (src/input): a byte-order mark dropped, invalid UTF-8 refused with its byte
 * offset. A missing file, a folder or an unreadable file is a UserError naming the file.
 */
export function readTextFile(file: string): string {
  return readInputText(file);
}

/**
 * Calls `visit` with each line of a file as bytes, `bytes[start, end)` without its newline, and its 1-based number.
 * The bytes are valid during the call only (the buffer is reused). Lines are read within the input limits and are
 * valid UTF-8 (src/input/read.ts); a missing file, a folder or an unreadable file is a UserError naming the file.
 */
export function forEachByteLine(
  file: string,
  visit: (bytes: Buffer, start: number, end: number, number: number) => void,
): void {
  forEachInputLine(file, visit);
}

const NEWLINE = 10;

export function parseJsonl<T extends z.ZodType>(text: string, file: string, schema: T): z.infer<T>[] {
  const records: z.infer<T>[] = [];
  const limits = inputLimits();
  forEachLine(text, (line, number) => {
    const where = `${file}:${number}`;
    checkLineLength(line, where, limits);
    records.push(parseLine(line, where, schema));
  });
  return records;
}

/** Records as JSON lines text: one compact JSON value per line, each line ended. */
export function toJsonLines(records: readonly unknown[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join("");
}

/** Calls `visit` with every non-blank line of a JSONL text, trimmed, and its 1-based line number. */
export function forEachLine(text: string, visit: (line: string, number: number) => void): void {
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]?.trim() ?? "";
    if (line !== "") visit(line, index + 1);
  }
}

/** One JSONL line parsed and checked; a bad one throws a UserError naming `where` (file:line) and the field. */
export function parseLine<T extends z.ZodType>(line: string, where: string, schema: T): z.infer<T> {
  return checkValue(parseJsonLine(line, where), where, schema);
}

/** One JSONL line's value; text that is not JSON, or nests too deep, throws a UserError naming `where` (file:line). */
export function parseJsonLine(line: string, where: string): unknown {
  return parseJsonText(line, where);
}

/** A parsed line checked against its schema; a bad one throws a UserError naming `where` (file:line) and the field. */
export function checkValue<T extends z.ZodType>(value: unknown, where: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UserError(`${where}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
}

/**
 * Writes a file so that a crash leaves either the old content or the new one, never half of it. A file-system
 * failure (an unwritable folder, a full disk) is a UserError naming the file; the temporary file is removed. A
 * missing parent folder is created.
 */
export function writeFileAtomic(file: string, content: string): void {
  const writer = new AtomicFileWriter(file);
  try {
    writer.write(content);
    writer.commit();
  } finally {
    writer.discard();
  }
}

/** Bytes gathered before they go to the file: few system calls, little held in memory. */
const BUFFER_BYTES = 1 << 20;

/**
 * A file written piece by piece that appears whole or not at all: the pieces go to a temporary file beside it, which
 * `commit` renames over it and `discard` removes (a no-op after `commit`). Failures are UserErrors naming the file;
 * a missing parent folder is created.
 */
export class AtomicFileWriter {
  private readonly temp: string;
  private fd: number | undefined;
  /** Encoded text not yet written: `buffer[0, used)`. */
  private readonly buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;

  constructor(readonly file: string) {
    this.temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      makeParent(file);
      this.fd = openSync(this.temp, "w");
    } catch (error) {
      throw cannotWrite(file, error);
    }
  }

  write(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const most = text.length * 3;
    if (this.used + most > BUFFER_BYTES) this.flush();
    if (most > BUFFER_BYTES) {
      const bytes = Buffer.from(text);
      this.writeBytes(bytes, bytes.length);
    } else this.used += this.buffer.write(text, this.used, "utf8");
  }

  /** `text` and a newline (without building the joined string). */
  writeLine(text: string): void {
    this.write(text);
    if (this.used === BUFFER_BYTES) this.flush();
    this.buffer[this.used++] = NEWLINE;
  }

  /** Everything written so far becomes the file. */
  commit(): void {
    try {
      this.flush();
      this.close();
      renameSync(this.temp, this.file);
    } catch (error) {
      throw cannotWrite(this.file, error);
    }
  }

  /** Leaves the file as it was: the temporary file is removed. */
  discard(): void {
    try {
      this.close();
    } catch {
      // Closing failed: the descriptor is gone either way, and the file is removed next.
    }
    removeQuietly(this.temp);
  }

  private flush(): void {
    this.writeBytes(this.buffer, this.used);
    this.used = 0;
  }

  private writeBytes(bytes: Buffer, length: number): void {
    if (length === 0 || this.fd === undefined) return;
    try {
      // A write may take fewer bytes than given: go on until all are written.
      for (let offset = 0; offset < length; ) offset += writeSync(this.fd, bytes, offset, length - offset);
    } catch (error) {
      throw cannotWrite(this.file, error);
    }
  }

  private close(): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes a leftover temporary file; where none can exist (the folder is missing or a file) there is nothing to do. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // ENOTDIR and friends: the temporary file was never created.
  }
}

function makeParent(file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    // mkdir says EEXIST when a part of the path is a file: say what is really wrong.
    throw fileErrorCode(error) === "EEXIST"
      ? Object.assign(new Error("not a folder"), { code: "ENOTDIR" })
      : error;
  }
}
