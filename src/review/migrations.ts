/**
 * The review database's schema, as numbered migrations. A database records each migration it has applied in
 * `schema_version`; opening runs the missing ones in order, each in its own transaction. A migration, once shipped,
 * is never edited: a change is a new migration.
 */
import type Database from "better-sqlite3";

export interface Migration {
  version: number;
  /** What it changes, kept in schema_version. */
  description: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "meta, tasks and labels",
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE tasks (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        title TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (kind, key)
      );
      CREATE TABLE labels (
        id INTEGER PRIMARY KEY,
        task_id INTEGER NOT NULL REFERENCES tasks (id),
        annotator TEXT NOT NULL,
        label TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    description: "where each task came from; labels indexed by task and annotator",
    sql: `
      ALTER TABLE tasks ADD COLUMN source TEXT;
      CREATE INDEX labels_by_task ON labels (task_id, annotator, id);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** The highest migration applied; 0 for a new database. */
export function appliedVersion(db: Database.Database): number {
  const table = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    .get();
  if (table === undefined) return 0;
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_version").get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/** Applies the migrations above the database's version, up to `target` (the newest by default). */
export function migrate(db: Database.Database, target: number = SCHEMA_VERSION): void {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const current = appliedVersion(db);
  for (const migration of MIGRATIONS) {
    if (migration.version <= current || migration.version > target) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.description,
        new Date().toISOString(),
      );
    })();
  }
}
