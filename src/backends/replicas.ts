/**
 * One model served by several replicas (vLLM or SGLang data-parallel servers, pods behind Ray Serve or KServe) seen
 * as one backend. Each request goes to the replica with the fewest requests in flight, never beyond its own
 * concurrency. A replica that fails a request (connection refused or reset, 429, 5xx, timeout) is backed off, and the
 * request is asked again at once of another replica: a replica lost halfway costs no record. Greedy answers do not
 * depend on the replica, so the results are those of one endpoint; each answer says which replica gave it.
 */
import { setMaxListeners } from "node:events";
import {
  type Backend,
  type Completion,
  type ModelRequest,
  type RequestContext,
  TransientError,
  UnreachableError,
} from "./types.js";

export interface Replica {
  url: string;
  backend: Backend;
}

export interface ReplicaOptions {
  /** Requests in flight per replica. */
  perEndpoint: number;
  /** Hears a replica going down and coming back. */
  log?: (line: string) => void;
  /** The first back-off after a failure, doubled on each failure in a row up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

interface Endpoint extends Replica {
  inFlight: number;
  /** Failures in a row; 0 when healthy. */
  failures: number;
  /** Not asked before this time (ms since epoch). */
  backedOffUntil: number;
}

/** The replicas and what the router knows of them, shared by every request of the backend. */
interface Pool {
  readonly endpoints: Endpoint[];
  readonly perEndpoint: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly log: (line: string) => void;
  /** Requests waiting for a replica to free up or come back. */
  waiters: (() => void)[];
  /** Where the round-robin among equally busy replicas starts next. */
  turn: number;
}

function wake(pool: Pool): void {
  const woken = pool.waiters;
  pool.waiters = [];
  for (const resume of woken) resume();
}

/** Waits for a release, for `delayMs` (a back-off ending), or rejects when the signal aborts. */
function pause(pool: Pool, delayMs: number | null, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = delayMs === null ? undefined : setTimeout(done, Math.max(1, delayMs));
    signal.addEventListener("abort", onAbort, { once: true });
    pool.waiters.push(done);
  });
}

/** The least busy of the open replicas; ties go round-robin, so a light load still reaches every replica. */
function leastBusy(pool: Pool, open: readonly Endpoint[]): Endpoint {
  const { endpoints } = pool;
  const order = (e: Endpoint) => (endpoints.indexOf(e) - pool.turn + endpoints.length) % endpoints.length;
  return open.reduce((a, b) =>
    b.inFlight < a.inFlight || (b.inFlight === a.inFlight && order(b) < order(a)) ? b : a,
  );
}

/** The least busy replica not yet tried for this request; null when every replica has been tried. */
async function acquire(
  pool: Pool,
  tried: ReadonlySet<Endpoint>,
  signal: AbortSignal,
): Promise<Endpoint | null> {
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const candidates = pool.endpoints.filter((e) => !tried.has(e));
    if (candidates.length === 0) return null;
    const now = Date.now();
    const open = candidates.filter((e) => e.backedOffUntil <= now && e.inFlight < pool.perEndpoint);
    if (open.length > 0) {
      const chosen = leastBusy(pool, open);
      pool.turn = (pool.endpoints.indexOf(chosen) + 1) % pool.endpoints.length;
      chosen.inFlight++;
      return chosen;
    }
    const busyButHealthy = candidates.some((e) => e.backedOffUntil <= now);
    await pause(
      pool,
      busyButHealthy ? null : Math.min(...candidates.map((e) => e.backedOffUntil)) - now,
      signal,
    );
  }
}

function markFailed(pool: Pool, endpoint: Endpoint, reason: string, retryAfterMs: number | null): void {
  endpoint.failures++;
  const backoff = Math.min(pool.maxBackoffMs, pool.baseBackoffMs * 2 ** (endpoint.failures - 1));
  endpoint.backedOffUntil = Date.now() + Math.max(backoff, retryAfterMs ?? 0);
  if (endpoint.failures === 1)
    pool.log(
      `replica ${endpoint.url} failed (${reason}); backing off, its requests go to the other replicas`,
    );
}

/** Checks every replica at once: the run goes on without the unreachable ones, never with a misconfigured one. */
async function preflightReplicas(pool: Pool, signal: AbortSignal): Promise<void> {
  const { endpoints } = pool;
  const outcomes = await Promise.allSettled(endpoints.map((e) => e.backend.preflight?.(signal)));
  const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as Error] : []));
  // A replica that answers but is misconfigured (another model, a refused key) would corrupt the run: stop.
  const misconfigured = failures.find((reason) => !(reason instanceof UnreachableError));
  if (misconfigured) throw misconfigured;
  if (failures.length === endpoints.length) throw failures[0];
  const down = endpoints.filter((_, i) => outcomes[i]?.status === "rejected");
  for (const endpoint of down) {
    const reason = (outcomes[endpoints.indexOf(endpoint)] as PromiseRejectedResult).reason as Error;
    pool.log(
      `replica ${endpoint.url} is unreachable (${reason.message}); continuing with ${endpoints.length - down.length} of ${endpoints.length} replicas`,
    );
    endpoint.failures = 1;
    endpoint.backedOffUntil = Date.now() + pool.maxBackoffMs;
  }
}

/** Asks one replica after another until one answers; a transient failure backs that replica off. */
async function completeOnReplicas(
  pool: Pool,
  request: ModelRequest,
  context: RequestContext,
): Promise<Completion> {
  setMaxListeners(0, context.signal);
  const tried = new Set<Endpoint>();
  let last: unknown = new TransientError("no replica could be asked");
  for (;;) {
    const endpoint = await acquire(pool, tried, context.signal);
    if (!endpoint) throw last;
    try {
      const completion = await endpoint.backend.complete(request, context);
      if (endpoint.failures > 0) pool.log(`replica ${endpoint.url} answers again`);
      endpoint.failures = 0;
      endpoint.backedOffUntil = 0;
      return { ...completion, endpoint: endpoint.url };
    } catch (error) {
      if (!(error instanceof TransientError) || context.signal.aborted) throw error;
      markFailed(pool, endpoint, error.message, error.retryAfterMs);
      tried.add(endpoint);
      last = error;
    } finally {
      endpoint.inFlight--;
      wake(pool);
    }
  }
}

export function replicaBackend(replicas: readonly Replica[], options: ReplicaOptions): Backend {
  const first = replicas[0];
  if (!first || replicas.length < 2) throw new Error("replicaBackend needs at least two replicas");
  const pool: Pool = {
    endpoints: replicas.map((r) => ({ ...r, inFlight: 0, failures: 0, backedOffUntil: 0 })),
    perEndpoint: options.perEndpoint,
    baseBackoffMs: options.baseBackoffMs ?? 500,
    maxBackoffMs: options.maxBackoffMs ?? 10_000,
    log: options.log ?? (() => {}),
    waiters: [],
    turn: 0,
  };
  return {
    kind: first.backend.kind,
    model: first.backend.model,
    cacheable: first.backend.cacheable,
    // The replicas serve one checkpoint: answers are cached as the first replica's, whichever replica gave them.
    ...(first.backend.endpoint === undefined ? {} : { endpoint: first.backend.endpoint }),
    preflight: (signal) => preflightReplicas(pool, signal),
    complete: (request, context) => completeOnReplicas(pool, request, context),
    async close(): Promise<void> {
      await Promise.all(pool.endpoints.map((e) => e.backend.close?.()));
    },
  };
}
