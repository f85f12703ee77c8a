/** `tooluse plan agree`: agreement between judges, labels and metrics (src/cli/plan-agree.ts). */
import type { CommandModule } from "../types.js";

export const planAgree: CommandModule = {
  name: "agree",
  describe: (command) =>
    command
      .description(
        "agreement between a judge and human labels, two judges, or a judge and the deterministic metrics",
      )
      .requiredOption(
        "--gold <file>",
        "the reference: human labels (JSONL or CSV, docs/human-labels.md), a judge, or code",
      )
      .requiredOption("--judged <file>", "what to measure: plan judge/refine/answers output, or labels")
      .option(
        "--kind <kind>",
        "scores, tags (step-evaluator tags), answers (answer-judge decisions), or auto: from the file",
        "auto",
      )
      .option("--metrics <list>", "metrics to compare (default: every metric both files carry)")
      .option("--triplet <planners>", "planner names of lineage positions: best,penultimate,antepenultimate")
      .option("--json", "print the agreement report as JSON"),
  run: async ({ options }, io) => (await import("../../plan-agree.js")).runPlanAgree(options, io),
};
