/**
 * The transcript side of a workspace (transcripts.duckdb): what was said, line by line, and what the generator knows
 * about it (labels). It is a separate file on purpose: T2S queries run against the store and cannot read it.
 */
import type { TableSchema } from "./description.js";

const column = (name: string, sqlType: "TEXT" | "INTEGER" | "TIMESTAMP") => ({
  name,
  sqlType,
  values: null,
  valuesFrom: null,
  range: null,
  nullable: false,
});

export const TRANSCRIPT_TABLES: readonly TableSchema[] = [
  {
    name: "transcripts",
    columns: [
      column("interaction_id", "TEXT"),
      column("channel", "TEXT"),
      column("started_at", "TIMESTAMP"),
      /** JSON: TranscriptLabels. */
      column("labels", "TEXT"),
    ],
  },
  {
    name: "transcript_turns",
    columns: [
      column("interaction_id", "TEXT"),
      column("turn", "INTEGER"),
      column("speaker", "TEXT"),
      column("text", "TEXT"),
      column("label", "TEXT"),
    ],
  },
];
