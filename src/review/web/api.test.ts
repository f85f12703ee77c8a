/**
 * The JSON API through a real socket on 127.0.0.1, on the SQLite store: what a page, a script or an attacker's page
 * can and cannot do.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredLabel, TaskDetail, TaskKind, TaskSummary } from "../contract.js";
import { CONTENT_SECURITY_POLICY, hostCheck } from "./security.js";
import { type RunningReviewServer, startReviewServer } from "./server.js";
import { checkedSampleTasks } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

function setUp() {
  const store = reviewStoreForTests();
  for (const [kind, tasks] of Object.entries(checkedSampleTasks())) store.addTasks(kind as TaskKind, tasks);
  return store;
}

/** The token of the store the server of this describe block serves. */
let TOKEN = "";

interface Reply {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

async function call(
  server: RunningReviewServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null; contentType?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["Content-Type"] = init.contentType ?? "application/json";
  if (init.token !== null) headers["X-Review-Token"] = init.token ?? TOKEN;
  const response = await fetch(new URL(path, server.url), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === "string"
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, json, text };
}

/** node:http, because fetch sets Host itself: what a DNS-rebinding page's request looks like. */
function withHost(server: RunningReviewServer, host: string, path = "/api/health"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, headers: { Host: host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the review API (server started without --annotator)", () => {
  const store = setUp();
  let server: RunningReviewServer;
  beforeAll(async () => {
    server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: null });
    TOKEN = store.token;
  });
  afterAll(async () => {
    await server.close();
    store.dispose();
  });

  it("prints its address as http://127.0.0.1:PORT/ with a real port", () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.port).toBeGreaterThan(0);
  });

  it("GET /api/health says ok, the version and the database", async () => {
    const reply = await call(server, "/api/health");
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ ok: true, db: store.file });
    expect((reply.json as { version: string }).version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("GET /api/tasks lists tasks, filtered by kind and state; a bad kind or state is 400 with the field", async () => {
    const all = (await call(server, "/api/tasks")).json as TaskSummary[];
    expect(all.map((t) => t.kind)).toEqual([
      "lineage",
      "plan-rating",
      "step-tags",
      "triplet",
      "answers",
      "verdict",
    ]);
    const triplets = (await call(server, "/api/tasks?kind=triplet")).json as TaskSummary[];
    expect(triplets).toEqual([expect.objectContaining({ kind: "triplet", key: "tr-002", done: false })]);
    expect((await call(server, "/api/tasks?state=done")).json).toEqual([]);
    expect(await call(server, "/api/tasks?kind=bogus")).toMatchObject({
      status: 400,
      json: { field: "kind" },
    });
    expect(await call(server, "/api/tasks?state=closed")).toMatchObject({
      status: 400,
      json: { field: "state" },
    });
  });

  it("GET /api/tasks/ID gives the task with payload and neighbours; unknown or malformed ids are 404", async () => {
    const first = (await call(server, "/api/tasks/1")).json as TaskDetail;
    expect(first).toMatchObject({ id: 1, kind: "lineage", prev: null, next: null, labels_list: [] });
    expect(first.payload).toMatchObject({ query_id: "tr-001" });
    expect((await call(server, "/api/tasks/999")).status).toBe(404);
    expect((await call(server, "/api/tasks/abc")).status).toBe(404);
    expect((await call(server, "/api/tasks/-1")).status).toBe(404);
    expect((await call(server, "/api/tasks/1e3")).status).toBe(404);
  });

  it("POST a good label → 201 with the stored label; the task is then done for that annotator only", async () => {
    const reply = await call(server, "/api/tasks/4/labels", {
      body: { annotator: "alice", ranks: { A: 3, B: 1, C: 2 } },
    });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      task_id: 4,
      kind: "triplet",
      annotator: "alice",
      label: { ranks: { A: 3, B: 1, C: 2 } },
    });
    expect((reply.json as StoredLabel).label).not.toHaveProperty("annotator");
    const done = (await call(server, "/api/tasks?kind=triplet&state=done&annotator=alice"))
      .json as TaskSummary[];
    expect(done.map((t) => t.id)).toEqual([4]);
    expect((await call(server, "/api/tasks?kind=triplet&state=open&annotator=bob")).json).toHaveLength(1);
  });

  it("POST a bad label → 400 naming the field; nothing is stored", async () => {
    const before = store.labels("plan-rating").length;
    const bad = await call(server, "/api/tasks/2/labels", { body: { annotator: "alice", rating: "Superb" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: "rating" });
    expect((bad.json as { error: string }).error).toMatch(/\S/);
    const nested = await call(server, "/api/tasks/4/labels", {
      body: { annotator: "alice", ranks: { A: 9, B: 1, C: 2 } },
    });
    // The field is named once, in `field`: a page showing "field: error" must not read "ranks.A: ranks.A: …".
    expect(nested).toMatchObject({
      status: 400,
      json: { field: "ranks.A", error: "expected a rank 1, 2 or 3 (1 = best)" },
    });
    const points = await call(server, "/api/tasks/2/labels", { body: { annotator: "alice", format: 25 } });
    expect(points).toMatchObject({ status: 400, json: { field: "format" } });
    expect(store.labels("plan-rating")).toHaveLength(before);
  });

  it("refuses a body that is not a JSON object, and a label for a task that does not exist", async () => {
    expect(await call(server, "/api/tasks/2/labels", { body: "{not json" })).toMatchObject({
      status: 400,
      json: { field: "body" },
    });
    expect(await call(server, "/api/tasks/2/labels", { body: [1, 2] })).toMatchObject({
      status: 400,
      json: { field: "body" },
    });
    expect(
      (await call(server, "/api/tasks/999/labels", { body: { annotator: "a", verdict: "agree" } })).status,
    ).toBe(404);
    expect(
      (await call(server, "/api/tasks/2/labels", { body: "{}", contentType: "text/plain" })).status,
    ).toBe(415);
  });

  it("needs an annotator from the body when the server has none: missing or malformed → 400 annotator", async () => {
    expect(await call(server, "/api/tasks/6/labels", { body: { verdict: "agree" } })).toMatchObject({
      status: 400,
      json: { field: "annotator" },
    });
    expect(
      await call(server, "/api/tasks/6/labels", { body: { annotator: "a b<", verdict: "agree" } }),
    ).toMatchObject({
      status: 400,
      json: { field: "annotator" },
    });
  });

  it("POST without the token, or with a wrong one, is 403 and stores nothing", async () => {
    const before = store.labels("verdict").length;
    const body = { annotator: "mallory", verdict: "agree" };
    const none = await call(server, "/api/tasks/6/labels", { body, token: null });
    expect(none.status).toBe(403);
    expect(none.json).toMatchObject({ error: expect.stringMatching(/X-Review-Token/) });
    expect((await call(server, "/api/tasks/6/labels", { body, token: "wrong" })).status).toBe(403);
    expect((await call(server, "/api/tasks/6/labels", { body, token: `${TOKEN}x` })).status).toBe(403);
    expect(
      (await call(server, "/api/tasks/1/preview-score", { body: { plan: "x" }, token: null })).status,
    ).toBe(403);
    expect(store.labels("verdict")).toHaveLength(before);
    // The control: the same request with the token is stored.
    expect((await call(server, "/api/tasks/6/labels", { body })).status).toBe(201);
  });

  it("answers only to its own address: a request naming another host (DNS rebinding) is 403", async () => {
    expect(await withHost(server, `127.0.0.1:${server.port}`)).toBe(200);
    expect(await withHost(server, `localhost:${server.port}`)).toBe(200);
    expect(await withHost(server, `attacker.example:${server.port}`)).toBe(403);
    expect(await withHost(server, "attacker.example")).toBe(403);
    expect(await withHost(server, `127.0.0.1:${server.port + 1}`)).toBe(403);
    expect(await withHost(server, `127.0.0.1:${server.port}`, "/")).toBe(200);
    expect(await withHost(server, `evil.test:${server.port}`, "/")).toBe(403);
  });

  it("keeps two annotators posting at once apart: every label stored under its own name", async () => {
    const posts = Array.from({ length: 20 }, (_, i) =>
      call(server, "/api/tasks/3/labels", {
        body: {
          annotator: i % 2 === 0 ? "ann" : "ben",
          tags: [i % 2 === 0 ? "INCORRECT TOOL" : "NO CHANGE"],
        },
      }),
    );
    const replies = await Promise.all(posts);
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    const stored = store.getTask(3)?.labels_list ?? [];
    expect(stored).toHaveLength(20);
    expect(stored.filter((l) => l.annotator === "ann").map((l) => l.label)).toEqual(
      Array(10).fill({ tags: ["INCORRECT TOOL"] }),
    );
    expect(stored.filter((l) => l.annotator === "ben").map((l) => l.label)).toEqual(
      Array(10).fill({ tags: ["NO CHANGE"] }),
    );
    // Export reads each annotator's latest label: one each.
    expect(store.labels("step-tags").map((l) => [l.annotator, l.label])).toEqual([
      ["ann", { tags: ["INCORRECT TOOL"] }],
      ["ben", { tags: ["NO CHANGE"] }],
    ]);
  });

  it("GET /api/tasks/ID?annotator=NAME gives that annotator's labels only; without a name, everyone's", async () => {
    const own = (await call(server, "/api/tasks/3?annotator=ann")).json as TaskDetail;
    expect(own.labels_list).toHaveLength(10);
    expect(own.labels_list.every((l) => l.annotator === "ann")).toBe(true);
    expect(own.done).toBe(true);
    const stranger = (await call(server, "/api/tasks/3?annotator=zed")).json as TaskDetail;
    expect(stranger).toMatchObject({ labels_list: [], done: false });
    const everyone = (await call(server, "/api/tasks/3")).json as TaskDetail;
    expect(new Set(everyone.labels_list.map((l) => l.annotator))).toEqual(new Set(["ann", "ben"]));
    expect(await call(server, "/api/tasks/3?annotator=a%20b%3C")).toMatchObject({
      status: 400,
      json: { field: "annotator" },
    });
  });

  it("never shows an annotator a triplet's true order; tooling without a name still gets it for export", async () => {
    const [triplet] = (await call(server, "/api/tasks?kind=triplet")).json as { id: number }[];
    const named = (await call(server, `/api/tasks/${triplet?.id}?annotator=ann`)).json as TaskDetail;
    expect(named.payload).toHaveProperty("slots");
    expect(named.payload).not.toHaveProperty("truth");
    const tooling = (await call(server, `/api/tasks/${triplet?.id}`)).json as TaskDetail;
    expect(tooling.payload).toHaveProperty("truth");
  });

  it("sends the strict headers on pages, API and assets alike", async () => {
    for (const path of ["/", "/api/health", "/assets/review.js", "/tasks/1", "/nowhere"]) {
      const reply = await call(server, path);
      expect(reply.headers.get("content-security-policy"), path).toBe(CONTENT_SECURITY_POLICY);
      expect(reply.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(reply.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect((await call(server, "/assets/review.js")).headers.get("content-type")).toMatch(
      /^text\/javascript/,
    );
    expect((await call(server, "/assets/review.css")).headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("carries the token in the page's meta tag, and the page runs no inline script or style", async () => {
    const page = await call(server, "/tasks/1");
    expect(page.text).toContain(`<meta name="review-token" content="${TOKEN}">`);
    const scripts = [...page.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(
      scripts.every((attrs) => /src="\/assets\/review\.js"|type="application\/json"/.test(attrs ?? "")),
    ).toBe(true);
    expect(page.text).not.toMatch(/<style|\sstyle="|\son[a-z]+=/i);
  });
});

describe("the review API (server started with --annotator)", () => {
  const store = setUp();
  let server: RunningReviewServer;
  beforeAll(async () => {
    server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: "carol" });
    TOKEN = store.token;
  });
  afterAll(async () => {
    await server.close();
    store.dispose();
  });

  it("stores labels under the server's annotator, and refuses a body naming someone else", async () => {
    const reply = await call(server, "/api/tasks/6/labels", {
      body: { verdict: "dispute", reason: "the call is right" },
    });
    expect(reply).toMatchObject({ status: 201, json: { annotator: "carol" } });
    expect(
      await call(server, "/api/tasks/6/labels", { body: { annotator: "carol", verdict: "agree" } }),
    ).toMatchObject({
      status: 201,
    });
    expect(
      await call(server, "/api/tasks/6/labels", { body: { annotator: "dave", verdict: "agree" } }),
    ).toMatchObject({
      status: 400,
      json: { field: "annotator" },
    });
  });

  it("shows only the server's annotator's labels: GET /api/tasks/ID never gives another's", async () => {
    store.addLabel(6, "dave", { verdict: "dispute", reason: "dave's own view" });
    const detail = (await call(server, "/api/tasks/6")).json as TaskDetail;
    expect(detail.labels_list.length).toBeGreaterThan(0);
    expect(detail.labels_list.every((l) => l.annotator === "carol")).toBe(true);
    expect(JSON.stringify(detail)).not.toContain("dave's own view");
    expect((await call(server, "/api/tasks/6?annotator=carol")).json).toEqual(detail);
    expect(await call(server, "/api/tasks/6?annotator=dave")).toMatchObject({
      status: 400,
      json: { field: "annotator" },
    });
  });

  it("task lists and kind counts are carol's too: another annotator's progress is not given out", async () => {
    store.addLabel(5, "dave", { decision: "R1" });
    const answers = (await call(server, "/api/tasks?kind=answers")).json as TaskSummary[];
    expect(answers.map((task) => task.done)).toEqual([false]);
    for (const path of ["/api/tasks?kind=answers&annotator=dave", "/api/kinds?annotator=dave"]) {
      expect(await call(server, path), path).toMatchObject({ status: 400, json: { field: "annotator" } });
    }
    const kinds = (await call(server, "/api/kinds?annotator=carol")).json as { kind: string; done: number }[];
    expect(kinds.find((k) => k.kind === "answers")?.done).toBe(0);
  });
});

describe("hostCheck", () => {
  it("accepts the bound loopback address and localhost with the port, nothing else", () => {
    const ok = hostCheck("127.0.0.1", 8080);
    expect(["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"].every(ok)).toBe(true);
    expect(
      ["127.0.0.1:8081", "127.0.0.1", "evil.com:8080", "127.0.0.1.evil.com:8080", "", undefined].some(ok),
    ).toBe(false);
  });

  it("on a wildcard address accepts IP literals and localhost, never a DNS name", () => {
    const ok = hostCheck("0.0.0.0", 80);
    expect(["192.168.1.7:80", "localhost:80", "[fe80::1]:80"].every(ok)).toBe(true);
    expect(["rebind.example:80", "192.168.1.7:81"].some(ok)).toBe(false);
  });

  it("on a named or IPv6 host accepts exactly that name", () => {
    expect(hostCheck("review.lan", 9000)("review.lan:9000")).toBe(true);
    expect(hostCheck("review.lan", 9000)("other.lan:9000")).toBe(false);
    expect(hostCheck("::1", 9000)("[::1]:9000")).toBe(true);
    expect(hostCheck("::1", 9000)("localhost:9000")).toBe(true);
  });
});
