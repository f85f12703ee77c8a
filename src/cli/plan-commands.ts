/** The `tooluse plan …` commands: tool-aware planning evaluation. Each module loads only when its command runs. */
import { join } from "node:path";
import type { Command } from "commander";
import { DATA_DIR } from "../paths.js";
import { addDeprecatedAlias } from "./deprecated-aliases.js";
import type { Io, SetExit } from "./io.js";
import { addModelFlags, PLAN_FLAG_DEFAULTS } from "./model-flags.js";

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The shared model flags (src/cli/model-flags.ts), the backend, and --prompt-file for the roles a command asks. */
function withModelFlags(command: Command, roles: string): Command {
  return addModelFlags(command, PLAN_FLAG_DEFAULTS, { singular: "query", plural: "queries" })
    .option("--backend <kind>", "default: llama for a .gguf path, else openai")
    .option(
      "--prompt-file <role=path>",
      `replace a built-in prompt (repeatable; roles here: ${roles}; placeholders in docs/prompts.md)`,
      collect,
    );
}

export function registerPlanCommands(root: Command, io: Io, setExit: SetExit): void {
  const plan = root
    .command("plan")
    .description("tool-aware planning: score, generate, judge and refine plans");

  plan
    .command("build")
    .description("regenerate data/plans/queries.jsonl and its manifest from corpus/plans/")
    .action(async () => setExit((await import("./plan-data.js")).runPlanBuild(io)));

  plan
    .command("lint")
    .description("check corpus/plans/ against docs/plan-conventions.md (file:line: rule per violation)")
    .option("--dir <dir>", "source directory (default: the package's corpus/plans/)")
    .option("--json", "print the violations as one JSON document")
    .action(async (options) => setExit((await import("./plan-lint.js")).runPlanLint(io, options)));

  plan
    .command("import")
    .description("convert the paper's release (queries.csv, plans.csv) into this project's JSONL")
    .requiredOption("--queries <csv>", "queries.csv of the release")
    .option("--plans <csv>", "plans.csv of the release")
    .option("--out-queries <file>", "queries JSONL to write (default: beside the CSV)")
    .option("--out-plans <file>", "plans JSONL to write (default: beside the CSV)")
    .action(async (options) => setExit((await import("./plan-data.js")).runPlanImport(options, io)));

  plan
    .command("export")
    .description("write queries (and plans) back in the paper's CSV release format")
    .requiredOption("--queries <file>", "queries JSONL (e.g. data/plans/queries.jsonl)")
    .requiredOption("--out <csv>", "queries.csv to write")
    .option("--plans <file>", "plans JSONL")
    .option("--out-plans <csv>", "plans.csv to write")
    .action(async (options) => setExit((await import("./plan-data.js")).runPlanExport(options, io)));

  plan
    .command("score")
    .description("score plans against reference plans with the deterministic metrics and step matching")
    .requiredOption("--queries <file>", 'queries JSONL: {"query_id","query","best_plan",...} per line')
    .requiredOption("--plans <file>", 'JSONL: {"query_id","planner","prompt_type","plan"} per line')
    .option("--out <file>", "write one score line per plan to this JSONL file")
    .option("--json", "print per-planner aggregates with bootstrap intervals as JSON")
    .option("--explain", "print the step mapping and why each step matched or not (docs/plan-matching.md)")
    .option("--lenient", "score what the tolerant reader recovers from plans not valid in the paper's format")
    .action(async (options) => setExit(await (await import("./plan-score.js")).runPlanScore(options, io)));

  withModelFlags(plan.command("generate"), "planner, planner-with-lineage")
    .description("generate plans for queries, with example plans or example lineages in the prompt")
    .requiredOption("--model <name>", "the planner model")
    .option(
      "--label <name>",
      "the planner name the plan lines carry (default: --model), e.g. qwen3-8b to match a labels file",
    )
    .requiredOption("--queries <file>", "queries JSONL (e.g. data/plans/queries.jsonl)")
    .option("--split <name>", "which split to plan for (all: every line)", "test")
    .option("--prompt-type <type>", "example plans, example lineages, or both", "both")
    .option("--examples <n>", "few-shot examples from the train split", "3")
    .option("--out <file>", "plans JSONL to write")
    .option(
      "--resume",
      "keep the plans in --out from an earlier run of this command; ask only the failed prompts",
    )
    .action(async (options) =>
      setExit(await (await import("./plan-generate.js")).runPlanGenerate(options, io)),
    );

  withModelFlags(plan.command("judge"), "judge-<metric>, one-shot")
    .description("score plans with LLM judges: one prompt per metric, or the one-shot rating")
    .requiredOption("--model <name>", "the judge model")
    .requiredOption("--queries <file>", "queries JSONL with the reference (best) plans")
    .requiredOption("--plans <file>", "plans JSONL")
    .option("--metrics <list>", "all (the default), or a comma-separated subset of the seven metrics")
    .option("--one-shot", "the one-shot judge: precision, recall, F1 and a 7-point rating")
    .option("--out <file>", "judged score lines JSONL to write")
    .option(
      "--resume",
      "keep the answers in --out from an earlier run of this command; ask only the failed requests",
    )
    .option("--json", "print the judge report as JSON")
    .action(async (options) => setExit(await (await import("./plan-judge.js")).runPlanJudge(options, io)));

  withModelFlags(plan.command("refine"), "step-evaluator, optimizer")
    .description("refine plans with a step-wise evaluator and a plan optimizer, writing lineages")
    .requiredOption("--model <name>", "the evaluator and optimizer model")
    .requiredOption("--queries <file>", "queries JSONL")
    .requiredOption("--plans <file>", "plans JSONL")
    .option("--max-passes <n>", "stop after this many passes", "4")
    .option("--out <file>", "lineages JSONL to write")
    .option(
      "--final-plans <file>",
      "also write each lineage's last plan as a plans file (for the before/after table)",
    )
    .action(async (options) => setExit(await (await import("./plan-refine.js")).runPlanRefine(options, io)));

  withModelFlags(plan.command("answers"), "answer-judge")
    .description("judge end-to-end answers three ways: validity, consistency, completeness, redundancy")
    .requiredOption("--model <name>", "the judge model")
    .requiredOption("--responses <file>", 'JSONL: {"query_id","query","responses":{"R1":…,"R2":…,"R3":…}}')
    .option("--out <file>", "judgements JSONL to write")
    .option("--json", "print win rates and agreement as JSON")
    .action(async (options) =>
      setExit(await (await import("./plan-answers.js")).runPlanAnswers(options, io)),
    );

  withModelFlags(plan.command("execute"), "none (the executors' prompts are in docs/workspace.md)")
    .description(
      "execute plans on the contact-center workspace: one answer per plan with every step's trace (R2/R3), or answer with no plan (R1)",
    )
    .option("--model <name>", "the model that answers the steps (T2S, RAG, LLM), and R1")
    .option("--oracle", "answer the best plans with the reference SQL and the generator's labels (no model)")
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
    .option("--json", "print the summary as JSON")
    .action(async (options) =>
      setExit(await (await import("./plan-execute.js")).runPlanExecute(options, io)),
    );

  plan
    .command("experiment")
    .description("the paper's experiment end to end: generate, score, judge, refine, agree, one report")
    .requiredOption("--config <file>", "experiment YAML (see examples/experiment.yaml)")
    .option("--dry-run", "print the requests and the cost estimate per model; send nothing")
    .action(async (options) =>
      setExit(await (await import("./plan-experiment.js")).runPlanExperiment(options, io)),
    );

  plan
    .command("agree")
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
    .option("--json", "print the agreement report as JSON")
    .action(async (options) => setExit(await (await import("./plan-agree.js")).runPlanAgree(options, io)));

  plan
    .command("report")
    .description("per planner and prompt type: metric means, ratings, tiers and the paper's breakdowns")
    .requiredOption("--scores <file>", "score lines (plan score --out or plan judge --out)")
    .option("--queries <file>", "queries JSONL for the breakdowns (subjective, compound, steps, hops)")
    .option("--format <format>", "text or md", "text")
    .option("--json", "print the report as JSON")
    .option("--html <file>", "also write the report as one self-contained HTML file (opens offline)")
    .option("--before <file>", "score lines of the plans before the refine loop: adds the before/after table")
    .option(
      "--plans <file>",
      "the plans the score lines score (needs --queries and --html): adds a plan viewer to the page",
    )
    .action(async (options) => setExit(await (await import("./plan-report.js")).runPlanReport(options, io)));

  // The names these commands had before one name per concept (docs/cli.md): hidden, deprecated, still working.
  const sub = (name: string) => plan.commands.find((command) => command.name() === name) as Command;
  for (const name of ["score", "judge", "report"]) addDeprecatedAlias(sub(name), "--reference", "--queries");
  for (const name of ["judge", "answers"]) addDeprecatedAlias(sub(name), "--judge-model", "--model");
}
