/** Reading JSONL files line by line with schema validation (files are written by src/io/output.ts). */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import type { z } from "zod";
import { cannotRead, formatPath, UserError } from "./errors.js";

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
