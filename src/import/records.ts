/** Reading a benchmark's JSON-lines file record by record, with errors that name the file, the line and the field. */
import type { z } from "zod";
import { CaseLineSchema } from "../cases/load.js";
import type { Case } from "../cases/schema.js";
import { formatPath, UserError } from "../errors.js";
import { parseJsonText } from "../input/json.js";
import { checkLineLength, inputLimits } from "../input/limits.js";
import { forEachInputLine } from "../input/read.js";

/** A source file's text, and the name errors show for it. */
export interface SourceText {
  file: string;
  text: string;
}

/** A source read from its file line by line (never whole, never past the input limits); `file` names it. */
export interface SourceFile {
  file: string;
  path: string;
}

export type Source = SourceText | SourceFile;

/** Calls `visit` with every line of a source and its 1-based number; a line over the line limit is refused. */
function forEachSourceLine(source: Source, visit: (line: string, number: number) => void): void {
  if ("path" in source) {
    forEachInputLine(source.path, (bytes, start, end, number) =>
      visit(bytes.toString("utf8", start, end), number),
    );
    return;
  }
  const limits = inputLimits();
  const lines = source.text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    checkLineLength(line, `${source.file}:${index + 1}`, limits);
    visit(line, index + 1);
  }
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

/** One parsed record, the line it came from and (when asked for) that line's text. */
export interface Line<T> {
  line: number;
  value: T;
  text?: string;
}

/**
 * Every non-blank line, parsed as JSON and checked against `schema`; the first bad one throws `file:line: field: …`.
 * `keepText` keeps each line's text beside its value.
 */
export function readRecords<T extends z.ZodType>(
  source: Source,
  schema: T,
  options: { keepText?: boolean } = {},
): Line<z.infer<T>>[] {
  const records: Line<z.infer<T>>[] = [];
  forEachSourceLine(source, (raw, number) => {
    const text = raw.trim();
    if (text === "") return;
    const where = `${source.file}:${number}`;
    const value = parseJsonText(text, where);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(`${where}: ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
    }
    records.push({ line: number, value: parsed.data, ...(options.keepText ? { text } : {}) });
  });
  return records;
}

/** Runs one record's conversion, turning its RecordError into the one-line `file:line: field: expected …`. */
export function convertRecord<T>(source: { file: string }, line: number, convert: () => T): T {
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
