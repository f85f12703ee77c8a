/**
 * Human label files for `tooluse plan agree`, in JSON lines or CSV (chosen by the .csv extension). The format is
 * written down in docs/human-labels.md, with example files in examples/labels/. Three kinds:
 * - scores: query_id, planner, prompt_type and any of the metric fields (format … tool_usage_completeness, total,
 *   precision, recall, f1 as numbers; rating as one of the seven ratings);
 * - tags: one line per reviewed step: query_id, planner, prompt_type, pass (default 1), step, tags (CSV: tags
 *   separated by ";");
 * - answers: query_id and decision ("R2", "R1,R3", "All", "Neither").
 * Every bad cell is reported as `file:row: column: expected …`.
 */
import { z } from "zod";
import { readInputText } from "../../input/read.js";
import { readJsonl } from "../../jsonl.js";
import { RowErrors, readCsv } from "../data/release-csv.js";
import { JUDGE_METRICS } from "../judge-metrics.js";
import { STEP_TAGS } from "../query-records.js";
import { RATINGS } from "../rating.js";

const QueryId = z.union([z.string().min(1), z.number().int()]);

const SCORE_FIELDS = [...JUDGE_METRICS, "total", "precision", "recall", "f1"];

function readText(file: string): string {
  return readInputText(file);
}

function csvHeader(text: string): string[] {
  return (text.split(/\r?\n/, 1)[0] ?? "").split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
}

/** Score labels from CSV: the key columns are required, metric columns are read where the header has them. */
export function readScoreCsv(file: string): Record<string, unknown>[] {
  const text = readText(file);
  const header = csvHeader(text);
  const metrics = [...SCORE_FIELDS, "rating"].filter((m) => header.includes(m));
  const rows = readCsv(text, file, ["query_id", "planner", "prompt_type", ...metrics]);
  const problems: string[] = [];
  const lines = rows.map(({ row, cells }) => {
    const line: Record<string, unknown> = {
      query_id: cells.query_id,
      planner: cells.planner === "" ? null : cells.planner,
      prompt_type: cells.prompt_type === "" ? null : cells.prompt_type,
    };
    if (cells.query_id === "") problems.push(`${file}:${row}: query_id: expected an id`);
    for (const metric of metrics) {
      const cell = (cells as Record<string, string>)[metric]?.trim() ?? "";
      if (cell === "") continue;
      if (metric === "rating") {
        if ((RATINGS as readonly string[]).includes(cell)) line.rating = cell;
        else problems.push(`${file}:${row}: rating: expected one of ${RATINGS.join(", ")}, got "${cell}"`);
        continue;
      }
      const value = Number(cell);
      if (Number.isFinite(value)) line[metric] = value;
      else problems.push(`${file}:${row}: ${metric}: expected a number, got "${cell}"`);
    }
    return line;
  });
  if (problems.length > 0) throw new RowErrors(problems);
  return lines;
}

export const TagLabelSchema = z.strictObject({
  query_id: QueryId,
  planner: z.string().nullable().default(null),
  prompt_type: z.string().nullable().default(null),
  pass: z.number().int().positive().default(1),
  step: z.number().int().positive(),
  tags: z.array(z.enum(STEP_TAGS)).min(1),
});
export type TagLabel = z.infer<typeof TagLabelSchema>;

export const AnswerLabelSchema = z.looseObject({
  query_id: QueryId,
  decision: z.string().min(1),
});
export type AnswerLabel = z.infer<typeof AnswerLabelSchema>;

export function readTagLabels(file: string): TagLabel[] {
  if (!file.toLowerCase().endsWith(".csv")) return readJsonl(file, TagLabelSchema);
  const rows = readCsv(readText(file), file, ["query_id", "planner", "prompt_type", "pass", "step", "tags"]);
  const problems: string[] = [];
  const labels = rows.flatMap(({ row, cells }) => {
    const value = {
      query_id: cells.query_id,
      planner: cells.planner === "" ? null : cells.planner,
      prompt_type: cells.prompt_type === "" ? null : cells.prompt_type,
      pass: cells.pass === "" ? 1 : Number(cells.pass),
      step: Number(cells.step),
      tags: cells.tags
        .split(";")
        .map((t) => t.trim())
        .filter(Boolean),
    };
    const parsed = TagLabelSchema.safeParse(value);
    if (parsed.success) return [parsed.data];
    const issue = parsed.error.issues[0];
    problems.push(`${file}:${row}: ${String(issue?.path[0] ?? "row")}: ${issue?.message}`);
    return [];
  });
  if (problems.length > 0) throw new RowErrors(problems);
  return labels;
}

export function readAnswerLabels(file: string): AnswerLabel[] {
  if (!file.toLowerCase().endsWith(".csv")) return readJsonl(file, AnswerLabelSchema);
  const rows = readCsv(readText(file), file, ["query_id", "decision"]);
  const problems: string[] = [];
  const labels = rows.map(({ row, cells }) => {
    if (cells.decision.trim() === "") problems.push(`${file}:${row}: decision: expected a decision`);
    return { query_id: cells.query_id, decision: cells.decision.trim() };
  });
  if (problems.length > 0) throw new RowErrors(problems);
  return labels;
}
