/**
 * `tooluse review --db F`: serves the review workbench until SIGINT or SIGTERM. The first stdout line is
 * `review: http://HOST:PORT/` (scripts and tests read the port from it); everything else goes to stderr.
 */
import { UserError } from "../errors.js";
import { AnnotatorSchema } from "../review/contract.js";
import { openReviewStore } from "../review/store.js";
import { startReviewServer } from "../review/web/server.js";
import { checkInput } from "./file-flags.js";
import { wholeNumber } from "./flags.js";
import type { Io } from "./io.js";

export interface ReviewServeOptions {
  db: string;
  host: string;
  port: string;
  annotator?: string;
}

function parseAnnotator(text: string | undefined): string | null {
  if (text === undefined) return null;
  const parsed = AnnotatorSchema.safeParse(text);
  if (!parsed.success) throw new UserError(`--annotator: ${parsed.error.issues[0]?.message}, got "${text}"`);
  return parsed.data;
}

function listenError(error: unknown, host: string, port: number): UserError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  const where = `${host}:${port}`;
  if (code === "EADDRINUSE")
    return new UserError(`cannot listen on ${where}: the port is in use`, {
      kind: "failure",
      hint: "choose another --port, or --port 0 for any free port",
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UserError(`--host ${host}: not an address of this machine (${code})`);
  return new UserError(`cannot listen on ${where} (${code})`, { kind: "failure" });
}

/** Resolves on the first SIGINT or SIGTERM, and stops listening for them. */
function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

export async function runReviewServe(options: ReviewServeOptions, io: Io): Promise<number> {
  const port = wholeNumber("--port", options.port, { max: 65535 });
  const annotator = parseAnnotator(options.annotator);
  // The database is made by `review add`; serving a path that does not exist is a typo, not a new database.
  checkInput({ flag: "--db", path: options.db });
  const store = openReviewStore(options.db, { mustExist: true });
  try {
    let server: Awaited<ReturnType<typeof startReviewServer>>;
    try {
      server = await startReviewServer(store, { host: options.host, port, annotator });
    } catch (error) {
      throw listenError(error, options.host, port);
    }
    io.stdout(`review: ${server.url}\n`);
    io.stderr(`review: serving ${options.db}${annotator ? ` as ${annotator}` : ""}; press Ctrl+C to stop\n`);
    const signal = await untilStopped();
    await server.close();
    io.stderr(`review: stopped (${signal})\n`);
    return 0;
  } finally {
    store.close();
  }
}
