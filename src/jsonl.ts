/** Reading JSONL files line by line with schema validation, and writing files atomically. */
import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { formatPath, UserError } from "./errors.js";

/** Parses every non-blank line of a JSONL file; the first bad line throws a UserError naming file, line and field. */
export function readJsonl<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  return parseJsonl(readTextFile(file), file, schema);
}

/** A file's text (`latin1`: one character per byte); a file that cannot be read is the user's error, named with its code. */
export function readTextFile(file: string, encoding: "utf8" | "latin1" = "utf8"): string {
  try {
    return readFileSync(file, encoding);
  } catch (error) {
    throw new UserError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

export function parseJsonl<T extends z.ZodType>(text: string, file: string, schema: T): z.infer<T>[] {
  const records: z.infer<T>[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]?.trim() ?? "";
    if (line === "") continue;
    records.push(parseLine(line, `${file}:${index + 1}`, schema));
  }
  return records;
}

/** One JSONL line parsed and checked; a bad one throws a UserError naming `where` (file:line) and the field. */
export function parseLine<T extends z.ZodType>(line: string, where: string, schema: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new UserError(`${where}: invalid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UserError(`${where}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
}

/** Writes a file so that a crash leaves either the old content or the new one, never half of it. */
export function writeFileAtomic(file: string, content: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, content);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}
