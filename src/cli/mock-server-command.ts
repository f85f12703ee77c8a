/** Registers `tooluse mock-server` (src/cli/mock-server.ts): its flags, defaults and help examples. */
import type { Command } from "commander";
import type { Io, SetExit } from "./io.js";

// Defaults live here as text (the module that serves is loaded only when the command runs).
const PORT = "8400";

/** Each comment on a line of its own, so every command line can be copied whole. */
const EXAMPLES = `
Examples:
  # the oracle: every ToolUse.1 case right, valid plans and ratings for the plan commands
  tooluse mock-server --mode oracle
  # in another terminal: a run that scores 1.000
  tooluse run --base-url http://127.0.0.1:${PORT}/v1 --model mock --out oracle.json
  # a reproducible 30% of the cases answered wrongly, on another port
  tooluse mock-server --mode noisy --share 0.3 --seed 7 --port 8401
`;

export function registerMockServer(root: Command, io: Io, setExit: SetExit): void {
  root
    .command("mock-server")
    .description(
      "serve an OpenAI-compatible mock model (oracle or noisy) to try --base-url and the plan commands",
    )
    .option(
      "--mode <mode>",
      "oracle (every answer right) or noisy (a seeded share of wrong answers)",
      "oracle",
    )
    .option("--port <n>", "the port to listen on (0: any free port)", PORT)
    .option("--host <address>", "the address to listen on", "127.0.0.1")
    .option("--model <name>", "the one model name the server answers to", "mock")
    .option("--share <fraction>", "noisy: the share of cases answered wrongly, 0 to 1 (default: 0.2)")
    .option("--seed <n>", "noisy: which cases are wrong, and how (default: 0)")
    .option("--cases <file>", "the cases it answers (default: the shipped ToolUse.1 cases)")
    .option(
      "--queries <file>",
      "the plan queries whose best plans it answers with (default: data/plans/queries.jsonl)",
    )
    .option("--allow-remote", "let --host be an address other machines reach (no passwords, no TLS)")
    .addHelpText("after", EXAMPLES)
    .action(async (options) => setExit(await (await import("./mock-server.js")).runMockServer(options, io)));
}
