/**
 * `tooluse review export`: write one annotator's labels in the formats `plan agree`, `plan build` and `tooluse
 * disputes` read (src/cli/review-data-run.ts).
 */
import type { CommandModule } from "../types.js";
import { showParentFlagsItReads } from "./parent-flags.js";

export const reviewExport: CommandModule = {
  name: "export",
  describe: (command) => {
    command
      .description("write one annotator's labels of one kind in the format plan agree (or plan build) reads")
      .requiredOption("--kind <kind>", "the kind of labels to write")
      .requiredOption(
        "--out <file>",
        "the label file to write; its extension picks the format (.jsonl, .json, .yaml, .csv)",
      )
      .option(
        "--format <format>",
        "jsonl | json | yaml | csv: must agree with --out's extension (default: the extension's, else the kind's own)",
      );
    showParentFlagsItReads(command);
  },
  run: async ({ options, command }, io) =>
    (await import("../../review-data-run.js")).runReviewExport(
      { ...command.optsWithGlobals(), ...options },
      io,
    ),
};
