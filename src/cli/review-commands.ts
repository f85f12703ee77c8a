/**
 * `tooluse review`: the review workbench. The command itself serves it (src/cli/review.ts); its subcommands `add`
 * and `export` (src/cli/review-data.ts) fill the database and write its labels out. `--db` and `--annotator` belong
 * to the parent, so every subcommand shares them.
 */
import type { Command } from "commander";
import { UserError } from "../errors.js";
import { flagName } from "./file-flags.js";
import type { Io, SetExit } from "./io.js";
import { addReviewDataCommands } from "./review-data.js";

/**
 * The port `tooluse review` listens on unless told otherwise: a fixed one, so a bookmark or a second tab keeps
 * working across restarts; `--port 0` asks for any free port instead.
 */
export const DEFAULT_REVIEW_PORT = 7373;

export function registerReviewCommands(root: Command, io: Io, setExit: SetExit): void {
  const review = root
    .command("review")
    .description("serve the review workbench (label plans, answers and verdicts in the browser); add, export")
    .requiredOption("--db <file>", "review database (made by tooluse review add)")
    .option(
      "--annotator <name>",
      "serve: store every label under this name (else the page asks); export: the one annotator to write",
    )
    .option("--host <address>", "serve: the address to listen on", "127.0.0.1")
    .option("--port <n>", "serve: the port to listen on (0: any free port)", String(DEFAULT_REVIEW_PORT))
    .option("--allow-remote", "serve: let --host be an address other machines reach (no passwords, no TLS)")
    .action(async (options, command: Command) => {
      const portIsDefault = command.getOptionValueSource("port") !== "cli";
      setExit(await (await import("./review.js")).runReviewServe({ ...options, portIsDefault }, io));
    });
  addReviewDataCommands(review, io, setExit);
  // A subcommand's help lists the parent's flags it reads (`review add --help` shows --db), not the ones it refuses.
  for (const sub of review.commands)
    sub.configureHelp({
      showGlobalOptions: true,
      visibleGlobalOptions: () =>
        review.options.filter((option) => !ignoredBy(sub.name()).includes(option.attributeName())),
    });
  review.hook("preSubcommand", (_review, sub) => refuseIgnoredFlags(review, sub.name()));
}

/** The parent's flags (attribute names) that a subcommand does not use. */
function ignoredBy(sub: string): string[] {
  const serving = ["host", "port", "allowRemote"];
  return sub === "add" ? [...serving, "annotator"] : serving;
}

/** The parent's flags a subcommand would ignore are refused by name, never silently dropped. */
function refuseIgnoredFlags(review: Command, sub: string): void {
  const given = ignoredBy(sub).find((name) => review.getOptionValueSource(name) === "cli");
  if (given)
    throw new UserError(`${flagName(given)}: review ${sub} does not use it`, {
      hint:
        given === "annotator"
          ? "labels are added in the workbench"
          : "it is for serving: tooluse review --db F",
    });
}
