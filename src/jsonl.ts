/** Reading JSONL files line by line with schema validation, and writing files atomically. */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { cannotRead, cannotWrite, fileErrorCode, formatPath, UserError } from "./errors.js";

/** Parses every non-blank line of a JSONL file; the first bad line throws a UserError naming file, line and field. */
export function readJsonl<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  return parseJsonl(readTextFile(file), file, schema);
}

/** A file's text; a missing file, a folder or an unreadable file is a UserError naming the file. */
export function readTextFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw cannotRead(file, error);
  }
}

/** Bytes read from a file at a time: a large file is never held whole. */
const READ_BYTES = 1 << 20;
const NEWLINE = 10;

/**
 * Calls `visit` with each line of a file as bytes, `bytes[start, end)` without its newline, and its 1-based number.
 * The bytes are valid during the call only (the buffer is reused). A missing file, a folder or an unreadable file is
 * a UserError naming the file.
 */
export function forEachByteLine(
  file: string,
  visit: (bytes: Buffer, start: number, end: number, number: number) => void,
): void {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw cannotRead(file, error);
  }
  try {
    let buffer = Buffer.allocUnsafe(READ_BYTES);
    // `buffer[0, kept)` is the start of a line whose newline is not read yet.
    let kept = 0;
    let number = 0;
    for (;;) {
      if (kept === buffer.length) {
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      let read: number;
      try {
        read = readSync(fd, buffer, kept, buffer.length - kept, null);
      } catch (error) {
        throw cannotRead(file, error);
      }
      const end = kept + read;
      let start = 0;
      // Past `end` the buffer holds stale bytes: a newline found there is not one.
      for (let newline = buffer.indexOf(NEWLINE, kept); newline !== -1 && newline < end; ) {
        visit(buffer, start, newline, ++number);
        start = newline + 1;
        newline = buffer.indexOf(NEWLINE, start);
      }
      if (read === 0) {
        if (start < end) visit(buffer, start, end, ++number);
        return;
      }
      buffer.copy(buffer, 0, start, end);
      kept = end - start;
    }
  } finally {
    closeSync(fd);
  }
}

export function parseJsonl<T extends z.ZodType>(text: string, file: string, schema: T): z.infer<T>[] {
  const records: z.infer<T>[] = [];
  forEachLine(text, (line, number) => {
    records.push(parseLine(line, `${file}:${number}`, schema));
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

/** One JSONL line's value; text that is not JSON throws a UserError naming `where` (file:line). */
export function parseJsonLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new UserError(`${where}: invalid JSON (${(error as Error).message})`);
  }
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
