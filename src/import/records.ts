/** Reading a benchmark's JSON-lines file record by record, with errors that name the file, the line and the field. */
import type { z } from "zod";
import { CaseLineSchema } from "../cases/load.js";
import type { Case } from "../cases/schema.js";
import { formatPath, UserError } from "../errors.js";

/** A source file's text, and the name errors show for it. */
export interface SourceText {
  file: string;
  text: string;
}

/** An expected failure inside one record: the field at fault and what was expected there. */
export class RecordError extends Error {
  override name = "RecordError";
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(`${field}: ${expected}`);
  }
}

/** One parsed record and the line it came from. */
export interface Line<T> {
  line: number;
  value: T;
}

/** Every non-blank line, parsed as JSON and checked against `schema`; the first bad one throws `file:line: field: …`. */
export function readRecords<T extends z.ZodType>(source: SourceText, schema: T): Line<z.infer<T>>[] {
  const records: Line<z.infer<T>>[] = [];
  const lines = source.text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]?.trim() ?? "";
    if (text === "") continue;
    const where = `${source.file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UserError(`${where}: invalid JSON (${(error as Error).message})`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(`${where}: ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
    }
    records.push({ line: index + 1, value: parsed.data });
  }
  return records;
}

/** Runs one record's conversion, turning its RecordError into the one-line `file:line: field: expected …`. */
export function convertRecord<T>(source: SourceText, line: number, convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof RecordError) throw new UserError(`${source.file}:${line}: ${error.message}`);
    throw error;
  }
}

/** Checks a built case against the case schema, so a suite that imports also loads. */
export function validCase(candidate: unknown): Case {
  const parsed = CaseLineSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new RecordError(`case ${formatPath(issue?.path ?? [])}`, issue?.message ?? "invalid");
}

/** Refuses a second case with the same id. */
export function checkUniqueIds(cases: readonly Case[], file: string): void {
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UserError(`${file}: duplicate id ${c.id}`);
    seen.add(c.id);
  }
}

/** The cases as a JSONL file's text, one per line. */
export function casesJsonl(cases: readonly Case[]): string {
  return cases.map((c) => `${JSON.stringify(c)}\n`).join("");
}
