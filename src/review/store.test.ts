import { spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import { LabelError, UnknownTaskError } from "./contract.js";
import { exportLabels } from "./export.js";
import { MIGRATIONS, migrate, SCHEMA_VERSION } from "./migrations.js";
import { openDatabase, openReviewStore } from "./store.js";
import { answersTask, verdictTask } from "./test-support/tasks.js";

const dir = tempDir("tooluse-review-store-");
afterAll(() => dir.remove());
let n = 0;
const fresh = () => join(dir.path, `db-${++n}.sqlite`);

describe("openReviewStore", () => {
  it("creates the schema, WAL with synchronous=FULL, and one token kept across opens", () => {
    const file = fresh();
    const store = openReviewStore(file);
    expect(store.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = store.token;
    store.close();
    const again = openReviewStore(file);
    expect(again.token).toBe(token);
    again.close();
    const other = openReviewStore(fresh());
    expect(other.token).not.toBe(token);
    other.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.prepare("SELECT MAX(version) AS v FROM schema_version").get()).toEqual({ v: SCHEMA_VERSION });
    db.close();
  });

  it("its connection runs WAL with synchronous=FULL (2), so an acknowledged label is on disk", () => {
    const db = openDatabase(fresh(), {});
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    db.close();
  });

  it("adds tasks once per (kind, key), and refuses a payload its kind does not describe", () => {
    const store = openReviewStore(fresh());
    expect(store.addTasks("verdict", [verdictTask("a"), verdictTask("b")])).toEqual({ added: 2, skipped: 0 });
    expect(store.addTasks("verdict", [verdictTask("b"), verdictTask("c")])).toEqual({ added: 1, skipped: 1 });
    expect(store.addTasks("answers", [answersTask("b")])).toEqual({ added: 1, skipped: 0 });
    expect(() => store.addTasks("answers", [verdictTask("z")])).toThrow(/task 1 \(z\): payload/);
    expect(store.listTasks({ kind: "verdict" }).map((t) => t.key)).toEqual(["a", "b", "c"]);
    expect(store.listTasks().length).toBe(4);
    store.close();
  });

  it("labels: validated, one row each, latest per annotator in labels(), state per annotator", () => {
    const store = openReviewStore(fresh());
    store.addTasks("verdict", [verdictTask("a"), verdictTask("b"), verdictTask("c")]);
    const [a, b, c] = store.listTasks({ kind: "verdict" }).map((t) => t.id) as [number, number, number];
    const first = store.addLabel(a, "alice", { verdict: "dispute", reason: "the call was right" });
    expect(first).toMatchObject({ task_id: a, kind: "verdict", key: "a", annotator: "alice" });
    expect(first.label).toEqual({ verdict: "dispute", reason: "the call was right" });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    store.addLabel(a, "alice", { verdict: "agree" });
    store.addLabel(a, "bob", { verdict: "agree" });
    store.addLabel(b, "bob", { verdict: "dispute", reason: "r" });

    const latest = store.labels("verdict");
    expect(latest.map((l) => [l.key, l.annotator, (l.label as { verdict: string }).verdict])).toEqual([
      ["a", "alice", "agree"],
      ["a", "bob", "agree"],
      ["b", "bob", "dispute"],
    ]);
    expect(store.listTasks({ kind: "verdict", state: "done" }).map((t) => t.key)).toEqual(["a", "b"]);
    expect(store.listTasks({ kind: "verdict", state: "open" }).map((t) => t.key)).toEqual(["c"]);
    expect(store.listTasks({ kind: "verdict", state: "done", annotator: "alice" }).map((t) => t.key)).toEqual(
      ["a"],
    );
    expect(store.listTasks({ kind: "verdict", state: "open", annotator: "alice" }).map((t) => t.key)).toEqual(
      ["b", "c"],
    );

    const detail = store.getTask(b);
    expect(detail).toMatchObject({ id: b, key: "b", labels: 1, done: true, prev: a, next: c });
    expect(detail?.labels_list.map((l) => l.annotator)).toEqual(["bob"]);
    expect(store.getTask(a)?.prev).toBeNull();
    expect(store.getTask(c)?.next).toBeNull();
    expect(store.getTask(a)?.labels).toBe(3);
    expect(store.getTask(9999)).toBeUndefined();
    store.close();
  });

  it("a bad label is a LabelError naming the field, and stores nothing", () => {
    const store = openReviewStore(fresh());
    store.addTasks("verdict", [verdictTask("a")]);
    store.addTasks("answers", [answersTask("q1")]);
    const verdict = store.listTasks({ kind: "verdict" })[0]?.id as number;
    const answers = store.listTasks({ kind: "answers" })[0]?.id as number;
    const field = (task: number, annotator: string, label: unknown) => {
      try {
        store.addLabel(task, annotator, label);
      } catch (error) {
        if (error instanceof LabelError) return error.field;
        throw error;
      }
      return "accepted";
    };
    expect(field(verdict, "alice", { verdict: "dispute" })).toBe("reason");
    expect(field(verdict, "alice", { verdict: "dispute", reason: "   " })).toBe("reason");
    expect(field(verdict, "alice", { verdict: "maybe" })).toBe("verdict");
    expect(field(verdict, "alice", { verdict: "agree", extra: 1 })).toBe("label");
    expect(field(verdict, "alice", "agree")).toBe("label");
    expect(field(verdict, "", { verdict: "agree" })).toBe("annotator");
    expect(field(verdict, "a b", { verdict: "agree" })).toBe("annotator");
    expect(field(answers, "alice", { decision: "R4" })).toBe("decision");
    expect(field(answers, "alice", { decision: "R1,R1" })).toBe("decision");
    expect(
      field(answers, "alice", {
        decision: "R1",
        scores: { R1: { validity: 1, consistency: 1, completeness: 9, redundancy: 1 } },
      }),
    ).toBe("scores.R1.completeness");
    expect(store.labels("verdict")).toEqual([]);
    expect(store.labels("answers")).toEqual([]);
    expect(() => store.addLabel(424242, "alice", { verdict: "agree" })).toThrow(UnknownTaskError);
    expect(field(verdict, "alice", { verdict: "agree" })).toBe("accepted");
    store.close();
  });

  it("answers are exported and compared in the judge's canonical form: every response named is All", () => {
    const store = openReviewStore(fresh());
    store.addTasks("answers", [answersTask("q1"), answersTask("q2"), answersTask("q3")]);
    const [q1, q2, q3] = store.listTasks({ kind: "answers" }).map((task) => task.id);
    store.addLabel(q1 as number, "alice", { decision: "R3, r1 ,R2" });
    store.addLabel(q2 as number, "alice", { decision: "r3,R1" });
    store.addLabel(q3 as number, "alice", { decision: "neither" });
    store.addLabel(q1 as number, "bob", { decision: "All" });
    const decisions = exportLabels(store, "answers", "alice")
      .text.trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { decision: string }).decision);
    expect(decisions).toEqual(["All", "R1,R3", "Neither"]);
    // Two spellings of the same decision are agreement, not a disagreement.
    const decision = store.agreement("answers").pairs.find((pair) => pair.measure === "decision");
    expect(decision).toMatchObject({ annotators: ["alice", "bob"], n: 1, exact: 1 });
    store.close();
  });

  it("migrates a version-1 database, keeping its tasks, labels and token", () => {
    const file = fresh();
    const old = new Database(file);
    migrate(old, 1);
    old.prepare("INSERT INTO meta (key, value) VALUES ('token', 'old-token')").run();
    old
      .prepare("INSERT INTO tasks (kind, key, title, payload, created_at) VALUES (?, ?, ?, ?, ?)")
      .run("verdict", "a", "a", JSON.stringify(verdictTask("a").payload), "2026-01-01T00:00:00.000Z");
    old
      .prepare("INSERT INTO labels (task_id, annotator, label, created_at) VALUES (1, 'alice', ?, ?)")
      .run(JSON.stringify({ verdict: "agree" }), "2026-01-01T00:00:01.000Z");
    expect(old.prepare("SELECT MAX(version) AS v FROM schema_version").get()).toEqual({ v: 1 });
    old.close();

    const store = openReviewStore(file);
    expect(store.token).toBe("old-token");
    expect(store.labels("verdict").map((l) => l.annotator)).toEqual(["alice"]);
    store.addTasks("verdict", [{ ...verdictTask("b"), source: "results.json" }]);
    store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT version FROM schema_version ORDER BY version").all()).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version })),
    );
    expect(db.prepare("SELECT key, source FROM tasks ORDER BY id").all()).toEqual([
      { key: "a", source: null },
      { key: "b", source: "results.json" },
    ]);
    db.close();
  });

  it("refuses a database from a newer tooluse, an SQLite file of something else, and a text file", () => {
    const newer = fresh();
    openReviewStore(newer).close();
    const db = new Database(newer);
    db.prepare(
      "INSERT INTO schema_version (version, description, applied_at) VALUES (?, 'future', 'now')",
    ).run(SCHEMA_VERSION + 1);
    db.close();
    expect(() => openReviewStore(newer)).toThrow(/schema version \d+ is newer than this tooluse knows/);

    const foreign = fresh();
    const other = new Database(foreign);
    other.exec("CREATE TABLE t (x)");
    other.close();
    expect(() => openReviewStore(foreign)).toThrow(/not a review database \(no schema_version\)/);

    expect(() => openReviewStore(join(PACKAGE_ROOT, "package.json"))).toThrow(UserError);
    expect(() => openReviewStore(fresh(), { mustExist: true })).toThrow(/no such file/);
  });
});

describe("durability", () => {
  it("a process killed with SIGKILL while labelling loses no label it acknowledged", async () => {
    const file = fresh();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(PACKAGE_ROOT, "src/review/test-support/label-loop.ts"), file],
      { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    const acknowledged: number[] = [];
    let buffered = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        acknowledged.push(...lines.map(Number));
        if (acknowledged.length >= 200) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", () => reject(new Error(`the labelling process ended on its own: ${stderr}`)));
    });
    await new Promise((resolve) => child.on("close", resolve));
    expect(child.signalCode).toBe("SIGKILL");

    const store = openReviewStore(file);
    const db = new Database(file, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set(
      (db.prepare("SELECT id FROM labels").all() as { id: number }[]).map((row) => row.id),
    );
    db.close();
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    // The store still works after the crash.
    const task = store.listTasks({ kind: "verdict" })[0]?.id as number;
    expect(store.addLabel(task, "after", { verdict: "agree" }).annotator).toBe("after");
    store.close();
  });
});
