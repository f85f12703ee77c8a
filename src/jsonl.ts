/** Reading JSONL files line by line with schema validation, and writing files atomically. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { cannotRead, cannotWrite, fileErrorCode, formatPath, UserError } from "./errors.js";

/** Parses every non-blank line of a JSONL file; the first bad line throws a UserError naming file, line and field. */
export function readJsonl<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  return parseJsonl(readTextFile(file), file, schema);
}

/** A file's text (`latin1`: one character per byte); a missing file, a folder or an unreadable file is a UserError naming the file. */
export function readTextFile(file: string, encoding: "utf8" | "latin1" = "utf8"): string {
  try {
    return readFileSync(file, encoding);
  } catch (error) {
    throw cannotRead(file, error);
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

/**
 * Writes a file so that a crash leaves either the old content or the new one, never half of it. A file-system
 * failure (an unwritable folder, a full disk) is a UserError naming the file; the temporary file is removed. A
 * missing parent folder is created.
 */
export function writeFileAtomic(file: string, content: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    makeParent(file);
    writeFileSync(temp, content);
    renameSync(temp, file);
  } catch (error) {
    throw cannotWrite(file, error);
  } finally {
    removeQuietly(temp);
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
