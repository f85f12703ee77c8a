/**
 * The review database: tasks and labels in one SQLite file (better-sqlite3). WAL with synchronous=FULL, so a label
 * whose addLabel returned is on disk and survives the process being killed; each label is one transaction. The
 * schema is versioned (migrations.ts). docs/review.md describes the tables.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { cannotWrite, UserError } from "../errors.js";
import { agreementOf } from "./agreement.js";
import {
  AnnotatorSchema,
  type KindAgreement,
  LabelError,
  type NewTask,
  type ReviewStore,
  type StoredLabel,
  type TaskDetail,
  type TaskKind,
  type TaskQuery,
  type TaskSummary,
  UnknownTaskError,
} from "./contract.js";
import { kindNamed } from "./kinds/lookup.js";
import { appliedVersion, migrate, SCHEMA_VERSION } from "./migrations.js";
import { firstIssue } from "./zod-issue.js";

export interface OpenOptions {
  /** Refuse to create the file: for commands that only read (export, disputes). */
  mustExist?: boolean;
}

interface SummaryRow {
  id: number;
  kind: TaskKind;
  key: string;
  title: string;
  labels: number;
  done: number;
}

interface TaskRow extends SummaryRow {
  payload: string;
}

interface LabelRow {
  id: number;
  task_id: number;
  kind: TaskKind;
  key: string;
  annotator: string;
  label: string;
  created_at: string;
}

function storedLabel(row: LabelRow): StoredLabel {
  return { ...row, label: JSON.parse(row.label) };
}

function summary(row: SummaryRow): TaskSummary {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    title: row.title,
    labels: row.labels,
    done: row.done > 0,
  };
}

/** Opens the database at `file` with its pragmas, or a UserError naming the file (exported for the tests). */
export function openDatabase(file: string, options: OpenOptions): Database.Database {
  if (options.mustExist && !existsSync(file))
    throw new UserError(`--db ${file}: no such file`, { hint: "create it with tooluse review add" });
  if (existsSync(file) && statSync(file).isDirectory()) throw new UserError(`--db ${file}: is a folder`);
  if (!options.mustExist) {
    try {
      mkdirSync(dirname(resolve(file)), { recursive: true });
    } catch (error) {
      throw cannotWrite(file, error);
    }
  }
  let db: Database.Database;
  try {
    db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "SQLITE_CANTOPEN")
      throw new UserError(`--db ${file}: cannot open (${(error as Error).message})`, { kind: "failure" });
    throw new UserError(`--db ${file}: not a review database (${(error as Error).message})`);
  }
  return db;
}

/**
 * Checks the version, migrates, and creates the token on first open — in one immediate transaction, so two processes
 * opening a new database at once (the server and `review add`) do not both migrate it or both make a token.
 */
function prepareSchema(db: Database.Database, file: string): string {
  return db.transaction(() => checkAndMigrate(db, file)).immediate();
}

function checkAndMigrate(db: Database.Database, file: string): string {
  const version = appliedVersion(db);
  if (version > SCHEMA_VERSION)
    throw new UserError(
      `--db ${file}: schema version ${version} is newer than this tooluse knows (${SCHEMA_VERSION})`,
      { hint: "upgrade tooluse to open it" },
    );
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
    n: number;
  };
  if (version === 0 && tables.n > 0)
    throw new UserError(`--db ${file}: an SQLite database, but not a review database (no schema_version)`);
  migrate(db);
  const existing = db.prepare("SELECT value FROM meta WHERE key = 'token'").get() as
    | { value: string }
    | undefined;
  if (existing) return existing.value;
  const token = randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO meta (key, value) VALUES ('token', ?)").run(token);
  return token;
}

/** The database opened and its schema ready, or a UserError naming the file (the database is closed then). */
function openPrepared(file: string, options: OpenOptions): { db: Database.Database; token: string } {
  const db = openDatabase(file, options);
  try {
    return { db, token: prepareSchema(db, file) };
  } catch (error) {
    db.close();
    if (error instanceof UserError) throw error;
    throw new UserError(`--db ${file}: not a review database (${(error as Error).message})`);
  }
}

// `done` counts the labels of one annotator, or of anyone when none is given.
const summaryColumns = (perAnnotator: boolean) => `
    t.id, t.kind, t.key, t.title,
    (SELECT COUNT(*) FROM labels l WHERE l.task_id = t.id) AS labels,
    (SELECT COUNT(*) FROM labels l WHERE l.task_id = t.id ${perAnnotator ? "AND l.annotator = @annotator" : ""}) AS done`;
const labelColumns = "l.id, l.task_id, t.kind, t.key, l.annotator, l.label, l.created_at";

/** Every statement the store runs, prepared once when it opens. */
function prepareStatements(db: Database.Database) {
  // The four shapes of listTasks (all kinds or one; done by anyone or by one annotator), each its own literal SQL.
  const listTasksOf = (byKind: boolean, perAnnotator: boolean) =>
    db.prepare(
      `SELECT ${summaryColumns(perAnnotator)} FROM tasks t ${byKind ? "WHERE t.kind = @kind" : ""} ORDER BY t.id`,
    );
  return {
    taskById: db.prepare(`SELECT ${summaryColumns(false)}, t.payload FROM tasks t WHERE t.id = ?`),
    list: {
      allKinds: { anyone: listTasksOf(false, false), annotator: listTasksOf(false, true) },
      oneKind: { anyone: listTasksOf(true, false), annotator: listTasksOf(true, true) },
    },
    insertTask: db.prepare(
      "INSERT OR IGNORE INTO tasks (kind, key, title, payload, created_at, source) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    insertLabel: db.prepare("INSERT INTO labels (task_id, annotator, label, created_at) VALUES (?, ?, ?, ?)"),
    labelById: db.prepare(
      `SELECT ${labelColumns} FROM labels l JOIN tasks t ON t.id = l.task_id WHERE l.id = ?`,
    ),
    labelsOfTask: db.prepare(
      `SELECT ${labelColumns} FROM labels l JOIN tasks t ON t.id = l.task_id WHERE l.task_id = ? ORDER BY l.id`,
    ),
    // Each annotator's latest label on each task of a kind.
    latestLabelsOfKind: db.prepare(
      `SELECT ${labelColumns}
     FROM labels l JOIN tasks t ON t.id = l.task_id
     WHERE t.kind = ? AND l.id = (SELECT MAX(m.id) FROM labels m WHERE m.task_id = l.task_id AND m.annotator = l.annotator)
     ORDER BY t.id, l.annotator`,
    ),
    previousOfKind: db.prepare("SELECT id FROM tasks WHERE kind = ? AND id < ? ORDER BY id DESC LIMIT 1"),
    nextOfKind: db.prepare("SELECT id FROM tasks WHERE kind = ? AND id > ? ORDER BY id LIMIT 1"),
    payloadsOfKind: db.prepare("SELECT id, payload FROM tasks WHERE kind = ?"),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/** Every payload is checked against its kind's schema before anything is written: a bad one adds nothing. */
function addTasks(db: Database.Database, statements: Statements, kind: TaskKind, tasks: readonly NewTask[]) {
  const spec = kindNamed(kind);
  const rows = tasks.map((task, index) => {
    const parsed = spec.payloadSchema.safeParse(task.payload);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      throw new Error(`task ${index + 1} (${task.key}): payload ${issue.field}: ${issue.message}`);
    }
    return { ...task, payload: JSON.stringify(parsed.data) };
  });
  let added = 0;
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const row of rows)
      added += statements.insertTask.run(
        kind,
        row.key,
        row.title,
        row.payload,
        now,
        row.source ?? null,
      ).changes;
  })();
  return { added, skipped: tasks.length - added };
}

function listTasks(statements: Statements, query: TaskQuery = {}): TaskSummary[] {
  const statement =
    statements.list[query.kind ? "oneKind" : "allKinds"][
      query.annotator === undefined ? "anyone" : "annotator"
    ];
  const rows = statement.all({ kind: query.kind, annotator: query.annotator }) as SummaryRow[];
  return rows
    .map(summary)
    .filter((task) => query.state === undefined || task.done === (query.state === "done"));
}

function getTask(statements: Statements, id: number): TaskDetail | undefined {
  const row = statements.taskById.get(id) as TaskRow | undefined;
  if (!row) return undefined;
  const labels = (statements.labelsOfTask.all(id) as LabelRow[]).map(storedLabel);
  const neighbour = (statement: Database.Statement) =>
    (statement.get(row.kind, id) as { id: number } | undefined)?.id ?? null;
  return {
    ...summary(row),
    payload: JSON.parse(row.payload),
    labels_list: labels,
    prev: neighbour(statements.previousOfKind),
    next: neighbour(statements.nextOfKind),
  };
}

/** Validates the annotator, the label (its kind's schema) and the label against its task, then stores it. */
function addLabel(
  db: Database.Database,
  statements: Statements,
  taskId: number,
  annotator: string,
  label: unknown,
): StoredLabel {
  const row = statements.taskById.get(taskId) as TaskRow | undefined;
  if (!row) throw new UnknownTaskError(taskId);
  const name = AnnotatorSchema.safeParse(annotator);
  if (!name.success) throw new LabelError("annotator", firstIssue(name.error).message);
  const spec = kindNamed(row.kind);
  const parsed = spec.labelSchema.safeParse(label);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw new LabelError(issue.field, issue.message);
  }
  const problem = spec.check?.(JSON.parse(row.payload), parsed.data) ?? null;
  if (problem) throw new LabelError(problem.field, problem.message);
  const id = db.transaction(
    () =>
      statements.insertLabel.run(taskId, name.data, JSON.stringify(parsed.data), new Date().toISOString())
        .lastInsertRowid,
  )();
  return storedLabel(statements.labelById.get(Number(id)) as LabelRow);
}

function agreement(statements: Statements, kind: TaskKind, labels: readonly StoredLabel[]): KindAgreement {
  const payloads = new Map<number, unknown>();
  for (const task of statements.payloadsOfKind.all(kind) as { id: number; payload: string }[])
    payloads.set(task.id, JSON.parse(task.payload));
  return agreementOf(kind, labels, payloads);
}

export function openReviewStore(file: string, options: OpenOptions = {}): ReviewStore {
  const { db, token } = openPrepared(file, options);
  const statements = prepareStatements(db);
  const labels = (kind: TaskKind) => (statements.latestLabelsOfKind.all(kind) as LabelRow[]).map(storedLabel);
  return {
    file,
    token,
    addTasks: (kind, tasks) => addTasks(db, statements, kind, tasks),
    listTasks: (query) => listTasks(statements, query),
    getTask: (id) => getTask(statements, id),
    addLabel: (taskId, annotator, label) => addLabel(db, statements, taskId, annotator, label),
    labels,
    agreement: (kind) => agreement(statements, kind, labels(kind)),
    close: () => db.close(),
  };
}
