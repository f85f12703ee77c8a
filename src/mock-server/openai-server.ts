/**
 * A scripted OpenAI-compatible server (loopback by default) for tests and `tooluse mock-server`: replies come from a script function, with injectable
 * latency and faults (429 with Retry-After, 500, connection reset, truncated JSON). It counts what it saw, and tells
 * the script how many times it has been asked the same body (src/mock-server/flaky-model.ts needs that).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalJson, sha256 } from "../runner/canonical-json.js";

export type Fault = "429" | "500" | "reset" | "truncated";

export interface ScriptedReply {
  content?: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
}

export interface ChatBody {
  model: string;
  messages: { role: string; content: string | null }[];
  tools?: unknown[];
  [key: string]: unknown;
}

/** What the server knows about a request besides its body. */
export interface RequestInfo {
  /** 1-based, over every chat request this server has answered. */
  number: number;
  /**
   * 1-based: how many times this server's script has now been asked this exact body (canonical JSON), faults not
   * counted. A greedy runner asking the same case K times sends identical bodies; a script that must vary across
   * them (the flaky model) reads this.
   */
  occurrence: number;
}

export interface MockOptions {
  models?: string[];
  /** Where to listen: 127.0.0.1 and any free port unless told. */
  host?: string;
  port?: number;
  /** Keep every body and authorization header for the test to inspect (default); a long-lived server does not. */
  keepBodies?: boolean;
  script: (body: ChatBody, request: RequestInfo) => ScriptedReply;
  latencyMs?: number;
  /** Extra delay for one request (a slow judge), on top of latencyMs. */
  delayMs?: (body: ChatBody) => number;
  /** Decides, per request number (1-based), whether to fail it and how. */
  fault?: (requestNumber: number, body: ChatBody) => Fault | null;
}

export interface MockServer {
  url: string;
  requests: number;
  maxInFlight: number;
  bodies: ChatBody[];
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The chat completion a scripted reply is sent as. */
function completionOf(body: ChatBody, number: number, reply: ReturnType<MockOptions["script"]>) {
  return {
    id: `cmpl-${number}`,
    object: "chat.completion",
    created: 0,
    model: body.model,
    choices: [
      {
        index: 0,
        finish_reason: reply.tool_calls?.length ? "tool_calls" : "stop",
        message: { role: "assistant", content: reply.content ?? null, tool_calls: reply.tool_calls },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

type MockState = Pick<MockServer, "requests" | "maxInFlight" | "bodies" | "authorizations">;

/** The request handler: the model list, faults, latency, and the script's replies; it keeps count in `state`. */
function handler(options: MockOptions, state: MockState) {
  let inFlight = 0;
  const occurrences = new Map<string, number>();
  const models = options.models ?? ["mock-model"];
  const answer = async (req: IncomingMessage, res: ServerResponse, body: ChatBody, number: number) => {
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    const delay = options.delayMs?.(body) ?? 0;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (!models.includes(body.model)) {
      send(res, 404, { error: { message: `model ${body.model} not found` } });
      return;
    }
    const fault = options.fault?.(number, body) ?? null;
    if (fault === "429") return send(res, 429, { error: { message: "slow down" } }, { "retry-after": "0" });
    if (fault === "500") return send(res, 500, { error: { message: "boom" } });
    if (fault === "reset") return req.socket.destroy();
    // Counted where the script answers, so a fault and its retry do not shift the count.
    const bodyKey = sha256(canonicalJson(body));
    const occurrence = (occurrences.get(bodyKey) ?? 0) + 1;
    occurrences.set(bodyKey, occurrence);
    const completion = completionOf(body, number, options.script(body, { number, occurrence }));
    if (fault === "truncated") {
      const text = JSON.stringify(completion);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    send(res, 200, completion);
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET" && req.url?.endsWith("/models")) {
      send(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model" })) });
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatBody;
    state.requests++;
    const number = state.requests;
    if (options.keepBodies !== false) {
      state.bodies.push(body);
      state.authorizations.push(req.headers.authorization);
    }
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      await answer(req, res, body, number);
    } finally {
      inFlight--;
    }
  };
}

export async function startMockServer(options: MockOptions): Promise<MockServer> {
  const state: MockState = { requests: 0, maxInFlight: 0, bodies: [], authorizations: [] };
  const handle = handler(options, state);
  const server: Server = createServer((req, res) => {
    // A script may throw an error carrying an HTTP `status` to answer with it (400 for a refused field, …).
    handle(req, res).catch((error: unknown) => {
      const status =
        typeof (error as { status?: unknown }).status === "number"
          ? (error as { status: number }).status
          : 500;
      send(res, status, { error: { message: error instanceof Error ? error.message : String(error) } });
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
