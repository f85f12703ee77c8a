/**
 * Blind plan pairs: candidate plans with the scores a person computed by hand, without reading the matcher
 * (docs/plan-matching.md, section 9). Each pair names a query of data/plans/queries.jsonl, whose best plan is the
 * reference; the pair is scored exactly as `tooluse plan score` scores a plan line (the reference's query known,
 * strict validity) and every expected field the author did not mark ambiguous is compared with what the code says.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { UserError } from "../errors.js";
import type { Plan } from "./model.js";
import { parseReference } from "./parse.js";
import { CODE_SCORED_METRICS } from "./points.js";
import { RATINGS } from "./rating.js";
import { queryKey, ReferenceRecordSchema } from "./records.js";
import { explainScore } from "./score.js";
import type { ToolDescriptions } from "./tool-descriptions.js";

/** The fields a blind pair states, in the order the report prints them. */
export const BLIND_FIELDS = [
  "matches",
  "precision",
  "recall",
  "f1",
  "rating",
  ...CODE_SCORED_METRICS,
] as const;
export type BlindField = (typeof BLIND_FIELDS)[number];

const RATIO_FIELDS = new Set<BlindField>(["precision", "recall", "f1"]);
/** Hand-written ratios are rounded to two or three places, points to one or two. */
const RATIO_TOLERANCE = 0.006;
const POINT_TOLERANCE = 0.06;

export const BlindPairSchema = z.looseObject({
  n: z.number().int(),
  query_id: z.union([z.string().min(1), z.number().int()]),
  kind: z.string().min(1),
  candidate: z.string(),
  expected: z.looseObject({
    matches: z.array(z.tuple([z.number().int(), z.number().int()])),
    precision: z.number(),
    recall: z.number(),
    f1: z.number(),
    rating: z.enum(RATINGS),
    format: z.number(),
    dependencies: z.number(),
    redundancy: z.number(),
    tool_usage_completeness: z.number(),
    step_executability: z.number(),
    violations: z.array(z.string()).optional(),
  }),
  ambiguous: z.array(z.string()).default([]),
  why: z.string().optional(),
});
export type BlindPair = z.infer<typeof BlindPairSchema>;

export interface Reference {
  plan: Plan;
  query: string;
}

function jsonLines(file: string): { line: number; value: unknown }[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((text, index) => {
      if (text.trim() === "") return [];
      try {
        return [{ line: index + 1, value: JSON.parse(text) as unknown }];
      } catch (error) {
        throw new UserError(`${file}:${index + 1}: not JSON (${(error as Error).message})`);
      }
    });
}

export function readBlindPairs(file: string): BlindPair[] {
  return jsonLines(file).map(({ line, value }) => {
    const parsed = BlindPairSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(
        `${file}:${line}: field ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`,
      );
    }
    return parsed.data;
  });
}

/** The references of a queries file (data/plans/queries.jsonl or any file `plan score --queries` reads). */
export function readReferences(file: string): Map<string, Reference> {
  const references = new Map<string, Reference>();
  for (const { line, value } of jsonLines(file)) {
    const record = ReferenceRecordSchema.safeParse(value);
    if (!record.success) throw new UserError(`${file}:${line}: not a reference record`);
    const plan = parseReference(record.data.best_plan);
    if (!plan.ok) throw new UserError(`${file}:${line}: field best_plan: ${plan.message}`);
    references.set(queryKey(record.data.query_id), { plan: plan.plan, query: record.data.query });
  }
  return references;
}

/**
 * The fields an author marked ambiguous. Each note names its field first ("redundancy: …", "f1 (…)"); a note
 * that names none up front is searched for field names anywhere, and "rating band" or "matches" spelt loosely
 * still count.
 */
export function ambiguousFields(notes: readonly string[]): Set<BlindField> {
  const found = new Set<BlindField>();
  const aliases: [RegExp, BlindField][] = [
    [/\bmatch(?:es|ing)?\b/i, "matches"],
    [/\bprecision\b/i, "precision"],
    [/\brecall\b/i, "recall"],
    [/\bf1\b/i, "f1"],
    [/\brating\b/i, "rating"],
    [/\bformat\b/i, "format"],
    [/\bdependenc(?:y|ies)\b/i, "dependencies"],
    [/\bredundancy\b/i, "redundancy"],
    [/\btool[_ -]usage[_ -]completeness\b|\btuc\b/i, "tool_usage_completeness"],
    [/\bstep[_ -]executability\b|\bexecutability\b/i, "step_executability"],
  ];
  for (const note of notes) {
    const head = note.match(/^\s*[`"']?([a-z_0-9 ,/&-]+?)[`"']?\s*(?:[:(—–]|$)/i)?.[1] ?? "";
    const lead = aliases.filter(([pattern]) => pattern.test(head)).map(([, field]) => field);
    const named = lead.length > 0 ? lead : aliases.filter(([p]) => p.test(note)).map(([, field]) => field);
    for (const field of named) found.add(field);
  }
  return found;
}

export type Observed = Record<BlindField, unknown> & { explain: string[]; violations: string[] };

/** Scores the pair's candidate as `plan score` does and reads off the fields a blind pair states. */
export function observe(pair: BlindPair, reference: Reference, tools: ToolDescriptions): Observed {
  const { line, match } = explainScore({
    candidate: pair.candidate,
    reference: reference.plan,
    query: reference.query,
    tools,
    query_id: pair.query_id,
  });
  const matches = (match?.pairs ?? [])
    .filter((p) => p.matched)
    .map((p) => [p.candidate, p.reference] as [number, number]);
  return {
    matches,
    precision: line.precision,
    recall: line.recall,
    f1: line.f1,
    rating: line.rating,
    format: line.format,
    dependencies: line.dependencies,
    redundancy: line.redundancy,
    tool_usage_completeness: line.tool_usage_completeness,
    step_executability: line.step_executability,
    explain: (match?.explain() ?? []).map(
      (s) => `${s.side} ${s.step}${s.partner === null ? "" : ` ↔ ${s.partner}`}: ${s.reason} [${s.slots}]`,
    ),
    violations: line.violations.map((v) => `${v.step ?? "plan"} ${v.code}: ${v.message}`),
  };
}

function pairKey(pairs: readonly (readonly [number, number])[]): string {
  return pairs
    .map(([c, r]) => `${c}:${r}`)
    .sort()
    .join(" ");
}

function agrees(field: BlindField, expected: unknown, observed: unknown): boolean {
  if (field === "matches")
    return pairKey(expected as [number, number][]) === pairKey(observed as [number, number][]);
  if (field === "rating") return expected === observed;
  if (typeof expected !== "number" || typeof observed !== "number") return false;
  // Ratios may be written as percentages by a hand used to the rating bands.
  const want = RATIO_FIELDS.has(field) && expected > 1 ? expected / 100 : expected;
  return Math.abs(want - observed) <= (RATIO_FIELDS.has(field) ? RATIO_TOLERANCE : POINT_TOLERANCE);
}

export interface FieldVerdict {
  field: BlindField;
  expected: unknown;
  observed: unknown;
  /** null when the author marked the field ambiguous: it is shown, never counted. */
  agrees: boolean | null;
}

export interface PairVerdict {
  n: number;
  kind: string;
  query_id: string;
  fields: FieldVerdict[];
  /** Every non-ambiguous field agrees. */
  agrees: boolean;
  observed: Observed;
}

export function judgePair(pair: BlindPair, reference: Reference, tools: ToolDescriptions): PairVerdict {
  const observed = observe(pair, reference, tools);
  const ambiguous = ambiguousFields(pair.ambiguous);
  const fields = BLIND_FIELDS.map((field): FieldVerdict => {
    const expected = pair.expected[field];
    return {
      field,
      expected,
      observed: observed[field],
      agrees: ambiguous.has(field) ? null : agrees(field, expected, observed[field]),
    };
  });
  return {
    n: pair.n,
    kind: pair.kind,
    query_id: queryKey(pair.query_id),
    fields,
    agrees: fields.every((f) => f.agrees !== false),
    observed,
  };
}

/** Scores every pair of a set; a pair naming an unknown query is a user error, not a disagreement. */
export function judgeSet(
  pairs: readonly BlindPair[],
  references: ReadonlyMap<string, Reference>,
  tools: ToolDescriptions,
): PairVerdict[] {
  return pairs.map((pair) => {
    const reference = references.get(queryKey(pair.query_id));
    if (!reference)
      throw new UserError(`pair ${pair.n}: query_id ${pair.query_id} is not among the references`);
    return judgePair(pair, reference, tools);
  });
}

export interface Tally {
  agree: number;
  total: number;
}

export interface SetSummary {
  pairs: Tally;
  fields: Record<BlindField, Tally & { ambiguous: number }>;
  kinds: Record<string, Tally>;
}

export function summarise(verdicts: readonly PairVerdict[]): SetSummary {
  const fields = Object.fromEntries(
    BLIND_FIELDS.map((field) => [field, { agree: 0, total: 0, ambiguous: 0 }]),
  ) as SetSummary["fields"];
  const kinds: Record<string, Tally> = {};
  for (const verdict of verdicts) {
    for (const f of verdict.fields) {
      const tally = fields[f.field];
      if (f.agrees === null) tally.ambiguous++;
      else {
        tally.total++;
        if (f.agrees) tally.agree++;
      }
    }
    const kind = kinds[verdict.kind] ?? { agree: 0, total: 0 };
    kinds[verdict.kind] = kind;
    kind.total++;
    if (verdict.agrees) kind.agree++;
  }
  return {
    pairs: { agree: verdicts.filter((v) => v.agrees).length, total: verdicts.length },
    fields,
    kinds,
  };
}

const show = (value: unknown): string =>
  typeof value === "number" ? String(Math.round(value * 1000) / 1000) : JSON.stringify(value);

/** The report: per-field agreement, per-kind pair agreement, then each disagreeing pair (in full with `verbose`). */
export function formatSummary(verdicts: readonly PairVerdict[], verbose = false): string {
  const summary = summarise(verdicts);
  const out = [
    `pairs agreeing on every non-ambiguous field: ${summary.pairs.agree}/${summary.pairs.total}`,
    "per field (agree/non-ambiguous, ambiguous):",
    ...BLIND_FIELDS.map((field) => {
      const t = summary.fields[field];
      return `  ${field.padEnd(24)} ${`${t.agree}/${t.total}`.padStart(7)}  (${t.ambiguous} ambiguous)`;
    }),
    "per kind (pairs agreeing):",
    ...Object.entries(summary.kinds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, t]) => `  ${kind.padEnd(24)} ${`${t.agree}/${t.total}`.padStart(7)}`),
  ];
  const disagreeing = verdicts.filter((v) => !v.agrees);
  if (disagreeing.length > 0) out.push("disagreements:");
  for (const verdict of disagreeing) {
    const wrong = verdict.fields.filter((f) => f.agrees === false);
    out.push(
      `  #${verdict.n} ${verdict.kind} ${verdict.query_id}: ${wrong
        .map((f) => `${f.field} expected ${show(f.expected)} got ${show(f.observed)}`)
        .join("; ")}`,
    );
    if (verbose) {
      for (const line of verdict.observed.explain) out.push(`      ${line}`);
      for (const line of verdict.observed.violations) out.push(`      violation ${line}`);
    }
  }
  return out.join("\n");
}
