/**
 * `tooluse review`: the review workbench. issue-19-web owns this file (the command serves the workbench); on the
 * data branch it only carries the parent of `review add` and `review export`, with the options they share.
 */
import type { Command } from "commander";
import type { Io } from "./io.js";
import type { SetExit } from "./main.js";
import { addReviewDataCommands } from "./review-data.js";

export function registerReviewCommands(root: Command, io: Io, setExit: SetExit): void {
  const review = root
    .command("review")
    .description("the review workbench: label plans, answers and verdicts")
    .requiredOption("--db <file>", "review database (made by tooluse review add)")
    .option("--annotator <name>", "whose labels (export: the one annotator to write)");
  addReviewDataCommands(review, io, setExit);
}
