/**
 * What a step hands to later steps: text (what a placeholder (k) becomes) and, when it has them, rows. T2S rows
 * are the SQL result; a RAG step's rows are its data insights (interaction_id, topic); an LLM step that extracts
 * ids gives (interaction_id, topic) rows. A later T2S step sees these rows as the table step_<k>.
 */
import type { SqlValue } from "../../workspace/engines/engine.js";

export interface Rows {
  columns: string[];
  rows: SqlValue[][];
}

export interface Insight {
  topic: string;
  description: string;
  interaction_ids: string[];
  share: number | null;
}

export interface StepOutput {
  text: string;
  rows: Rows | null;
  insights: Insight[] | null;
}

/** Interaction ids as the workspace writes them (IX0001234); used to read ids out of free text. */
export const INTERACTION_ID = /\bIX\d{7}\b/g;
const ID_COLUMNS = ["interaction_id", "call_id", "interaction_ids", "call_ids", "id"];

/** The interaction ids a step's output carries: its id column, or ids found in its first column, or its text. */
export function interactionIds(output: StepOutput): string[] {
  const ids: string[] = [];
  if (output.rows) {
    const lower = output.rows.columns.map((c) => c.toLowerCase());
    const at = ID_COLUMNS.map((name) => lower.indexOf(name)).find((i) => i >= 0);
    const column = at ?? 0;
    for (const row of output.rows.rows) {
      const value = row[column];
      if (typeof value === "string" && (at !== undefined || new RegExp(INTERACTION_ID.source).test(value)))
        ids.push(value);
    }
  } else if (output.insights) {
    for (const insight of output.insights) ids.push(...insight.interaction_ids);
  } else {
    ids.push(...(output.text.match(INTERACTION_ID) ?? []));
  }
  return [...new Set(ids)];
}

/** Insights as rows: one (interaction_id, topic) row per cited id. */
export function insightRows(insights: readonly Insight[]): Rows {
  return {
    columns: ["interaction_id", "topic"],
    rows: insights.flatMap((i) => i.interaction_ids.map((id) => [id, i.topic])),
  };
}

/**
 * Rows a step's text shows (the rest are counted): enough for every list the benchmark's questions ask for at the
 * largest workspace (239 agents in tr-074 at 200,000 interactions), small enough for an LLM prompt.
 */
export const SHOWN_ROWS = 250;

/** A number as a person reads it: integers whole, others with at most four decimals. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toFixed(4)));
}

function cell(value: SqlValue): string {
  if (value === null) return "no data (NULL)";
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

/** Rows as text: one row as `name: value` pairs, several as a table; at most SHOWN_ROWS rows are shown. */
export function rowsText(rows: Rows): string {
  const { columns } = rows;
  if (rows.rows.length === 0) return `no rows (no data): ${columns.join(", ")}`;
  if (rows.rows.length === 1 && columns.length <= 8) {
    const row = rows.rows[0] ?? [];
    return columns.map((c, i) => `${c}: ${cell(row[i] ?? null)}`).join("; ");
  }
  const shown = rows.rows.slice(0, SHOWN_ROWS);
  const lines = [columns.join(" | "), ...shown.map((row) => row.map(cell).join(" | "))];
  if (rows.rows.length > SHOWN_ROWS)
    lines.push(`… ${rows.rows.length - SHOWN_ROWS} more rows (${rows.rows.length} in all)`);
  else lines.push(`(${rows.rows.length} rows)`);
  return lines.join("\n");
}

/** The data insights table as markdown, the form RAG answers take. */
export function insightsText(insights: readonly Insight[]): string {
  const lines = ["| topic | description | interaction_ids | share |", "| --- | --- | --- | --- |"];
  for (const i of insights)
    lines.push(
      `| ${i.topic} | ${i.description} | ${i.interaction_ids.join(", ")} | ${i.share === null ? "" : formatNumber(i.share)} |`,
    );
  return lines.join("\n");
}
