/** `tooluse plan execute`: plans run on the contact-center workspace (src/cli/plan-execute.ts). */
import { join } from "node:path";
import { DATA_DIR } from "../../../paths.js";
import type { CommandModule } from "../types.js";
import { withPlanModelFlags } from "./model-flags.js";

export const planExecute: CommandModule = {
  name: "execute",
  describe: (command) =>
    withPlanModelFlags(command, "none (the executors' prompts are in docs/workspace.md)")
      .description(
        "execute plans on the contact-center workspace: one answer per plan with every step's trace (R2/R3), or answer with no plan (R1)",
      )
      .option("--model <name>", "the model that answers the steps (T2S, RAG, LLM), and R1")
      .option(
        "--oracle",
        "answer the best plans with the reference SQL and the generator's labels (no model)",
      )
      .option("--queries <file>", "queries JSONL", join(DATA_DIR, "plans", "queries.jsonl"))
      .option(
        "--plans <file>",
        'plans JSONL (plan generate --out: R3), "best": the best plans of --queries (R2, the default), or "r1": no plan, the model calls T2S/RAG/LLM as native tools (R1)',
      )
      .option(
        "--max-tool-calls <n>",
        "with --plans r1: tool calls executed per query, 1 to 100 (default 8); then one last turn without tools",
      )
      .option(
        "--workspace <dir>",
        "a built workspace (default: seed 1, 20,000 interactions, built on first use)",
      )
      .option("--workspace-seed <n>", "the default workspace's generator seed (built on first use)")
      .option(
        "--workspace-size <n>",
        "the default workspace's interactions, 2000 to 200000 (built on first use)",
      )
      .option(
        "--warehouse <url>",
        "run T2S on this PostgreSQL (postgres://…) instead of the workspace's DuckDB",
      )
      .option("--journal <file>", "record finished steps here, so that an interrupted run can --resume")
      .option("--resume", "continue the run recorded in --journal: finished steps are not run again")
      .option("--out <file>", "answers JSONL to write (with every step's trace)")
      .option("--json", "print the summary as JSON"),
  run: async ({ options }, io) => (await import("../../plan-execute.js")).runPlanExecute(options, io),
};
