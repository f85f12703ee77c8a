/** `tooluse disputes`: the verdicts reviewers disputed (src/cli/disputes.ts). */
import type { CommandModule } from "./types.js";

export const disputes: CommandModule = {
  name: "disputes",
  describe: (command) =>
    command
      .description("list the verdicts reviewers disputed in a review database (tooluse review)")
      .requiredOption("--db <file>", "review database")
      .option("--json", "print them as JSON"),
  run: async ({ options }, io) => (await import("../disputes.js")).runDisputes(options, io),
};
