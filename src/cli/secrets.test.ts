/**
 * API keys never leave memory (issue 24, "API keys leak through server text"): a server that echoes the
 * Authorization header, in an error body or in its reply, puts the key into no file (results, journal, CSV, JUnit,
 * HTML, cache) and on neither stdout nor stderr; nor does a key given with CR/LF around it, nor the credentials of a
 * `--base-url` with userinfo. An unset key variable is named before any request, never blamed on the server.
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const KEY = "sk-echo-test-7Hq2Lm9Xv4";
const PASSWORD = "pw-in-url-5Rt8Yu1Io";

type Reply = "400" | "401" | "500" | "200";

interface EchoServer {
  url: string;
  /** The Authorization header of every request, in order (undefined: none was sent). */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** An OpenAI-compatible server that repeats the Authorization header it got, in its error bodies and replies. */
async function startEchoServer(reply: Reply): Promise<EchoServer> {
  const authorizations: (string | undefined)[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    authorizations.push(req.headers.authorization);
    const echo = `you sent Authorization: ${req.headers.authorization ?? "(none)"}`;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET") return send(200, { object: "list", data: [{ id: "m", object: "model" }] });
    req.resume();
    req.on("end", () => {
      if (reply !== "200") return send(Number(reply), { error: { message: `rejected; ${echo}` } });
      send(200, {
        id: "c",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: echo } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const dir = tempDir("tooluse-secrets-");
const at = (name: string) => join(dir.path, name);
afterAll(() => dir.remove());

const saved = { ...process.env };
let servers: EchoServer[] = [];
beforeEach(() => {
  process.env.TOOLUSE_TEST_KEY = KEY;
  delete process.env.OPENAI_API_KEY;
});
afterEach(async () => {
  for (const name of ["TOOLUSE_TEST_KEY", "TOOLUSE_TEST_CRLF_KEY", "OPENAI_API_KEY"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function echoServer(reply: Reply): Promise<EchoServer> {
  const server = await startEchoServer(reply);
  servers.push(server);
  return server;
}

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Every file under the temporary folder (results, journals, exports, cache entries), as text. */
function everyFile(folder = dir.path): { path: string; text: string }[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? everyFile(path) : [{ path, text: readFileSync(path, "utf8") }];
  });
}

/** No trace of `secret` (as given, trimmed, or base64 as a Basic header carries it) in any file or stream. */
function expectNowhere(secret: string, streams: { out: string; err: string }[]): void {
  const forms = [secret, Buffer.from(`user:${secret}`).toString("base64")];
  const files = everyFile();
  expect(files.length).toBeGreaterThan(0);
  for (const form of forms) {
    for (const { path, text } of files) expect(text.includes(form), `${form} in ${path}`).toBe(false);
    for (const { out, err } of streams) {
      expect(out).not.toContain(form);
      expect(err).not.toContain(form);
    }
  }
}

let fresh = 0;
const runArgs = (url: string, ...extra: string[]) => [
  ...["run", "--model", "m", "--base-url", url, "--protocol", "json,native", "--limit", "3"],
  ...["--api-key-env", "TOOLUSE_TEST_KEY", "--cache-dir", at("cache"), "--retries", "1"],
  ...["--out", at(`run-${fresh++}.json`)],
  ...extra,
];

describe("a key the server echoes reaches no file and no stream", () => {
  it("in error bodies (HTTP 400): results, journal, CSV, JUnit, the HTML report, stdout and stderr", async () => {
    const server = await echoServer("400");
    const out = at(`run-${fresh}.json`);
    const ran = await cli(...runArgs(server.url, "--csv", at("r.csv"), "--junit", at("r.xml")));
    expect(server.authorizations).toContain(`Bearer ${KEY}`);
    expect(ran.code).toBe(1);
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results.counts.errors).toBe(6);
    expect(results.records[0].error).toContain("you sent Authorization: Bearer ***");
    const reported = await cli("report", out, "--html", at("r.html"), "--format", "md");
    expect(reported.code).toBe(1);
    expectNowhere(KEY, [ran, reported]);
  });

  it("in retried server errors (HTTP 500): the retry lines on stderr carry no key either", async () => {
    const server = await echoServer("500");
    const ran = await cli(...runArgs(server.url));
    expect(ran.err).toContain("retry:");
    expect(ran.err).toContain("Bearer ***");
    expect(ran.code).toBe(1);
    expectNowhere(KEY, [ran]);
  });

  it("in replies (HTTP 200): the stored output, graded as stored, holds the redacted text", async () => {
    const server = await echoServer("200");
    const out = at(`run-${fresh}.json`);
    const ran = await cli(...runArgs(server.url, "--json"));
    expect(ran.code).toBe(0);
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results.records.find((r: { protocol: string }) => r.protocol === "json").output).toBe(
      "you sent Authorization: Bearer ***",
    );
    expectNowhere(KEY, [ran]);
  });

  it("in a refusal (HTTP 401): one line naming the variable, without the key", async () => {
    const server = await echoServer("401");
    const ran = await cli(...runArgs(server.url));
    expect(ran.code).toBe(2);
    expect(ran.err).toContain("the server refused the API key in TOOLUSE_TEST_KEY (HTTP 401)");
    expectNowhere(KEY, [ran]);
  });

  it("given with the CR/LF of a Windows file: sent trimmed, and no form of it is written", async () => {
    process.env.TOOLUSE_TEST_CRLF_KEY = `${KEY}-crlf\r\n`;
    const server = await echoServer("400");
    const ran = await cli(...runArgs(server.url, "--api-key-env", "TOOLUSE_TEST_CRLF_KEY"));
    expect(server.authorizations).toContain(`Bearer ${KEY}-crlf`);
    expect(ran.code).toBe(1);
    expectNowhere(`${KEY}-crlf`, [ran]);
  });

  it("through a plan command: its output lines and messages carry no key", async () => {
    const server = await echoServer("400");
    const ran = await cli(
      ...["plan", "generate", "--model", "m", "--base-url", server.url, "--api-key-env", "TOOLUSE_TEST_KEY"],
      ...["--queries", join(DATA_DIR, "plans/queries.jsonl"), "--limit", "1", "--retries", "0"],
      ...["--cache-dir", at("cache"), "--out", at(`plans-${fresh++}.jsonl`)],
    );
    expect(ran.code).not.toBe(0);
    expect(server.authorizations).toContain(`Bearer ${KEY}`);
    expectNowhere(KEY, [ran]);
  });
});

describe("credentials in --base-url", () => {
  it("are written nowhere: not in the results' config, the journal header, the records or any message", async () => {
    const server = await echoServer("400");
    const withCredentials = server.url.replace("http://", `http://user:${PASSWORD}@`);
    const out = at(`run-${fresh}.json`);
    const ran = await cli(...runArgs(withCredentials));
    expect(ran.code).toBe(1);
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results.config.base_url).toBe(server.url.replace("http://", "http://***@"));
    expectNowhere(PASSWORD, [ran]);
  });

  it("sent as Basic when no key is set, echoed back, and still written nowhere", async () => {
    const server = await echoServer("400");
    const withCredentials = server.url.replace("http://", `http://user:${PASSWORD}@`);
    const ran = await cli(
      ...["run", "--model", "m", "--base-url", withCredentials, "--protocol", "json", "--limit", "2"],
      ...["--no-cache", "--out", at(`run-${fresh++}.json`)],
    );
    expect(server.authorizations[0]).toBe(`Basic ${Buffer.from(`user:${PASSWORD}`).toString("base64")}`);
    expect(ran.code).toBe(1);
    expectNowhere(PASSWORD, [ran]);
  });

  it("must be given again to resume, since the journal does not keep them", async () => {
    const server = await echoServer("401");
    const withCredentials = server.url.replace("http://", `http://user:${PASSWORD}@`);
    const out = at(`run-${fresh}.json`);
    // Refused after the journal exists? No: the refusal comes at the first request, after preflight lists models.
    const first = await cli(...runArgs(withCredentials));
    expect(first.code).toBe(2);
    const resumed = await cli("run", "--resume", out);
    expect(resumed.code).toBe(2);
    expect(resumed.err).toBe(
      `tooluse: cannot resume ${out}: its journal keeps the server's address without the credentials it had; give --base-url again, with them\n`,
    );
  });
});

describe("an unset key variable", () => {
  it("named on purpose is said before any request is sent, never blamed on the server", async () => {
    const server = await echoServer("401");
    const ran = await cli(...runArgs(server.url, "--api-key-env", "TOOLUSE_TEST_UNSET_KEY"));
    expect(ran.code).toBe(2);
    expect(ran.err).toBe(
      "tooluse: the API key variable TOOLUSE_TEST_UNSET_KEY is not set; export TOOLUSE_TEST_UNSET_KEY=…, or leave out --api-key-env (api_key_env in a config file) for a server that needs no key\n",
    );
    expect(server.authorizations).toEqual([]);
  });

  it("the default one: no made-up key is sent, a note says so first, and a refusal names the variable", async () => {
    const server = await echoServer("401");
    const ran = await cli(
      ...["run", "--model", "m", "--base-url", server.url, "--protocol", "json", "--limit", "2"],
      ...["--no-cache", "--out", at(`run-${fresh++}.json`)],
    );
    expect(server.authorizations.every((header) => header === undefined)).toBe(true);
    expect(ran.code).toBe(2);
    const lines = ran.err.trimEnd().split("\n");
    expect(lines[0]).toBe("note: OPENAI_API_KEY is not set: requests carry no API key");
    expect(ran.err).toContain(
      "the server refused the request without an API key (HTTP 401): OPENAI_API_KEY is not set",
    );
    expect(ran.err).not.toContain("not-needed");
  });
});
