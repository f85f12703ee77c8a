/** `tooluse plan score`: score planner outputs against reference plans; score lines to --out, a table or JSON to stdout. */
import type { z } from "zod";
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { forEachByteLine, parseLine, toJsonLines } from "../jsonl.js";
import {
  aggregateScores,
  DEFAULT_AGGREGATE_OPTIONS,
  DEFAULT_TOOL_DESCRIPTIONS,
  type ExplainedScore,
  explainScore,
  type Plan,
  type PlannerAggregate,
  PlanRecordSchema,
  parseReference,
  queryKey,
  ReferenceRecordSchema,
} from "../plans/index.js";
import { terminalText } from "../sanitize.js";
import { table } from "../workflows/plan-models/report-text.js";
import { reportExpected } from "./boundary.js";
import { outputOptions } from "./io.js";

export interface PlanScoreOptions {
  queries: string;
  plans: string;
  out?: string;
  json?: boolean;
  /** Print the step mapping and the reason each step matched or not, instead of score lines. */
  explain?: boolean;
  /** Score plans that are not valid in the paper's format as the tolerant reader recovers them. */
  lenient?: boolean;
}

export interface PlanScoreIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

interface Numbered<T> {
  line: number;
  record: T;
}

/** Every non-blank line, validated; the first bad one stops the run with file, line number and field. */
function readRecords<S extends z.ZodType>(file: string, schema: S): Numbered<z.infer<S>>[] {
  const records: Numbered<z.infer<S>>[] = [];
  forEachByteLine(file, (bytes, start, end, line) => {
    const raw = bytes.toString("utf8", start, end);
    if (raw.trim() === "") return;
    records.push({ line, record: parseLine(raw, `${file}:${line}`, schema) });
  });
  return records;
}

interface Reference {
  plan: Plan;
  query: string;
}

function loadReferences(file: string): Map<string, Reference> {
  const references = new Map<string, Reference>();
  for (const { line, record } of readRecords(file, ReferenceRecordSchema)) {
    const key = queryKey(record.query_id);
    if (references.has(key)) throw new UserError(`${file}:${line}: field query_id: ${key} appears twice`);
    const parsed = parseReference(record.best_plan);
    if (!parsed.ok)
      throw new UserError(
        `${file}:${line}: field best_plan: not a usable reference plan (${parsed.message})`,
      );
    references.set(key, { plan: parsed.plan, query: record.query });
  }
  return references;
}

/** Each plan of the file with its score line, step mapping, the plan as written and its reference. */
export interface ScoredPlan extends ExplainedScore {
  candidate: unknown;
  reference: Plan;
  query: string;
}

/** Also the plan viewer's source (`plan report --plans`): the same reading and scoring as `plan score`. */
export function scorePlanFiles(options: PlanScoreOptions): ScoredPlan[] {
  const references = loadReferences(options.queries);
  return readRecords(options.plans, PlanRecordSchema).map(({ line, record }) => {
    const reference = references.get(queryKey(record.query_id));
    if (!reference)
      throw new UserError(
        `${options.plans}:${line}: field query_id: ${JSON.stringify(record.query_id)} is not in ${options.queries}`,
      );
    const explained = explainScore(
      {
        candidate: record.plan,
        reference: reference.plan,
        query: reference.query,
        tools: DEFAULT_TOOL_DESCRIPTIONS,
        query_id: record.query_id,
        planner: record.planner,
        prompt_type: record.prompt_type,
      },
      { lenient: options.lenient ?? false },
    );
    return { ...explained, candidate: record.plan, reference: reference.plan, query: reference.query };
  });
}

function scoreFiles(options: PlanScoreOptions): ExplainedScore[] {
  return scorePlanFiles(options);
}

/** One block per plan: the verdict, then each step's partner and reason, then coverage. */
function formatExplanation({ line, match }: ExplainedScore): string {
  const who = [line.query_id, line.planner, line.prompt_type].filter((x) => x !== null).join(" · ");
  const f1 = line.f1 === null ? "–" : line.f1.toFixed(2);
  const capped = line.rating_capped ? ` (capped by ${line.rating_capped})` : "";
  const out = [
    `${who}: F1 ${f1}, ${line.rating}${capped}, subtotal ${fixed(line.subtotal, 1)}/${line.subtotal_max}`,
  ];
  if (line.validity && !line.validity.valid)
    out.push(
      `  not valid in the paper's format: ${line.validity.reason}${line.validity.lenient ? " (scored leniently)" : ""}`,
    );
  for (const step of match?.explain() ?? []) {
    const partner =
      step.partner === null
        ? ""
        : ` ↔ ${step.side === "candidate" ? "reference" : "candidate"} ${step.partner}`;
    out.push(`  ${step.side} step ${step.step}${partner}: ${step.reason}  [${step.slots}]`);
  }
  for (const v of line.violations)
    out.push(`  ${v.step === null ? "plan" : `step ${v.step}`}: ${v.code}: ${v.message}`);
  if (line.coverage) {
    const c = line.coverage;
    const missing = c.missing_slots.length === 0 ? "none" : c.missing_slots.join(", ");
    out.push(
      `  coverage: asks ${c.asks}, final step produces ${c.final_produces}, missing slots: ${missing}`,
    );
  }
  // Plans and prompts are untrusted: each line is shown as it is, no control or format character acts on the terminal.
  return `${out.map((text) => terminalText(text)).join("\n")}\n`;
}

const COLUMNS = [
  ["format", "format"],
  ["dependencies", "deps"],
  ["redundancy", "redund"],
  ["tool_usage_completeness", "tool use"],
  ["step_executability", "exec"],
  ["f1", "F1"],
] as const;

function fixed(value: number | null, digits: number): string {
  return value === null ? "–" : value.toFixed(digits);
}

/** A plain table for the terminal: one row per planner and prompt type. */
function formatTable(groups: readonly PlannerAggregate[]): string {
  const header = [
    "planner",
    "prompt type",
    "plans",
    "parsed",
    ...COLUMNS.map(([, title]) => title),
    "A+",
    "A",
    "B",
  ];
  const rows = groups.map((g) => [
    g.planner ?? "",
    g.prompt_type ?? "",
    String(g.plans),
    `${Math.round(g.parse_ok * 100)}%`,
    ...COLUMNS.map(([field]) => fixed(g.metrics[field].mean, 2)),
    ...(["A+", "A", "B"] as const).map((tier) => `${Math.round(g.tiers[tier] * 100)}%`),
  ]);
  return table(header, rows);
}

/**
 * Runs the command and returns its exit code: 0 when scored, 2 when an input is unusable (one line on stderr).
 * The terminal gets the same summary table with or without --out (--json: the aggregates as JSON); the score lines
 * go only to the --out file (`--out -`: stdout, the table then going to stderr).
 */
export async function runPlanScore(options: PlanScoreOptions, io: PlanScoreIo): Promise<number> {
  try {
    const explained = scoreFiles(options);
    const lines = explained.map((e) => e.line);
    if (options.out) writeOutput(options.out, toJsonLines(lines), outputOptions(io));
    if (options.explain) {
      io.stdout(explained.map(formatExplanation).join("\n"));
    } else if (options.json) {
      const report = { bootstrap: DEFAULT_AGGREGATE_OPTIONS, groups: aggregateScores(lines) };
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      io.stdout(formatTable(aggregateScores(lines)));
    }
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
