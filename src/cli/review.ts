/**
 * `tooluse review --db F`: serves the review workbench until SIGINT or SIGTERM, on port 7373 unless --port says
 * otherwise (0: any free port). The first stdout line is `review: http://HOST:PORT/` (scripts and tests read the
 * port from it); everything else goes to stderr. It listens
 * on a loopback address unless --allow-remote says otherwise, and then says what that exposes.
 */
import { UserError } from "../errors.js";
import { AnnotatorSchema } from "../review/contract.js";
import { openReviewStore } from "../review/store.js";
import { isLoopbackHost } from "../review/web/security.js";
import { startReviewServer } from "../review/web/server.js";
import { terminalText } from "../sanitize.js";
import { checkInput } from "./file-flags.js";
import { wholeNumber } from "./flags.js";
import type { Io } from "./io.js";
import { untilStopped } from "./until-stopped.js";

export interface ReviewServeOptions {
  db: string;
  host: string;
  port: string;
  /** The port is the default one, not typed: a clash then says so and points at `--port 0`. */
  portIsDefault?: boolean;
  annotator?: string;
  /** Listen on an address other machines can reach (a non-loopback --host). */
  allowRemote?: boolean;
}

function parseAnnotator(text: string | undefined): string | null {
  if (text === undefined) return null;
  const parsed = AnnotatorSchema.safeParse(text);
  if (!parsed.success) throw new UserError(`--annotator: ${parsed.error.issues[0]?.message}, got "${text}"`);
  return parsed.data;
}

/**
 * The pages carry the database's write token and the server has no passwords and no TLS: serving other machines is
 * a decision, said with --allow-remote, and --allow-remote on a loopback address is refused as a flag with no effect.
 */
function checkReach(host: string, allowRemote: boolean): void {
  const loopback = isLoopbackHost(host);
  if (!loopback && !allowRemote)
    throw new UserError(
      `--host ${host}: not a loopback address: other machines could read every task and, with the token every page carries, store labels`,
      { hint: "pass --allow-remote to serve them anyway, or leave --host out (127.0.0.1)" },
    );
  if (loopback && allowRemote)
    throw new UserError(
      `--allow-remote: --host ${host} is a loopback address, which no other machine reaches`,
      {
        hint: "leave --allow-remote out, or give --host the address to serve others on",
      },
    );
}

function remoteWarning(url: string): string {
  return `review: warning: serving other machines at ${url} (--allow-remote): anyone who can reach it reads every task and can store labels; there are no passwords and no TLS\n`;
}

function listenError(error: unknown, host: string, port: number, portIsDefault: boolean): UserError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  const where = `${host}:${port}`;
  if (code === "EADDRINUSE" && portIsDefault)
    return new UserError(`cannot listen on ${where}: the default port is in use`, {
      kind: "failure",
      hint: "pass --port 0 for any free port, or choose another --port",
    });
  if (code === "EADDRINUSE")
    return new UserError(`cannot listen on ${where}: the port is in use`, {
      kind: "failure",
      hint: "choose another --port, or --port 0 for any free port",
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UserError(`--host ${host}: not an address of this machine (${code})`);
  return new UserError(`cannot listen on ${where} (${code})`, { kind: "failure" });
}

export async function runReviewServe(options: ReviewServeOptions, io: Io): Promise<number> {
  const port = wholeNumber("--port", options.port, { max: 65535 });
  const annotator = parseAnnotator(options.annotator);
  const remote = options.allowRemote === true;
  checkReach(options.host, remote);
  // The database is made by `review add`; serving a path that does not exist is a typo, not a new database.
  checkInput({ flag: "--db", path: options.db });
  const store = openReviewStore(options.db, { mustExist: true });
  try {
    let server: Awaited<ReturnType<typeof startReviewServer>>;
    try {
      server = await startReviewServer(store, { host: options.host, port, annotator });
    } catch (error) {
      throw listenError(error, options.host, port, options.portIsDefault === true);
    }
    io.stdout(`review: ${server.url}\n`);
    if (remote) io.stderr(remoteWarning(server.url));
    io.stderr(
      `review: serving ${terminalText(options.db)}${annotator ? ` as ${annotator}` : ""}; press Ctrl+C to stop\n`,
    );
    const signal = await untilStopped();
    await server.close();
    io.stderr(`review: stopped (${signal})\n`);
    return 0;
  } finally {
    store.close();
  }
}
