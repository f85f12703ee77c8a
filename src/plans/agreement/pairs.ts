/** The inputs of `tooluse plan agree`: two files of score lines, the metrics they share, and their values paired up. */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { readJsonl } from "../../jsonl.js";
import { JUDGE_METRICS } from "../judge-metrics.js";
import { RATINGS } from "../rating.js";
import { queryKey } from "../records.js";
import { readScoreCsv } from "./label-files.js";

/**
 * A score line of either side: `tooluse plan score --out`, `tooluse plan judge --out`, or human labels in the
 * same shape. Loose: only the key is required, and each metric is read where present.
 */
export const LabelLineSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
});

/** A metric both sides may carry: the 7-point rating, or a score whose full points mean "no violation". */
export interface MetricSpec {
  name: string;
  kind: "rating" | "score";
  /** Full points: a score at this value passes, below it fails (the pass/fail labels). */
  full: number;
}

/** The paper's seven metrics and total, the one-shot numbers, and the rating, in report order. */
export const AGREEMENT_METRICS: readonly MetricSpec[] = [
  { name: "format", kind: "score", full: 20 },
  { name: "tool_prompt_alignment", kind: "score", full: 20 },
  { name: "step_executability", kind: "score", full: 15 },
  { name: "query_adherence", kind: "score", full: 15 },
  { name: "dependencies", kind: "score", full: 10 },
  { name: "redundancy", kind: "score", full: 10 },
  { name: "tool_usage_completeness", kind: "score", full: 10 },
  { name: "total", kind: "score", full: 100 },
  { name: "precision", kind: "score", full: 1 },
  { name: "recall", kind: "score", full: 1 },
  { name: "f1", kind: "score", full: 1 },
  { name: "rating", kind: "rating", full: RATINGS.length - 1 },
];

/** One plan scored by both sides on one metric; a rating is its index in RATINGS (0 = Extremely Bad). */
export interface Pair {
  query: string;
  planner: string | null;
  prompt_type: string | null;
  gold: number;
  judged: number;
}

type Line = z.infer<typeof LabelLineSchema>;

function lineKey(line: Line): string {
  return JSON.stringify([queryKey(line.query_id), line.planner, line.prompt_type]);
}

/** Lines by (query_id, planner, prompt_type); a key seen twice is an error, since it could not be paired. */
export function readLabelLines(file: string): Map<string, Line> {
  const lines = new Map<string, Line>();
  const records = file.toLowerCase().endsWith(".csv")
    ? readScoreCsv(file).map((line) => LabelLineSchema.parse(line))
    : readJsonl(file, LabelLineSchema);
  for (const line of records) {
    const key = lineKey(line);
    if (lines.has(key))
      throw new UserError(
        `${file}: query_id ${queryKey(line.query_id)}, planner ${line.planner}, prompt_type ${line.prompt_type} appears twice`,
      );
    lines.set(key, line);
  }
  if (lines.size === 0) throw new UserError(`${file}: no score lines`);
  return lines;
}

/**
 * Whether a line's value of this metric may be compared. A judged line (`plan judge --out`) says in
 * `judge.sources` where each value came from: only values the judge produced count as the judge's; values the
 * code filled in (metrics not asked, or the code's precision/recall/F1 riding along on a metric-wise line) would
 * compare code with code. The total counts only when the judge produced all seven metrics.
 */
function producedHere(line: Line, metric: MetricSpec): boolean {
  const judge = (line as Record<string, unknown>).judge as { sources?: Record<string, unknown> } | undefined;
  if (judge === undefined || typeof judge !== "object" || judge === null) return true;
  const sources = judge.sources ?? {};
  if (metric.name === "total") return JUDGE_METRICS.every((m) => sources[m] === "judge");
  return sources[metric.name] === "judge";
}

/** A metric's value as a number, or null where the line has none (judge failures are null, never a guess). */
export function metricValue(line: Line, metric: MetricSpec): number | null {
  if (!producedHere(line, metric)) return null;
  const value = (line as Record<string, unknown>)[metric.name];
  if (metric.kind === "rating") {
    const index = RATINGS.indexOf(value as (typeof RATINGS)[number]);
    return index === -1 ? null : index;
  }
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export interface Paired {
  /** Keys present in both files. */
  both: { gold: Line; judged: Line }[];
  goldOnly: number;
  judgedOnly: number;
}

export function pairLines(gold: ReadonlyMap<string, Line>, judged: ReadonlyMap<string, Line>): Paired {
  const both = [...gold.keys()].sort().flatMap((key) => {
    const j = judged.get(key);
    const g = gold.get(key);
    return j && g ? [{ gold: g, judged: j }] : [];
  });
  return { both, goldOnly: gold.size - both.length, judgedOnly: judged.size - both.length };
}

/** The pairs where both sides have a value for this metric. */
export function metricPairs(paired: Paired, metric: MetricSpec): Pair[] {
  return paired.both.flatMap(({ gold, judged }) => {
    const g = metricValue(gold, metric);
    const j = metricValue(judged, metric);
    if (g === null || j === null) return [];
    return [
      {
        query: queryKey(gold.query_id),
        planner: gold.planner,
        prompt_type: gold.prompt_type,
        gold: g,
        judged: j,
      },
    ];
  });
}
