/**
 * `tooluse review`: the review workbench. The command itself serves it (src/cli/review.ts); its subcommands `add`
 * and `export` fill the database and write its labels out, sharing the parent's `--db` and `--annotator`.
 */
import { reviewAdd } from "./review/add.js";
import { reviewExport } from "./review/export.js";
import { refuseIgnoredFlags } from "./review/parent-flags.js";
import type { CommandModule } from "./types.js";

/**
 * The port `tooluse review` listens on unless told otherwise: a fixed one, so a bookmark or a second tab keeps
 * working across restarts; `--port 0` asks for any free port instead.
 */
export const DEFAULT_REVIEW_PORT = 7373;

export const review: CommandModule = {
  name: "review",
  describe: (command) =>
    command
      .description(
        "serve the review workbench (label plans, answers and verdicts in the browser); add, export",
      )
      .requiredOption("--db <file>", "review database (made by tooluse review add)")
      .option(
        "--annotator <name>",
        "serve: store every label under this name (else the page asks); export: the one annotator to write",
      )
      .option("--host <address>", "serve: the address to listen on", "127.0.0.1")
      .option("--port <n>", "serve: the port to listen on (0: any free port)", String(DEFAULT_REVIEW_PORT))
      .option("--allow-remote", "serve: let --host be an address other machines reach (no passwords, no TLS)")
      .hook("preSubcommand", (parent, sub) => refuseIgnoredFlags(parent, sub.name())),
  run: async ({ options, command }, io) => {
    const portIsDefault = command.getOptionValueSource("port") !== "cli";
    return (await import("../review.js")).runReviewServe({ ...options, portIsDefault }, io);
  },
  subcommands: [reviewAdd, reviewExport],
};
