/**
 * The OpenAI-compatible backend's preflight: one GET of the server's model list, asked with the same small fetch the
 * requests use, not through the SDK (nor through fetch's Headers and Response: src/backends/http-fetch.ts). A run whose every answer is in the response cache still checks the server, but
 * never loads the SDK's ~100 modules for it (issue 28: a cached re-run costs what its work needs). The outcomes are
 * the SDK's, kept message for message: unreachable (its "Connection error." / "Request timed out."), a refused key,
 * a model the list does not name; anything else is no error here (the first request will tell).
 */
import { type HttpReply, httpExchange } from "./http-fetch.js";
import { FatalBackendError, UnreachableError } from "./types.js";

export interface PreflightTarget {
  baseURL: string;
  /** The address as messages show it: without its credentials. */
  shownURL: string;
  model: string;
  /** Undefined sends no Authorization header. */
  apiKey: string | undefined;
  timeoutMs: number;
  /** Why the server refused the key (the backend's one message for it). */
  refusedKey: (status: number) => FatalBackendError;
}

/** The SDK's endpoint URL: the base URL and the path joined with one slash. */
function modelsUrl(baseURL: string): string {
  return baseURL.endsWith("/") ? `${baseURL}models` : `${baseURL}/models`;
}

/** The SDK's test: our timeout fired, or the failure says it timed out (a connect timeout of the system's). */
function timedOut(error: unknown, timeout: AbortSignal): boolean {
  if (timeout.aborted || (error instanceof Error && error.name === "AbortError")) return true;
  const cause = error instanceof Error && "cause" in error ? String(error.cause) : "";
  return /timed? ?out/i.test(String(error) + cause);
}

/** Asks for the list, as the SDK would with retries off: its timeout, its headers that matter, the caller's abort. */
async function askList(target: PreflightTarget, signal: AbortSignal): Promise<HttpReply> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), target.timeoutMs);
  try {
    return await httpExchange(modelsUrl(target.baseURL), {
      method: "GET",
      headers: {
        accept: "application/json",
        ...(target.apiKey === undefined ? {} : { authorization: `Bearer ${target.apiKey}` }),
      },
      signal: AbortSignal.any([signal, timeout.signal]),
    });
  } catch (error) {
    // Ctrl-C while the list is asked for stops the run here, before anything is recorded.
    if (signal.aborted) throw error;
    const reason = timedOut(error, timeout.signal) ? "Request timed out." : "Connection error.";
    throw new UnreachableError(`cannot reach the server at ${target.shownURL} (${reason})`);
  } finally {
    clearTimeout(timer);
  }
}

/** A header as fetch's Headers would give it: repeated values joined with ", ". */
function header(reply: HttpReply, name: string): string | undefined {
  const value = reply.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The body as fetch's `json()` reads it: UTF-8, a leading byte-order mark dropped. */
function jsonBody(reply: HttpReply): unknown {
  return JSON.parse(new TextDecoder().decode(reply.body));
}

/** The served model ids, or null when the reply is not a list the SDK would have read (no error: see the header). */
function servedModels(reply: HttpReply): string[] | null {
  const mediaType = header(reply, "content-type")?.split(";")[0]?.trim();
  const json = mediaType?.includes("application/json") || mediaType?.endsWith("+json");
  if (!json || header(reply, "content-length") === "0") return json ? null : [];
  let body: unknown;
  try {
    body = jsonBody(reply);
  } catch {
    return null;
  }
  if (body === null || typeof body !== "object") return null;
  const data = (body as { data?: unknown }).data || [];
  if (!Array.isArray(data)) return null;
  if (data.some((m) => m === null || m === undefined)) return null;
  return data.map((m) => (m as { id: string }).id);
}

/** Checks once that the server answers, accepts the key and serves the model; throws the run-stopping error if not. */
export async function preflightModels(target: PreflightTarget, signal: AbortSignal): Promise<void> {
  const reply = await askList(target, signal);
  if (reply.status < 200 || reply.status > 299) {
    if (reply.status === 401 || reply.status === 403) throw target.refusedKey(reply.status);
    return;
  }
  const served = servedModels(reply);
  if (served !== null && served.length > 0 && !served.includes(target.model)) {
    throw new FatalBackendError(
      `the server does not serve model "${target.model}" (it serves: ${served.slice(0, 10).join(", ")})`,
      "settings",
    );
  }
}
