/**
 * Who the workbench answers, over every page and API route: on a loopback address only a Host that names a loopback
 * address (never a DNS name a rebinding page sends, never another machine's IP literal), and, when a request carries
 * an Origin, only this server's own. A refused request gets 403 and never the page that carries the write token.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskKind } from "../contract.js";
import { hostCheck, isLoopbackHost, originMatches } from "./security.js";
import { type RunningReviewServer, startReviewServer } from "./server.js";
import { checkedSampleTasks } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

interface Reply {
  status: number;
  body: string;
}

/** node:http, because fetch sets Host and Origin itself. */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  init: { method?: string; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers, setHost: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const store = reviewStoreForTests();
for (const [kind, tasks] of Object.entries(checkedSampleTasks())) store.addTasks(kind as TaskKind, tasks);
let server: RunningReviewServer;
beforeAll(async () => {
  server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: null });
});
afterAll(async () => {
  await server.close();
  store.dispose();
});

/** Every route a browser or a script can reach, with the method it takes. */
const ROUTES: [method: string, path: string][] = [
  ["GET", "/"],
  ["GET", "/?annotator=ann"],
  ["GET", "/kinds/lineage"],
  ["GET", "/tasks/1"],
  ["GET", "/tasks/1/next-open"],
  ["GET", "/assets/review.js"],
  ["GET", "/assets/review.css"],
  ["GET", "/api/health"],
  ["GET", "/api/tasks"],
  ["GET", "/api/tasks/1"],
  ["GET", "/api/kinds"],
  ["POST", "/api/tasks/6/labels"],
  ["POST", "/api/tasks/1/preview-score"],
  ["HEAD", "/"],
  ["OPTIONS", "/api/tasks/6/labels"],
  ["GET", "/no-such-page"],
];

const FOREIGN_HOSTS = (port: number) => [
  `evil.example:${port}`,
  `localhost.evil.example:${port}`,
  `127.0.0.1.nip.io:${port}`,
  `192.168.1.7:${port}`,
  `10.0.0.1:${port}`,
  `0.0.0.0:${port}`,
  `[fe80::1]:${port}`,
  `[2001:db8::1]:${port}`,
  `[::ffff:192.168.1.7]:${port}`,
  `2130706433:${port}`,
  `0x7f.0.0.1:${port}`,
  `127.0.0.1:${port + 1}`,
  "127.0.0.1",
  `user@127.0.0.1:${port}`,
  `127.0.0.1:${port}/x`,
  "",
];

const LOOPBACK_HOSTS = (port: number) => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `LocalHost:${port}`,
  `[::1]:${port}`,
  `127.0.0.2:${port}`,
];

function bodyFor(method: string, path: string): string | undefined {
  if (method !== "POST") return undefined;
  return path.endsWith("/labels") ? JSON.stringify({ annotator: "ann", verdict: "agree" }) : '{"plan": "x"}';
}

describe("the workbench on 127.0.0.1: the Host header", () => {
  it("refuses every foreign Host on every route with 403, and never hands out the token", async () => {
    for (const host of FOREIGN_HOSTS(server.port))
      for (const [method, path] of ROUTES) {
        const reply = await send(
          server.port,
          path,
          { Host: host, "X-Review-Token": store.token, "Content-Type": "application/json" },
          { method, body: bodyFor(method, path) },
        );
        // 403 from the guard; 400 from Node itself for a Host it cannot make a URL of (an odd IPv6 spelling).
        expect([400, 403], `${method} ${path} Host: ${host}`).toContain(reply.status);
        expect(reply.body).not.toContain(store.token);
      }
  });

  it("refuses a request without a Host header", async () => {
    const reply = await send(server.port, "/", {});
    expect([400, 403]).toContain(reply.status);
    expect(reply.body).not.toContain(store.token);
  });

  it("answers a Host that names a loopback address, in any spelling", async () => {
    for (const host of LOOPBACK_HOSTS(server.port)) {
      const page = await send(server.port, "/", { Host: host });
      expect(page.status, host).toBe(200);
      expect(page.body).toContain(store.token);
    }
  });
});

describe("the workbench on 127.0.0.1: the Origin header", () => {
  const label = (origin: string) =>
    send(
      server.port,
      "/api/tasks/6/labels",
      {
        Host: `127.0.0.1:${server.port}`,
        Origin: origin,
        "X-Review-Token": store.token,
        "Content-Type": "application/json",
      },
      { method: "POST", body: JSON.stringify({ annotator: "ann", verdict: "agree" }) },
    );

  it("refuses another site's request even with the right token", async () => {
    const port = server.port;
    for (const origin of [
      "http://evil.example",
      `http://evil.example:${port}`,
      "null",
      `https://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port + 1}`,
      `http://127.0.0.1:${port}/path`,
      `http://user@127.0.0.1:${port}`,
      "",
    ]) {
      const reply = await label(origin);
      expect(reply.status, `Origin: ${origin}`).toBe(403);
      expect(JSON.parse(reply.body)).toEqual({
        error: expect.stringMatching(/Origin header|Host header/),
      });
    }
    expect(store.labels("verdict").filter((l) => l.annotator === "ann")).toEqual([]);
  });

  it("refuses reads from another site too, and answers its own pages' requests", async () => {
    const read = await send(server.port, "/api/tasks/1", {
      Host: `127.0.0.1:${server.port}`,
      Origin: "http://evil.example",
    });
    expect(read.status).toBe(403);
    expect((await label(`http://127.0.0.1:${server.port}`)).status).toBe(201);
  });
});

describe("isLoopbackHost, hostCheck and originMatches", () => {
  it("count loopback addresses in every spelling, and only the name localhost", () => {
    for (const host of [
      "127.0.0.1",
      "127.3.2.1",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "[::1]",
      "localhost",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      "0.0.0.0",
      "::",
      "192.168.1.7",
      "::ffff:10.0.0.1",
      "review.lan",
      "localhost.",
      "",
      "128.0.0.1",
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("bound elsewhere (--allow-remote): localhost, the bound address or, on a wildcard, any IP literal; no other name", () => {
    const wildcard = hostCheck("0.0.0.0", 8080);
    expect(["192.168.1.7:8080", "[fe80::1]:8080", "localhost:8080", "127.0.0.1:8080"].every(wildcard)).toBe(
      true,
    );
    expect(["rebind.example:8080", "192.168.1.7:8081"].some(wildcard)).toBe(false);
    const lan = hostCheck("192.168.1.7", 8080);
    expect(["192.168.1.7:8080", "[::ffff:192.168.1.7]:8080", "localhost:8080"].every(lan)).toBe(true);
    expect(["192.168.1.8:8080", "rebind.example:8080"].some(lan)).toBe(false);
    expect(hostCheck("review.lan", 80)("review.lan")).toBe(true);
  });

  it("match an Origin only to the Host it came with", () => {
    expect(originMatches(undefined, "127.0.0.1:80")).toBe(true);
    expect(originMatches("http://127.0.0.1", "127.0.0.1:80")).toBe(true);
    expect(originMatches("http://LOCALHOST:9", "localhost:9")).toBe(true);
    expect(originMatches("http://127.0.0.1:9", undefined)).toBe(false);
    expect(originMatches("http://127.0.0.1:9", "localhost:9")).toBe(false);
  });
});
