/**
 * A small `fetch` over node:http(s) with a keep-alive agent, handed to the OpenAI SDK. Node's built-in fetch sends
 * the request body in a second packet, which on loopback and LANs meets the peer's 40 ms delayed ACK: measured here,
 * it added about 40 ms to every request (bench/run-overhead.ts: 79% of ideal with fetch, 96% with this).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
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

/** A fetch-compatible function for non-streaming JSON APIs. */
export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = await bodyBytes(init.body);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  if (body) headers["content-length"] = String(body.length);
  // Each retry takes the next pooled socket or a new one; a server that resets fresh sockets too fails as before.
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(url, init, headers, body);
    } catch (error) {
      if (!(error instanceof StaleSocketError) || attempt === STALE_SOCKET_RETRIES + 1) throw error;
    }
  }
}

const STALE_SOCKET_RETRIES = 3;

class StaleSocketError extends TypeError {}

function sendOnce(
  url: URL,
  init: RequestInit,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<Response> {
  const secure = url.protocol === "https:";
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method ?? "GET",
        headers,
        agent: secure ? httpsAgent : httpAgent,
        signal: init.signal ?? undefined,
      },
      (res) => {
        collect(res).then((data) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          const status = res.statusCode ?? 500;
          const nullBody = status === 204 || status === 304;
          resolve(
            new Response(nullBody ? null : data, {
              status,
              statusText: res.statusMessage ?? "",
              headers: responseHeaders,
            }),
          );
        }, reject);
      },
    );
    // Like fetch: an abort rejects with the AbortError; everything else is a TypeError the SDK reads as a connection error.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.name === "AbortError") return reject(error);
      const Failure = staleSocket(error, req.reusedSocket) ? StaleSocketError : TypeError;
      reject(new Failure(`fetch failed: ${error.message}`, { cause: error }));
    });
    req.end(body);
  });
}
