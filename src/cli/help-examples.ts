/**
 * The Examples printed at the end of every command's help. Each is a command that works as typed:
 * help-examples.test.ts parses every one with the program's own parser (unknown flags, missing required flags,
 * a value outside a flag's choices all fail it), and checks that every command the program registers has two or
 * three. A comment sits on its own line above its command, so a copied line is the command alone.
 */
import type { Command } from "commander";

interface Example {
  /** What the example does, printed as `# …` above it. */
  why: string;
  /** As typed after `tooluse`. */
  command: string;
}

const Q = "data/plans/queries.jsonl";
const URL = "--base-url http://127.0.0.1:8000/v1";

export const HELP_EXAMPLES: Record<string, readonly Example[]> = {
  // `tooluse --help` and the groups of subcommands (`plan`, `import`) point at a first command to try.
  "": [
    { why: "the benchmark with the built-in rule baseline: seconds, no model", command: "run" },
    {
      why: "a model on an OpenAI-compatible server",
      command: `run --backend openai ${URL} --model Qwen/Qwen3-8B`,
    },
    { why: "one run's tables", command: "report results/run.json" },
  ],
  plan: [
    { why: "score plans against the best plans", command: `plan score --queries ${Q} --plans plans.jsonl` },
    {
      why: "the paper's experiment, dry run",
      command: "plan experiment --config examples/experiment.yaml --dry-run",
    },
  ],
  import: [
    {
      why: "one BFCL category",
      command: "import bfcl --questions BFCL_v4_simple.json --out bfcl-simple.jsonl",
    },
    {
      why: "the When2Call test set",
      command: "import when2call when2call_test_llm_judge.jsonl --out when2call.jsonl",
    },
  ],
  build: [
    { why: "regenerate the corpus data files after editing corpus/", command: "build" },
    { why: "write them elsewhere, to compare before replacing", command: "build --data /tmp/data" },
  ],
  grade: [
    {
      why: "grade recorded outputs and print the summary",
      command: "grade --cases data/tooluse1.jsonl --outputs outputs.jsonl",
    },
    {
      why: "the SPEC 1.0 rules exactly, one verdict per line to a file",
      command: "grade --cases data/tooluse1.jsonl --outputs outputs.jsonl --rules spec1 --out verdicts.jsonl",
    },
    {
      why: "the summary as JSON, for scripts",
      command: "grade --cases data/tooluse1.jsonl --outputs outputs.jsonl --json",
    },
  ],
  "import bfcl": [
    {
      why: "one BFCL category with its possible answers",
      command:
        "import bfcl --questions BFCL_v4_simple.json --answers possible_answer/BFCL_v4_simple.json --out bfcl-simple.jsonl",
    },
    {
      why: "questions only (irrelevance categories have no answers)",
      command: "import bfcl --questions BFCL_v4_irrelevance.json --out bfcl-irrelevance.jsonl",
    },
  ],
  "import when2call": [
    {
      why: "the When2Call test set as cases",
      command: "import when2call when2call_test_llm_judge.jsonl --out when2call.jsonl",
    },
    {
      why: "replace an earlier conversion",
      command: "import when2call when2call_test_llm_judge.jsonl --out when2call.jsonl --force",
    },
  ],
  selftest: [
    { why: "the grader against the ToolUse.1 corpus", command: "selftest" },
    { why: "against an imported corpus", command: "selftest --cases bfcl-simple.jsonl" },
    { why: "the result as JSON, for CI", command: "selftest --json" },
  ],
  run: [
    { why: "the built-in rule baseline: seconds, no model", command: "run" },
    {
      why: "a model on an OpenAI-compatible server, every protocol",
      command: `run --backend openai ${URL} --model Qwen/Qwen3-8B --protocol all`,
    },
    {
      why: "a pilot: 20 cases stratified by category and language, JSON summary",
      command: `run --backend openai ${URL} --model Qwen/Qwen3-8B --sample 20 --seed 1 --json`,
    },
  ],
  report: [
    { why: "one run's tables", command: "report results/run.json" },
    {
      why: "a leaderboard of several runs, in Markdown",
      command: "report results/a.json results/b.json --format md",
    },
    {
      why: "the runs as JSON, and the HTML report",
      command: "report results/a.json --json --html report.html",
    },
  ],
  list: [
    { why: "the suites, backends, protocols and grading profiles", command: "list" },
    { why: "the same as JSON", command: "list --json" },
  ],
  merge: [
    {
      why: "join the two shards of one run",
      command: "merge results/shard-1.json results/shard-2.json --out results/whole.json",
    },
    {
      why: "replace an earlier merge",
      command: "merge results/shard-1.json results/shard-2.json --out results/whole.json --force",
    },
  ],
  compare: [
    { why: "two runs on the same corpus, case by case", command: "compare results/a.json results/b.json" },
    { why: "two protocols within one run", command: "compare results/a.json --pair-protocols json:native" },
    {
      why: "how many cases would detect a 2-point difference",
      command: "compare results/a.json results/b.json --mde 0.02 --json",
    },
  ],
  regrade: [
    {
      why: "a run again under the SPEC 1.0 rules (no model is asked)",
      command: "regrade results/run.json --rules spec1 --out results/run-spec1.json",
    },
    {
      why: "a BFCL run whose names were served in fc mode",
      command: "regrade results/bfcl.json --rules bfcl --bfcl-mode fc --out results/bfcl-fc.json",
    },
  ],
  disputes: [
    { why: "the verdicts reviewers disputed", command: "disputes --db reviews.sqlite" },
    { why: "the same as JSON", command: "disputes --db reviews.sqlite --json" },
  ],
  "plan build": [
    { why: "check the sources first (plan build refuses sources that break a rule)", command: "plan lint" },
    { why: "then regenerate data/plans/queries.jsonl from corpus/plans/", command: "plan build" },
  ],
  "plan lint": [
    { why: "the planning sources against docs/plan-conventions.md", command: "plan lint" },
    { why: "another folder, violations as JSON", command: "plan lint --dir my-plans --json" },
  ],
  "plan import": [
    {
      why: "the paper's release, written beside the CSV files",
      command: "plan import --queries release/queries.csv --plans release/plans.csv",
    },
    {
      why: "queries only, to a chosen file",
      command: "plan import --queries release/queries.csv --out-queries queries.jsonl",
    },
  ],
  "plan export": [
    { why: "queries back to the release format", command: `plan export --queries ${Q} --out queries.csv` },
    {
      why: "queries and plans",
      command: `plan export --queries ${Q} --out queries.csv --plans plans.jsonl --out-plans plans.csv`,
    },
  ],
  "plan score": [
    {
      why: "score plans and print the per-planner table",
      command: `plan score --queries ${Q} --plans plans.jsonl`,
    },
    {
      why: "keep the score lines for plan report",
      command: `plan score --queries ${Q} --plans plans.jsonl --out scores.jsonl`,
    },
    {
      why: "why each step matched or not",
      command: `plan score --queries ${Q} --plans plans.jsonl --explain`,
    },
  ],
  "plan generate": [
    {
      why: "plans for the test split, with and without example lineages",
      command: `plan generate --model Qwen/Qwen3-8B ${URL} --queries ${Q} --out plans.jsonl`,
    },
    {
      why: "a pilot of 5 queries, one prompt type",
      command: `plan generate --model Qwen/Qwen3-8B ${URL} --queries ${Q} --prompt-type with_lineage --limit 5 --out pilot.jsonl`,
    },
  ],
  "plan judge": [
    {
      why: "one judge prompt per metric",
      command: `plan judge --model gpt-judge ${URL} --queries ${Q} --plans plans.jsonl --out judged.jsonl`,
    },
    {
      why: "the one-shot rating",
      command: `plan judge --model gpt-judge ${URL} --queries ${Q} --plans plans.jsonl --one-shot --out one-shot.jsonl`,
    },
  ],
  "plan refine": [
    {
      why: "evaluator → optimizer loop, at most 4 passes",
      command: `plan refine --model Qwen/Qwen3-8B ${URL} --queries ${Q} --plans plans.jsonl --out lineages.jsonl`,
    },
    {
      why: "also the last plan of each lineage, for the before/after table",
      command: `plan refine --model Qwen/Qwen3-8B ${URL} --queries ${Q} --plans plans.jsonl --out lineages.jsonl --final-plans final.jsonl`,
    },
  ],
  "plan answers": [
    {
      why: "judge end-to-end answers",
      command: `plan answers --model gpt-judge ${URL} --responses responses.jsonl --out answers.jsonl`,
    },
    {
      why: "win rates and agreement as JSON",
      command: `plan answers --model gpt-judge ${URL} --responses examples/responses.jsonl --json`,
    },
  ],
  "plan execute": [
    {
      why: "no model: the reference SQL answers the best plans",
      command: "plan execute --oracle --out oracle.jsonl",
    },
    {
      why: "R2: a model answers the best plans' steps, resumable",
      command: `plan execute --model Qwen/Qwen3-8B ${URL} --plans best --journal r2.journal --out r2.jsonl`,
    },
    {
      why: "R1: no plan, the model calls the tools itself",
      command: `plan execute --model Qwen/Qwen3-8B ${URL} --plans r1 --journal r1.journal --out r1.jsonl`,
    },
  ],
  "plan experiment": [
    {
      why: "what it would send, and the cost, without sending",
      command: "plan experiment --config examples/experiment.yaml --dry-run",
    },
    { why: "the whole experiment", command: "plan experiment --config examples/experiment.yaml" },
  ],
  "plan agree": [
    {
      why: "a judge against the deterministic scores",
      command: "plan agree --gold scores.jsonl --judged judged.jsonl",
    },
    {
      why: "a judge against human labels",
      command: "plan agree --gold examples/labels/scores.csv --judged judged.jsonl --json",
    },
  ],
  "plan report": [
    { why: "the planner report of score lines", command: "plan report --scores scores.jsonl" },
    {
      why: "with the paper's breakdowns, as HTML too",
      command: `plan report --scores scores.jsonl --queries ${Q} --html plans-report.html`,
    },
    {
      why: "before and after the refine loop, in Markdown",
      command: "plan report --scores final-scores.jsonl --before scores.jsonl --format md",
    },
  ],
  review: [
    { why: "serve the workbench on 127.0.0.1", command: "review --db reviews.sqlite" },
    {
      why: "a fixed port, every label under one name",
      command: "review --db reviews.sqlite --port 8080 --annotator ana",
    },
  ],
  "review add": [
    {
      why: "lineages of the planning queries",
      command: `review add --db reviews.sqlite --kind lineage --queries ${Q}`,
    },
    {
      why: "a run's verdicts, to dispute them",
      command: "review add --db reviews.sqlite --kind verdict --results results/run.json",
    },
  ],
  "mock-server": [
    {
      why: "the oracle: every ToolUse.1 case right, valid plans and ratings for the plan commands",
      command: "mock-server --mode oracle",
    },
    {
      why: "in another terminal: a run against it that scores 1.000",
      command: "run --base-url http://127.0.0.1:8400/v1 --model mock --out oracle.json",
    },
    {
      why: "a reproducible 30% of the cases answered wrongly, on a port of its own (answers are cached by address)",
      command: "mock-server --mode noisy --share 0.3 --seed 7 --port 8402",
    },
  ],
  "review export": [
    {
      why: "one annotator's plan ratings, for plan agree",
      command: "review export --db reviews.sqlite --annotator ana --kind plan-rating --out ratings.jsonl",
    },
    {
      why: "their lineage labels, for plan build",
      command: "review export --db reviews.sqlite --annotator ana --kind lineage --out lineages.yaml",
    },
  ],
};

/** Adds each command's Examples to the end of its help; `path` is the command as typed after `tooluse`. */
export function addHelpExamples(command: Command, path = ""): void {
  for (const sub of command.commands)
    addHelpExamples(sub, path === "" ? sub.name() : `${path} ${sub.name()}`);
  const examples = HELP_EXAMPLES[path];
  if (!examples) return;
  const lines = examples.flatMap(({ why, command: typed }) => [`  # ${why}`, `  $ tooluse ${typed}`]);
  command.addHelpText("after", `\nExamples:\n${lines.join("\n")}\n`);
}
