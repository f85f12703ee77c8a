/** `tooluse merge`: join the shards of one run (src/cli/merge.ts). */
import type { CommandModule } from "./types.js";

export const merge: CommandModule = {
  name: "merge",
  describe: (command) =>
    command
      .description("join the shards of one run (run --shard K/N) into the results file of the whole run")
      .argument("<files...>", "the shards' results files")
      .requiredOption("--out <file>", "merged results file")
      .option("--json", "print the merged run's counts and summary as one JSON document"),
  run: async ({ args: [files], options }, io) =>
    (await import("../merge.js")).runMerge({ files: files as string[], ...options }, io),
};
