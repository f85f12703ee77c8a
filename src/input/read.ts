/**
 * The readers every untrusted file goes through: a whole file (JSON, YAML, CSV, a prompt) or a file line by line
 * (JSONL, the journal), each within the limits of limits.ts and decoded as utf8.ts says. Nothing is held beyond the
 * limit: a file is read in pieces and refused as soon as it (or one of its lines) is longer than allowed.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { cannotRead } from "../errors.js";
import { fileTooLarge, type InputLimits, inputLimits, lineTooLong } from "./limits.js";
import { bomLength, checkUtf8, decodeUtf8 } from "./utf8.js";

/** Bytes read at a time: a large file is never asked for whole. */
const READ_BYTES = 1 << 20;
const NEWLINE = 10;

function open(file: string): number {
  try {
    return openSync(file, "r");
  } catch (error) {
    throw cannotRead(file, error);
  }
}

function readInto(fd: number, file: string, buffer: Buffer, offset: number): number {
  try {
    return readSync(fd, buffer, offset, buffer.length - offset, null);
  } catch (error) {
    throw cannotRead(file, error);
  }
}

/**
 * A file's bytes, whole; a file larger than the input limit is refused before it is read (a regular file) or as soon
 * as the limit is passed (a pipe, a device). A missing file, a folder or an unreadable file is a UserError naming it.
 */
export function readInputBytes(file: string, limits: InputLimits = inputLimits()): Buffer {
  const fd = open(file);
  try {
    let size = 0;
    try {
      const stat = fstatSync(fd);
      if (stat.isFile()) size = stat.size;
    } catch (error) {
      throw cannotRead(file, error);
    }
    if (size > limits.fileBytes) throw fileTooLarge(file, limits);
    let buffer = Buffer.allocUnsafe(Math.min(limits.fileBytes + 1, Math.max(size + 1, READ_BYTES)));
    let used = 0;
    for (;;) {
      if (used === buffer.length) {
        if (used > limits.fileBytes) throw fileTooLarge(file, limits);
        const bigger = Buffer.allocUnsafe(Math.min(limits.fileBytes + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, used);
        buffer = bigger;
      }
      const read = readInto(fd, file, buffer, used);
      if (read === 0) break;
      used += read;
    }
    if (used > limits.fileBytes) throw fileTooLarge(file, limits);
    return buffer.subarray(0, used);
  } finally {
    closeSync(fd);
  }
}

/** A file's text, whole: within the input limit, a leading byte-order mark dropped, invalid UTF-8 refused. */
export function readInputText(file: string, limits: InputLimits = inputLimits()): string {
  const bytes = readInputBytes(file, limits);
  return decodeUtf8(bytes, file, { start: bomLength(bytes) });
}

/**
 * Calls `visit` with each line of a file as bytes, `bytes[start, end)` without its newline, and its 1-based number.
 * The bytes are valid during the call only (the buffer is reused) and are valid UTF-8 (a byte-order mark at the start
 * of the file is not part of line 1). A line longer than the line limit, a file longer than the input limit or
 * invalid UTF-8 is a UserError naming the file and the line (and, for UTF-8, the byte offset); so is a missing file,
 * a folder or an unreadable file. `complete` tells the visitor whether the line ended with a newline; a visitor that
 * returns `false` stops the reading there.
 */
export function forEachInputLine(
  file: string,
  visit: (bytes: Buffer, start: number, end: number, number: number, complete: boolean) => unknown,
  limits: InputLimits = inputLimits(),
): void {
  const fd = open(file);
  try {
    let buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, limits.lineBytes + 1));
    // `buffer[0, kept)` is the start of a line whose newline is not read yet; it starts at file offset `consumed`.
    let kept = 0;
    let consumed = 0;
    let number = 0;
    let total = 0;
    let stopped = false;
    const emit = (start: number, end: number, complete: boolean) => {
      number++;
      const where = `${file}:${number}`;
      if (end - start > limits.lineBytes) throw lineTooLong(where, limits);
      const skip = number === 1 ? bomLength(buffer, start, end) : 0;
      // Checked here, so every visitor reads valid text whatever way it decodes the bytes.
      checkUtf8(buffer, file, {
        start: start + skip,
        end,
        fileOffset: consumed + start + skip,
        line: number,
      });
      stopped = visit(buffer, start + skip, end, number, complete) === false;
    };
    for (;;) {
      if (kept === buffer.length) {
        // No newline in the whole buffer: the line is too long once it passes the limit; else grow, up to it.
        if (kept > limits.lineBytes) throw lineTooLong(`${file}:${number + 1}`, limits);
        const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limits.lineBytes + 1));
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const read = readInto(fd, file, buffer, kept);
      total += read;
      if (total > limits.fileBytes) throw fileTooLarge(file, limits);
      const end = kept + read;
      let start = 0;
      // Past `end` the buffer holds stale bytes: a newline found there is not one.
      for (let newline = buffer.indexOf(NEWLINE, kept); newline !== -1 && newline < end; ) {
        emit(start, newline, true);
        if (stopped) return;
        start = newline + 1;
        newline = buffer.indexOf(NEWLINE, start);
      }
      if (read === 0) {
        if (start < end) emit(start, end, false);
        return;
      }
      buffer.copy(buffer, 0, start, end);
      consumed += start;
      kept = end - start;
    }
  } finally {
    closeSync(fd);
  }
}

/** The first line of a file (without its newline), read within the limits; "" for an empty file. */
export function firstInputLine(file: string, limits: InputLimits = inputLimits()): string {
  let first = "";
  forEachInputLine(
    file,
    (bytes, start, end) => {
      first = bytes.toString("utf8", start, end);
      return false;
    },
    limits,
  );
  return first;
}
