/** `tooluse mock-server` (src/cli/mock-server.ts): its flags and defaults (its Examples: help-examples.ts). */
import type { CommandModule } from "./types.js";

// Defaults live here as text (the module that serves is loaded only when the command runs).
const PORT = "8400";

export const mockServer: CommandModule = {
  name: "mock-server",
  describe: (command) =>
    command
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
      .option("--allow-remote", "let --host be an address other machines reach (no passwords, no TLS)"),
  run: async ({ options }, io) => (await import("../mock-server.js")).runMockServer(options, io),
};
