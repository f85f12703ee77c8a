/** `tooluse build`: regenerate the corpus data files (src/cli/build.ts). */
import type { CommandModule } from "./types.js";

export const build: CommandModule = {
  name: "build",
  describe: (command) =>
    command
      .description("regenerate data/tooluse1.jsonl and data/manifest.json from corpus/")
      .option("--corpus <dir>", "authored sources (default: the package's corpus/)")
      .option(
        "--data <dir>",
        "where to write tooluse1.jsonl and manifest.json (default: the package's data/)",
      ),
  run: async ({ options }, io) => (await import("../build.js")).runBuild(options, io),
};
