/**
 * `tooluse review` (serve) through the command line: bad flags and databases are one line and exit 2 with no server
 * left behind; a real process prints its address first, answers, and stops cleanly on SIGINT and SIGTERM.
 */
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { openReviewStore } from "../review/store.js";
import { serveProcess } from "../review/web/test-support/serve-process.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-review-cli-");
const db = join(dir.path, "review.sqlite");
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  const added = await cli("review", "add", "--db", db, "--kind", "triplet", "--queries", QUERIES);
  if (added.code !== 0) throw new Error(added.err);
  writeFileSync(join(dir.path, "not-a-db.sqlite"), "just text, not SQLite\n");
});
afterAll(() => dir.remove());

describe("tooluse review: refused before any server starts", () => {
  const cases: [string, string[], number, RegExp][] = [
    [
      "a missing database",
      ["--db", join(dir.path, "missing.sqlite")],
      2,
      /^tooluse: --db \S*missing\.sqlite: no such file or folder \(ENOENT\); check the path$/,
    ],
    [
      "a folder as database",
      ["--db", dir.path],
      2,
      /^tooluse: --db \S+: is a folder, not a file; give a file inside it$/,
    ],
    [
      "a file that is not a review database",
      ["--db", join(dir.path, "not-a-db.sqlite")],
      2,
      /^tooluse: --db \S*not-a-db\.sqlite: not a review database/,
    ],
    [
      "a port out of range",
      ["--db", db, "--port", "70000"],
      2,
      /^tooluse: --port: expected a whole number from 0 to 65535, got "70000"$/,
    ],
    [
      "a port that is not a number",
      ["--db", db, "--port", "80x"],
      2,
      /^tooluse: --port: expected a whole number from 0 to 65535, got "80x"$/,
    ],
    [
      "a malformed annotator",
      ["--db", db, "--annotator", "a b"],
      2,
      /^tooluse: --annotator: expected letters, digits/,
    ],
    [
      "a host that is not this machine's (with --allow-remote)",
      ["--db", db, "--host", "203.0.113.7", "--allow-remote"],
      2,
      /^tooluse: --host 203\.0\.113\.7: not an address of this machine \(EADDRNOTAVAIL\)$/,
    ],
  ];
  for (const [what, argv, code, line] of cases) {
    it(`${what} → one line, exit ${code}`, async () => {
      const result = await cli("review", ...argv);
      expect(result.out).toBe("");
      expect(result.err.trimEnd().split("\n")).toHaveLength(1);
      expect(result.err.trimEnd()).toMatch(line);
      expect(result.code).toBe(code);
    });
  }

  it("a port in use → one line, exit 1 (the environment, not the command)", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await cli("review", "--db", db, "--port", String(port));
      expect(result.err).toBe(
        `tooluse: cannot listen on 127.0.0.1:${port}: the port is in use; choose another --port, or --port 0 for any free port\n`,
      );
      expect(result.code).toBe(1);
    } finally {
      blocker.close();
    }
  });
});

describe("tooluse review: the process", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`prints review: http://127.0.0.1:PORT/ first, answers, and exits 0 on ${signal}`, async () => {
      const server = serveProcess(["--db", db, "--port", "0", "--annotator", "alice"]);
      const line = await server.firstLine;
      const match = /^review: (http:\/\/127\.0\.0\.1:(\d+)\/)$/.exec(line);
      expect(match, line).not.toBeNull();
      const health = await fetch(new URL("api/health", match?.[1]));
      expect(await health.json()).toMatchObject({ ok: true, db });
      server.child.kill(signal);
      expect(await server.exit).toBe(0);
      expect(server.stderr()).toContain(`review: stopped (${signal})`);
      // Nothing listens on the port any more.
      await expect(fetch(new URL("api/health", match?.[1]))).rejects.toThrow();
    }, 60_000);
  }
});

describe("tooluse review: the default port", () => {
  it("with no --port listens on 7373 and prints its URL; a second server is told the default port is taken", async () => {
    const first = serveProcess(["--db", db]);
    try {
      expect(await first.firstLine).toBe("review: http://127.0.0.1:7373/");
      const taken = await cli("review", "--db", db);
      expect(taken.err).toBe(
        "tooluse: cannot listen on 127.0.0.1:7373: the default port is in use; pass --port 0 for any free port, or choose another --port\n",
      );
      expect(taken.out).toBe("");
      expect(taken.code).toBe(1);
      // The control: --port 0 beside it gets a free port of its own.
      const other = serveProcess(["--db", db, "--port", "0"]);
      try {
        expect(await other.firstLine).toMatch(/^review: http:\/\/127\.0\.0\.1:(?!7373\/)\d+\/$/);
      } finally {
        other.child.kill("SIGINT");
        await other.exit;
      }
    } finally {
      first.child.kill("SIGINT");
      await first.exit;
    }
  }, 60_000);
});

describe("tooluse review add / export: the serving flags", () => {
  it("are refused by name rather than ignored", async () => {
    const add = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "triplet",
      "--queries",
      QUERIES,
      "--port",
      "8080",
    );
    expect(add.err).toBe(
      "tooluse: --port: review add does not use it; it is for serving: tooluse review --db F\n",
    );
    expect(add.code).toBe(2);
    const out = join(dir.path, "out.jsonl");
    const exported = await cli(
      "review",
      "export",
      "--db",
      db,
      "--kind",
      "triplet",
      "--out",
      out,
      "--host",
      "0.0.0.0",
    );
    expect(exported.err).toMatch(/^tooluse: --host: review export does not use it/);
    expect(exported.code).toBe(2);
  });

  it("--annotator is refused for add, which adds tasks, not labels; nothing is added", async () => {
    const add = await cli(
      "review",
      "--annotator",
      "alice",
      "add",
      "--db",
      db,
      "--kind",
      "lineage",
      "--queries",
      QUERIES,
    );
    expect(add).toMatchObject({
      code: 2,
      out: "",
      err: "tooluse: --annotator: review add does not use it; labels are added in the workbench\n",
    });
    const store = openReviewStore(db);
    try {
      expect(store.listTasks({ kind: "lineage" })).toEqual([]);
    } finally {
      store.close();
    }
  });
});
