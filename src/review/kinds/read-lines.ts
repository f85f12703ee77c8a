/** JSON lines with their line numbers, so a line that fails a cross-file check can be named as `file:line`. */
import type { z } from "zod";
import { UserError } from "../../errors.js";
import { forEachByteLine, parseLine } from "../../jsonl.js";

export interface NumberedLine<T> {
  where: string;
  record: T;
}

export function readNumbered<T extends z.ZodType>(file: string, schema: T): NumberedLine<z.infer<T>>[] {
  const out: NumberedLine<z.infer<T>>[] = [];
  // Line by line within the input limits: one huge line is refused, never held whole.
  forEachByteLine(file, (bytes, start, end, number) => {
    const line = bytes.toString("utf8", start, end).trim();
    if (line === "") return;
    const where = `${file}:${number}`;
    out.push({ where, record: parseLine(line, where, schema) });
  });
  if (out.length === 0) throw new UserError(`${file}: no lines`);
  return out;
}

/** Reference lines by query id (the first of a repeated id wins nowhere: a repeat is refused). */
export function byQueryId<T extends { query_id: string | number }>(
  lines: readonly NumberedLine<T>[],
): Map<string, T> {
  const map = new Map<string, T>();
  for (const { where, record } of lines) {
    const key = String(record.query_id);
    if (map.has(key)) throw new UserError(`${where}: field query_id: ${key} appears twice`);
    map.set(key, record);
  }
  return map;
}
