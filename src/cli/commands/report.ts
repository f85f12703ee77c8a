/** `tooluse report`: tables, a leaderboard, HTML, JUnit or CSV from results files (src/cli/report.ts). */
import { Option } from "commander";
import { FAILURES_FLAG, FAILURES_HELP } from "../failures-flag.js";
import type { CommandModule } from "./types.js";

export const report: CommandModule = {
  name: "report",
  describe: (command) =>
    command
      .description("show results files: tables (or Markdown), a leaderboard for several runs, an HTML report")
      .argument("<files...>", "results files (tooluse run writes them to results/)")
      .addOption(new Option("--format <format>", "text or md").choices(["text", "md"]).default("text"))
      .option("--html <file>", "also write a self-contained HTML report to this file")
      .option("--junit <file>", "also write JUnit XML: one testcase per record (for CI test reports)")
      .option("--csv <file>", "also write CSV: one row per record")
      .option(FAILURES_FLAG, FAILURES_HELP)
      .option("--json", "print the runs (and the leaderboard of several) as one JSON document"),
  run: async ({ args: [files], options }, io) =>
    (await import("../report.js")).runReport({ files: files as string[], ...options }, io),
};
