/**
 * `tooluse review add` and `tooluse review export`: fill the review database from the files other commands write,
 * and write its labels back in the formats `plan agree`, `plan build` and `tooluse disputes` read. Registered on the
 * `tooluse review` command, which owns `--db` and `--annotator` (commander hands a parent's options to the parent,
 * so the subcommands read them from there). The work loads only when a subcommand runs.
 */
import type { Command } from "commander";
import type { Io, SetExit } from "./io.js";

export function addReviewDataCommands(review: Command, io: Io, setExit: SetExit): void {
  review
    .command("add")
    .description("add tasks to the review database (--db) from the files other commands write")
    .requiredOption("--kind <kind>", "the kind of task to add (docs/review.md)")
    .option(
      "--queries <file>",
      "query lines (data/plans/queries.jsonl): lineage, triplet; references for plans",
    )
    .option("--plans <file>", "plan lines (plan generate --out): plan-rating, step-tags")
    .option(
      "--lineages <file>",
      "lineages (plan refine --out): plan-rating (final plans), step-tags, triplet",
    )
    .option("--responses <file>", "responses to compare (plan answers --responses): answers")
    .option("--answers <file>", "the answer judge's lines (plan answers --out), shown on request: answers")
    .option("--results <file>", "a results file (tooluse run --out): verdict")
    .option("--failures-only", "verdict: add only the records that did not pass")
    .action(async (options, command: Command) =>
      setExit(
        (await import("./review-data-run.js")).runReviewAdd({ ...command.optsWithGlobals(), ...options }, io),
      ),
    );

  review
    .command("export")
    .description("write one annotator's labels of one kind in the format plan agree (or plan build) reads")
    .requiredOption("--kind <kind>", "the kind of labels to write")
    .requiredOption(
      "--out <file>",
      "the label file to write; its extension picks the format (.jsonl, .json, .yaml, .csv)",
    )
    .option(
      "--format <format>",
      "jsonl | json | yaml | csv: must agree with --out's extension (default: the extension's, else the kind's own)",
    )
    .action(async (options, command: Command) =>
      setExit(
        (await import("./review-data-run.js")).runReviewExport(
          { ...command.optsWithGlobals(), ...options },
          io,
        ),
      ),
    );
}
