/**
 * Builds a workspace directory from a seed and a size: the store (store.duckdb, the tables the T2S description
 * promises), the transcripts with their labels (transcripts.duckdb, for RAG and ground truth) and manifest.json.
 * The directory appears whole or not at all: it is written beside its final name and renamed into place.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import duckdb from "@duckdb/node-api";
import { isoDate, TODAY, WINDOW } from "./calendar.js";
import { createTableSql, type StoreDescription, storeSchema, type TableSchema } from "./description.js";
import { domainProblems } from "./generate/check.js";
import { generateInteractions } from "./generate/interactions.js";
import { evaluate } from "./generate/qa.js";
import { rowsOf } from "./generate/rows.js";
import { writeTranscript } from "./generate/transcript.js";
import { TSV_NULL, TsvWriter } from "./generate/tsv.js";
import { type WorkspaceManifest, WorkspaceManifestSchema } from "./manifest.js";
import { TRANSCRIPT_TABLES } from "./transcript-tables.js";

/** Bumped whenever a change to the generator can change a single value of a built workspace. */
export const GENERATOR_VERSION = "1";
export const SIZE_LIMITS = { min: 2_000, max: 200_000 } as const;
export const STORE_FILE = "store.duckdb";
export const TRANSCRIPTS_FILE = "transcripts.duckdb";
export const MANIFEST_FILE = "manifest.json";

export interface BuildOptions {
  seed: number;
  /** Interactions, SIZE_LIMITS.min to SIZE_LIMITS.max. */
  size: number;
  /** The workspace directory to create. */
  dir: string;
  description: StoreDescription;
  /** Replace an existing workspace directory (only one this builder made: it must hold a manifest). */
  force?: boolean;
}

export function checkBuildOptions(seed: number, size: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`seed: expected an integer from 0 to 4294967295, got ${seed}`);
  if (!Number.isInteger(size) || size < SIZE_LIMITS.min || size > SIZE_LIMITS.max)
    throw new RangeError(
      `size: expected an integer from ${SIZE_LIMITS.min} to ${SIZE_LIMITS.max} interactions, got ${size}`,
    );
}

type Writers = Map<string, TsvWriter>;

function openWriters(dir: string, tables: readonly TableSchema[]): Writers {
  return new Map(tables.map((t) => [t.name, new TsvWriter(join(dir, `${t.name}.tsv`), t.columns)]));
}

function writerOf(writers: Writers, table: string): TsvWriter {
  const writer = writers.get(table);
  if (!writer) throw new Error(`no staging file for table ${table}`);
  return writer;
}

/** Generates every row into staging files; returns each table's row count and digest. */
function stage(
  dir: string,
  seed: number,
  size: number,
  store: readonly TableSchema[],
): Record<string, { rows: number; digest: string }> {
  const writers = openWriters(dir, [...store, ...TRANSCRIPT_TABLES]);
  const { interactions } = generateInteractions(seed, size);
  for (const x of interactions) {
    const qa = evaluate(x, WINDOW.end);
    for (const [table, rows] of Object.entries(rowsOf(x, qa))) {
      const writer = writerOf(writers, table);
      for (const row of rows) writer.write(row);
    }
    const transcript = writeTranscript(x, qa);
    writerOf(writers, "transcripts").write({
      interaction_id: x.id,
      channel: x.channel,
      started_at: x.start,
      labels: JSON.stringify(transcript.labels),
    });
    const turns = writerOf(writers, "transcript_turns");
    transcript.turns.forEach((turn, index) => {
      turns.write({
        interaction_id: x.id,
        turn: index + 1,
        speaker: turn.speaker,
        text: turn.text,
        label: turn.label,
      });
    });
  }
  const tables: Record<string, { rows: number; digest: string }> = {};
  for (const [name, writer] of writers) {
    const rows = writer.rows;
    tables[name] = { rows, digest: writer.close() };
  }
  return tables;
}

/** Creates a DuckDB file holding `tables`, each loaded from its staging file, which is then removed. */
async function load(file: string, dir: string, tables: readonly TableSchema[]): Promise<void> {
  const instance = await duckdb.DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    try {
      for (const table of tables) {
        const tsv = join(dir, `${table.name}.tsv`);
        await connection.run(createTableSql(table));
        await connection.run(
          `COPY ${table.name} FROM '${tsv.replaceAll("'", "''")}' (FORMAT csv, DELIMITER '\t', QUOTE '', ESCAPE '', HEADER false, NULL '${TSV_NULL}')`,
        );
        rmSync(tsv);
      }
      await connection.run("CHECKPOINT");
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

export function readManifest(dir: string): WorkspaceManifest | null {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  return WorkspaceManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** Builds the workspace; with a seed and size already built at `dir` (and no force), returns its manifest. */
export async function buildWorkspace(options: BuildOptions): Promise<WorkspaceManifest> {
  const { seed, size, dir, description } = options;
  checkBuildOptions(seed, size);
  const existing = readManifest(dir);
  if (existing && !options.force) {
    if (existing.seed === seed && existing.size === size && existing.generator === GENERATOR_VERSION)
      return existing;
    throw new Error(
      `${dir} already holds a workspace (seed ${existing.seed}, size ${existing.size}); pass force to replace it`,
    );
  }
  if (!existing && existsSync(dir))
    throw new Error(`${dir} exists and is not a workspace; nothing was replaced`);
  const schema = storeSchema(description);
  const problems = domainProblems(description, schema);
  if (problems.length > 0)
    throw new Error(`the generator and the tool description disagree:\n  ${problems.join("\n  ")}`);
  mkdirSync(dirname(dir), { recursive: true });
  const temp = join(dirname(dir), `.${basename(dir)}.${randomBytes(6).toString("hex")}.tmp`);
  mkdirSync(temp);
  try {
    const tables = stage(temp, seed, size, schema);
    await load(join(temp, STORE_FILE), temp, schema);
    await load(join(temp, TRANSCRIPTS_FILE), temp, TRANSCRIPT_TABLES);
    const manifest: WorkspaceManifest = {
      name: "tooluse-workspace",
      generator: GENERATOR_VERSION,
      seed,
      size,
      today: TODAY,
      window: { start: isoDate(WINDOW.start), end: TODAY },
      tables,
    };
    writeFileSync(join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existing) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(temp, dir);
    } catch (error) {
      // Another process built the same workspace first: keep theirs when it is the same one.
      const theirs = readManifest(dir);
      if (theirs && theirs.seed === seed && theirs.size === size && theirs.generator === GENERATOR_VERSION)
        return theirs;
      throw error;
    }
    return manifest;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
