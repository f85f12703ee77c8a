/** `tooluse compare`: paired per-case comparison of two runs (src/cli/compare.ts). */
import type { CommandModule } from "./types.js";

export const compare: CommandModule = {
  name: "compare",
  describe: (command) =>
    command
      .description(
        "paired per-case comparison of two runs on the same corpus: exact McNemar or sign-flip test, and the smallest difference it can detect",
      )
      .argument("<a>", "results file A")
      .argument("[b]", "results file B (leave out with --pair-protocols to pair protocols within A)")
      .option(
        "--pair-protocols <A:B>",
        "pair A's records in protocol A with B's in protocol B, case by case (e.g. json:native; a list with commas)",
      )
      .option("--force", "pair the case ids both runs have even when their corpus digests differ")
      .option("--json", "print the comparison as JSON")
      .option(
        "--mde <effect>",
        "plan for an effect (e.g. 0.02 = 2 points): how many cases or repeats would detect it",
      ),
  run: async ({ args: [a, b], options }, io) =>
    (await import("../compare.js")).runCompare(
      { a: a as string, b: b as string | undefined, ...options },
      io,
    ),
};
