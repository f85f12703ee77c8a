/**
 * `tooluse mock-server`: an OpenAI-compatible chat-completions server with no model behind it, so `--base-url`,
 * `--config` and the plan commands can be tried before any model is set up. It prints one line,
 * `mock-server listening on URL (model NAME, mode MODE)`, and serves until SIGINT or SIGTERM (exit 0, port closed).
 * It listens on a loopback address unless --allow-remote says otherwise.
 */
import { loadCases } from "../cases/load.js";
import { UserError } from "../errors.js";
import { type MockMode, mockModel } from "../mock-server/mock-model.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { SHIPPED_QUERIES } from "../mock-server/plan-execute-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { isLoopbackHost } from "../review/web/security.js";
import { terminalText } from "../sanitize.js";
import { choice, fraction, label, wholeNumber } from "./flags.js";
import type { Io } from "./io.js";
import { untilStopped } from "./until-stopped.js";

export const MOCK_SERVER_DEFAULTS = {
  port: "8400",
  host: "127.0.0.1",
  model: "mock",
  share: "0.2",
  seed: "0",
};

export interface MockServerOptions {
  mode: string;
  port: string;
  host: string;
  model: string;
  /** Undefined unless typed: oracle refuses a noisy flag rather than ignore it. */
  share?: string;
  seed?: string;
  cases?: string;
  queries?: string;
  allowRemote?: boolean;
}

/** The server needs no password and has none: serving other machines is a decision, said with --allow-remote. */
function checkReach(host: string, allowRemote: boolean): void {
  const loopback = isLoopbackHost(host);
  if (!loopback && !allowRemote)
    throw new UserError(`--host ${host}: not a loopback address: other machines could use the mock server`, {
      hint: "pass --allow-remote to serve them anyway, or leave --host out (127.0.0.1)",
    });
  if (loopback && allowRemote)
    throw new UserError(
      `--allow-remote: --host ${host} is a loopback address, which no other machine reaches`,
      {
        hint: "leave --allow-remote out, or give --host the address to serve others on",
      },
    );
}

function listenError(error: unknown, host: string, port: number): UserError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  if (code === "EADDRINUSE")
    return new UserError(`cannot listen on ${host}:${port}: the port is in use`, {
      kind: "failure",
      hint: "choose another --port, or --port 0 for any free port",
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UserError(`--host ${host}: not an address of this machine (${code})`);
  return new UserError(`cannot listen on ${host}:${port} (${code})`, { kind: "failure" });
}

export async function runMockServer(options: MockServerOptions, io: Io): Promise<number> {
  const mode = choice<MockMode>("--mode", options.mode, ["oracle", "noisy"]);
  const port = wholeNumber("--port", options.port, { max: 65535 });
  const model = label("--model", options.model);
  if (mode === "oracle") {
    const noisyFlag = options.share !== undefined ? "--share" : options.seed !== undefined ? "--seed" : null;
    if (noisyFlag)
      throw new UserError(
        `${noisyFlag} cannot be combined with --mode oracle: the oracle makes no mistakes`,
        {
          hint: "use --mode noisy, or leave the flag out",
        },
      );
  }
  const share = fraction("--share", options.share ?? MOCK_SERVER_DEFAULTS.share);
  const seed = wholeNumber("--seed", options.seed ?? MOCK_SERVER_DEFAULTS.seed);
  checkReach(options.host, options.allowRemote === true);
  const script = mockModel({
    mode,
    cases: loadCases(options.cases ?? DEFAULT_CASES_FILE),
    queriesFile: options.queries ?? SHIPPED_QUERIES,
    share,
    seed,
  });
  let server: Awaited<ReturnType<typeof startMockServer>>;
  try {
    // Bodies are not kept: a server that runs for hours must not grow with every request.
    server = await startMockServer({ models: [model], script, host: options.host, port, keepBodies: false });
  } catch (error) {
    throw listenError(error, options.host, port);
  }
  io.stdout(`mock-server listening on ${server.url} (model ${terminalText(model)}, mode ${mode})\n`);
  io.stderr("mock-server: press Ctrl+C to stop\n");
  const signal = await untilStopped();
  await server.close();
  io.stderr(`mock-server: stopped (${signal}) after ${server.requests} requests\n`);
  return 0;
}
