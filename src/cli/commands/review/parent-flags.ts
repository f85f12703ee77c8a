/**
 * `--db` and `--annotator` belong to `tooluse review`, so every subcommand shares them (commander hands a parent's
 * options to the parent; the subcommands read them with optsWithGlobals). The serving flags are the parent's too,
 * and a subcommand refuses them by name rather than ignore them.
 */
import type { Command } from "commander";
import { UserError } from "../../../errors.js";
import { flagName } from "../../file-flags.js";

/** The parent's flags (attribute names) that a subcommand does not use. */
function ignoredBy(sub: string): string[] {
  const serving = ["host", "port", "allowRemote"];
  return sub === "add" ? [...serving, "annotator"] : serving;
}

/** A subcommand's help lists the parent's flags it reads (`review add --help` shows --db), not the ones it refuses. */
export function showParentFlagsItReads(sub: Command): void {
  const review = sub.parent as Command;
  sub.configureHelp({
    showGlobalOptions: true,
    visibleGlobalOptions: () =>
      review.options.filter((option) => !ignoredBy(sub.name()).includes(option.attributeName())),
  });
}

/** The parent's flags a subcommand would ignore are refused by name, never silently dropped. */
export function refuseIgnoredFlags(review: Command, sub: string): void {
  const given = ignoredBy(sub).find((name) => review.getOptionValueSource(name) === "cli");
  if (given)
    throw new UserError(`${flagName(given)}: review ${sub} does not use it`, {
      hint:
        given === "annotator"
          ? "labels are added in the workbench"
          : "it is for serving: tooluse review --db F",
    });
}
