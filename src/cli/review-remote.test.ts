/**
 * `tooluse review --host`: serving other machines is a decision. A non-loopback address needs --allow-remote (else
 * one line, exit 2, no server), and with it the server says on stderr what it exposes; --allow-remote where it does
 * nothing is refused by name.
 */
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { serveProcess } from "../review/web/test-support/serve-process.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-review-remote-");
const db = join(dir.path, "review.sqlite");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  const added = await cli(
    "review",
    "add",
    "--db",
    db,
    "--kind",
    "triplet",
    "--queries",
    join(DATA_DIR, "plans/queries.jsonl"),
  );
  if (added.code !== 0) throw new Error(added.err);
});
afterAll(() => dir.remove());

function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: "/", headers: { Host: host }, setHost: false },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("tooluse review --host without --allow-remote", () => {
  for (const host of ["0.0.0.0", "::", "192.168.1.7", "review.lan", "[::]"]) {
    it(`--host ${host} → one line, exit 2, nothing served`, async () => {
      const result = await cli("review", "--db", db, "--host", host, "--port", "0");
      expect(result.out).toBe("");
      expect(result.err).toBe(
        `tooluse: --host ${host}: not a loopback address: other machines could read every task and, with the token every page carries, store labels; pass --allow-remote to serve them anyway, or leave --host out (127.0.0.1)\n`,
      );
      expect(result.code).toBe(2);
    });
  }

  it("--allow-remote on a loopback address is refused by name: it would change nothing", async () => {
    const result = await cli("review", "--db", db, "--host", "127.0.0.1", "--allow-remote");
    expect(result).toMatchObject({
      code: 2,
      out: "",
      err: "tooluse: --allow-remote: --host 127.0.0.1 is a loopback address, which no other machine reaches; leave --allow-remote out, or give --host the address to serve others on\n",
    });
  });

  it("review add and review export refuse --allow-remote, which only serving uses", async () => {
    const add = await cli(
      "review",
      "--allow-remote",
      "add",
      "--db",
      db,
      "--kind",
      "triplet",
      "--queries",
      "x",
    );
    expect(add).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^tooluse: --allow-remote: review add does not use it/),
    });
    const exported = await cli(
      "review",
      "--allow-remote",
      "export",
      "--db",
      db,
      "--kind",
      "triplet",
      "--out",
      join(dir.path, "x.jsonl"),
    );
    expect(exported).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^tooluse: --allow-remote: review export does not use it/),
    });
  });
});

describe("tooluse review on loopback addresses needs no flag", () => {
  it("--host localhost serves, with no warning", async () => {
    const server = serveProcess(["--db", db, "--host", "localhost", "--port", "0"]);
    try {
      const url = await server.url;
      expect((await fetch(new URL("api/health", url))).status).toBe(200);
      expect(server.stderr()).not.toContain("warning");
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
    }
  }, 60_000);

  // Not refused for its address: the command goes on to listen, and finds the port taken.
  for (const host of ["127.0.0.5", "::1", "0:0:0:0:0:0:0:1"]) {
    it(`--host ${host} is not refused (it goes on to listen)`, async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, host, resolve));
      const port = (blocker.address() as { port: number }).port;
      try {
        const result = await cli("review", "--db", db, "--host", host, "--port", String(port));
        expect(result.err).toBe(
          `tooluse: cannot listen on ${host}:${port}: the port is in use; choose another --port, or --port 0 for any free port\n`,
        );
        expect(result.code).toBe(1);
      } finally {
        blocker.close();
      }
    });
  }
});

describe("tooluse review --host 0.0.0.0 --allow-remote", () => {
  it("warns what it exposes, answers IP-literal Hosts, and still refuses DNS names", async () => {
    const server = serveProcess(["--db", db, "--host", "0.0.0.0", "--allow-remote", "--port", "0"]);
    try {
      const url = await server.url;
      const port = Number(new URL(url).port);
      expect(url).toBe(`http://0.0.0.0:${port}/`);
      await expect.poll(() => server.stderr()).toContain("serving");
      expect(server.stderr()).toContain(
        `review: warning: serving other machines at http://0.0.0.0:${port}/ (--allow-remote): anyone who can reach it reads every task and can store labels; there are no passwords and no TLS\n`,
      );
      expect(await statusWithHost(port, `127.0.0.1:${port}`)).toBe(200);
      expect(await statusWithHost(port, `192.168.1.7:${port}`)).toBe(200);
      expect(await statusWithHost(port, `rebind.example:${port}`)).toBe(403);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
    }
  }, 60_000);
});
