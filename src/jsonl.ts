/** Reading JSONL files line by line with schema validation (files are written by src/io/output.ts). */
import type { z } from "zod";
import { formatPath, UserError } from "./errors.js";
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
