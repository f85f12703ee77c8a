/**
 * The transcript side of a workspace: the lines of given interactions, the labels the generator wrote, and the
 * ids of recent interactions (what RAG reads when a step has no input ids). Opened read-only, external access off.
 */
import duckdb from "@duckdb/node-api";
import { timestampLiteral, WINDOW } from "./calendar.js";
import { DUCKDB_READ_ONLY_SETTINGS } from "./engines/duckdb.js";
import type { TranscriptLabels, Turn } from "./generate/transcript.js";

export type { Speaker, TranscriptLabels, Turn } from "./generate/transcript.js";

export interface TranscriptTurn extends Turn {
  interactionId: string;
  /** 1-based position in the transcript. */
  turn: number;
}

export interface TranscriptStore {
  /** Ids of the interactions that started in the last `days` days of the window, in id order. */
  recentIds(days: number): Promise<string[]>;
  /** Every line of the given interactions, in transcript order; unknown ids are absent. */
  turns(ids: readonly string[]): Promise<TranscriptTurn[]>;
  labels(ids: readonly string[]): Promise<Map<string, TranscriptLabels>>;
  /** Which of the ids exist. */
  existing(ids: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The ids as a VALUES list; ids that are not plain tokens cannot name an interaction and are dropped. */
function idList(ids: readonly string[]): string | null {
  const clean = [...new Set(ids.filter((id) => ID.test(id)))];
  return clean.length === 0 ? null : clean.map((id) => `('${id}')`).join(", ");
}

class DuckDbTranscripts implements TranscriptStore {
  constructor(private readonly instance: duckdb.DuckDBInstance) {}

  private async rows(sql: string): Promise<unknown[][]> {
    const connection = await this.instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowsJS() as unknown[][];
    } finally {
      connection.closeSync();
    }
  }

  async recentIds(days: number): Promise<string[]> {
    const from = WINDOW.end - Math.max(1, Math.round(days)) * 86_400_000;
    const rows = await this.rows(
      `SELECT interaction_id FROM transcripts WHERE started_at >= ${timestampLiteral(from)} ORDER BY interaction_id`,
    );
    return rows.map((row) => String(row[0]));
  }

  async turns(ids: readonly string[]): Promise<TranscriptTurn[]> {
    const list = idList(ids);
    if (!list) return [];
    const rows = await this.rows(
      `SELECT t.interaction_id, t.turn, t.speaker, t.text, t.label FROM transcript_turns t JOIN (VALUES ${list}) AS ids(id) ON t.interaction_id = ids.id ORDER BY t.interaction_id, t.turn`,
    );
    return rows.map(([interactionId, turn, speaker, text, label]) => ({
      interactionId: String(interactionId),
      turn: Number(turn),
      speaker: speaker as Turn["speaker"],
      text: String(text),
      label: String(label),
    }));
  }

  async labels(ids: readonly string[]): Promise<Map<string, TranscriptLabels>> {
    const list = idList(ids);
    if (!list) return new Map();
    const rows = await this.rows(
      `SELECT t.interaction_id, t.labels FROM transcripts t JOIN (VALUES ${list}) AS ids(id) ON t.interaction_id = ids.id`,
    );
    return new Map(rows.map(([id, labels]) => [String(id), JSON.parse(String(labels)) as TranscriptLabels]));
  }

  async existing(ids: readonly string[]): Promise<Set<string>> {
    const list = idList(ids);
    if (!list) return new Set();
    const rows = await this.rows(
      `SELECT t.interaction_id FROM transcripts t JOIN (VALUES ${list}) AS ids(id) ON t.interaction_id = ids.id`,
    );
    return new Set(rows.map((row) => String(row[0])));
  }

  async close(): Promise<void> {
    this.instance.closeSync();
  }
}

export async function openTranscripts(file: string): Promise<TranscriptStore> {
  return new DuckDbTranscripts(await duckdb.DuckDBInstance.create(file, { ...DUCKDB_READ_ONLY_SETTINGS }));
}
