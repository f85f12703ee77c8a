/**
 * A small `fetch` over node:http(s) with a keep-alive agent, handed to the OpenAI SDK. Node's built-in fetch sends
 * the request body in a second packet, which on loopback and LANs meets the peer's 40 ms delayed ACK: measured here,
 * it added about 40 ms to every request (bench/run-overhead.ts: 79% of ideal with fetch, 96% with this).
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  return Buffer.from(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
}

function collect(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => resolve(Buffer.concat(chunks)));
    res.on("error", reject);
    res.on("aborted", () => reject(new TypeError("fetch failed: the connection closed mid-reply")));
  });
}

/**
 * A kept-alive socket the server closed while it sat idle fails the next request with ECONNRESET or "socket hang up"
 * before a byte of reply arrives. The request never reached the server, so sending it again on a fresh socket is
 * safe, and it is what Node's documentation advises (`request.reusedSocket`). Without it a run could stop with
 * "cannot reach the server" on a server that is up: seen on loaded CI machines after a pause between requests.
 */
function staleSocket(error: NodeJS.ErrnoException, reused: boolean): boolean {
  return reused && (error.code === "ECONNRESET" || error.message === "socket hang up");
}

/** A reply as it came off the socket: what `httpFetch` wraps in a Response, and all the preflight reads. */
export interface HttpReply {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpExchangeInit {
  method: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  signal?: AbortSignal | null | undefined;
}

/**
 * One request and its whole reply, without fetch's Headers and Response: the first of those in a process loads
 * Node's bundled undici (about 50 ms), which a run whose every answer is cached would pay only for its preflight.
 */
export async function httpExchange(input: string | URL, init: HttpExchangeInit): Promise<HttpReply> {
  const url = new URL(String(input));
  const headers = { ...init.headers };
  if (init.body) headers["content-length"] = String(init.body.length);
  // Each retry takes the next pooled socket or a new one; a server that resets fresh sockets too fails as before.
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(url, init, headers);
    } catch (error) {
      if (!(error instanceof StaleSocketError) || attempt === STALE_SOCKET_RETRIES + 1) throw error;
    }
  }
}

/** A fetch-compatible function for non-streaming JSON APIs. */
export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const reply = await httpExchange(input instanceof Request ? input.url : String(input), {
    method: init.method ?? "GET",
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: await bodyBytes(init.body),
    signal: init.signal,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const nullBody = reply.status === 204 || reply.status === 304;
  return new Response(nullBody ? null : reply.body, {
    status: reply.status,
    statusText: reply.statusText,
    headers: responseHeaders,
  });
}

const STALE_SOCKET_RETRIES = 3;

class StaleSocketError extends TypeError {}

function sendOnce(url: URL, init: HttpExchangeInit, headers: Record<string, string>): Promise<HttpReply> {
  const secure = url.protocol === "https:";
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<HttpReply>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method,
        headers,
        agent: secure ? httpsAgent : httpAgent,
        signal: init.signal ?? undefined,
      },
      (res) => {
        collect(res).then(
          (body) =>
            resolve({
              status: res.statusCode ?? 500,
              statusText: res.statusMessage ?? "",
              headers: res.headers,
              body,
            }),
          reject,
        );
      },
    );
    // Like fetch: an abort rejects with the AbortError; everything else is a TypeError the SDK reads as a connection error.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.name === "AbortError") return reject(error);
      const Failure = staleSocket(error, req.reusedSocket) ? StaleSocketError : TypeError;
      reject(new Failure(`fetch failed: ${error.message}`, { cause: error }));
    });
    req.end(init.body);
  });
}
