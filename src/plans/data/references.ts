/**
 * The reference SQL of the benchmark (corpus/plans/references.yaml → data/plans/references.jsonl): per query, the
 * query each T2S step of the best plan stands for, and for objective queries the answer's facts with the queries
 * that compute them. Checked against the built queries: a T2S step without SQL, SQL for a step that is not T2S, an
 * objective query without an answer (or a subjective one with one) stops the build.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { formatPath, UserError } from "../../errors.js";
import { toJsonLines } from "../../jsonl.js";
import { expandReferenceSql } from "./reference-sql.js";
import type { QueryRecord } from "./schema.js";

export const REFERENCES_SOURCE = "references.yaml";
export const REFERENCES_FILE = "references.jsonl";

/** What a number measures; each has its tolerance (docs/workspace.md, "Ground truth"). */
export const UNITS = ["count", "seconds", "share", "score", "csat"] as const;
/** Which names count as mentions of an entity: the store's values of that field (or weekdays, hours). */
export const MENTIONS = [
  "team",
  "site",
  "queue",
  "channel",
  "agent_name",
  "customer_id",
  "call_driver",
  "dimension",
  "weekday",
  "hour",
] as const;

const Text = z.string().trim().min(1);
const DEFAULT_QUERY = "sql";

export const FactSchema = z
  .strictObject({
    /** number: one figure; entity: the top row's name (ties allowed); set: names; groups: a figure per group. */
    kind: z.enum(["number", "entity", "set", "groups"]),
    column: Text,
    unit: z.enum(UNITS).optional(),
    /** entity, set: the column that ranks the rows (ties on it are all accepted). */
    by: Text.optional(),
    order: z.enum(["asc", "desc"]).optional(),
    /** set: how many of the ranked rows form the set (default: all rows). */
    k: z.number().int().positive().optional(),
    /** groups: the column naming each group. */
    key: Text.optional(),
    mentions: z.enum(MENTIONS).optional(),
    /** The named answer query the fact reads (default `sql`). */
    from: Text.optional(),
  })
  .refine((f) => (f.kind === "number" || f.kind === "groups") === (f.unit !== undefined), {
    message: "number and groups facts have a unit; entity and set facts have none",
  })
  .refine((f) => (f.kind === "groups") === (f.key !== undefined), {
    message: "groups facts (and only they) name their key column",
  })
  .refine((f) => f.kind === "number" || f.kind === "groups" || f.mentions !== undefined, {
    message: "entity and set facts say which names count as mentions",
  })
  .refine((f) => f.k === undefined || (f.kind === "set" && f.by !== undefined), {
    message: "k is for a set ranked by a column",
  });
export type Fact = z.infer<typeof FactSchema>;

const SourceAnswerSchema = z
  .object({ facts: z.array(FactSchema).min(1), sql: Text })
  .catchall(Text)
  .transform(({ facts, ...queries }) => ({ facts, queries: queries as Record<string, string> }));

const SourceReferenceSchema = z.strictObject({
  steps: z.record(z.string().regex(/^\d+$/), Text).optional(),
  answer: SourceAnswerSchema.optional(),
});

/** One line of data/plans/references.jsonl: the SQL with every shorthand expanded. */
export const ReferenceSqlSchema = z.strictObject({
  query_id: Text,
  /** Step id → SQL, for every T2S step of the best plan. */
  steps: z.record(z.string(), Text),
  answer: z
    .strictObject({ queries: z.record(z.string(), Text), facts: z.array(FactSchema).min(1) })
    .nullable(),
});
export type ReferenceSql = z.infer<typeof ReferenceSqlSchema>;

export interface BuiltReferences {
  jsonl: string;
  digest: string;
  queries: number;
  steps: number;
  answers: number;
}

function expand(sql: string, where: string): string {
  try {
    return expandReferenceSql(sql);
  } catch (error) {
    throw new UserError(`${where}: ${(error as Error).message}`);
  }
}

function checkAgainst(record: QueryRecord, ref: ReferenceSql, where: string): void {
  const t2s = record.best_plan.steps.filter((s) => s.tool === "T2S").map((s) => String(s.id));
  const given = Object.keys(ref.steps);
  const missing = t2s.filter((id) => !given.includes(id));
  const extra = given.filter((id) => !t2s.includes(id));
  if (missing.length > 0)
    throw new UserError(`${where}: steps: no SQL for T2S step(s) ${missing.join(", ")}`);
  if (extra.length > 0)
    throw new UserError(`${where}: steps: ${extra.join(", ")} is not a T2S step of the best plan`);
  if (!record.is_subjective && !ref.answer)
    throw new UserError(`${where}: answer: an objective query needs its reference answer`);
  if (record.is_subjective && ref.answer)
    throw new UserError(
      `${where}: answer: a subjective query has no reference answer (it is read from transcripts)`,
    );
  for (const fact of ref.answer?.facts ?? []) {
    const from = fact.from ?? DEFAULT_QUERY;
    if (!ref.answer?.queries[from])
      throw new UserError(`${where}: answer: fact ${fact.column} reads a query "${from}" that is not there`);
  }
}

/** Reads and checks `<dir>/references.yaml`; null when the directory has none (a corpus without ground truth). */
export function buildReferences(dir: string, records: readonly QueryRecord[]): BuiltReferences | null {
  const file = join(dir, REFERENCES_SOURCE);
  if (!existsSync(file)) return null;
  const shown = `corpus/plans/${REFERENCES_SOURCE}`;
  const counter = new LineCounter();
  const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter: counter });
  const error = doc.errors[0];
  if (error)
    throw new UserError(`${shown}:${counter.linePos(error.pos[0]).line}: invalid YAML (${error.code})`);
  const raw = doc.toJS() as unknown;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new UserError(`${shown}: expected a mapping from query_id to its reference SQL`);
  const entries = raw as Record<string, unknown>;
  const byId = new Map(records.map((r) => [r.query_id, r]));
  const lines: ReferenceSql[] = [];
  for (const [queryId, value] of Object.entries(entries)) {
    const where = `${shown}: ${queryId}`;
    const record = byId.get(queryId);
    if (!record) throw new UserError(`${where}: no such query in corpus/plans`);
    const parsed = SourceReferenceSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(`${where}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
    }
    const steps = Object.fromEntries(
      Object.entries(parsed.data.steps ?? {}).map(([id, sql]) => [id, expand(sql, `${where}: step ${id}`)]),
    );
    const answer = parsed.data.answer
      ? {
          queries: Object.fromEntries(
            Object.entries(parsed.data.answer.queries).map(([name, sql]) => [
              name,
              expand(sql, `${where}: answer.${name}`),
            ]),
          ),
          facts: parsed.data.answer.facts,
        }
      : null;
    const line = { query_id: queryId, steps, answer };
    checkAgainst(record, line, where);
    lines.push(line);
  }
  const covered = new Set(lines.map((l) => l.query_id));
  for (const record of records) {
    const needs = !record.is_subjective || record.best_plan.steps.some((s) => s.tool === "T2S");
    if (needs && !covered.has(record.query_id))
      throw new UserError(
        `${shown}: ${record.query_id}: missing (its best plan has T2S steps or it is objective)`,
      );
  }
  lines.sort((a, b) => (a.query_id < b.query_id ? -1 : a.query_id > b.query_id ? 1 : 0));
  const jsonl = toJsonLines(lines);
  return {
    jsonl,
    digest: `sha256:${createHash("sha256").update(jsonl).digest("hex")}`,
    queries: lines.length,
    steps: lines.reduce((sum, l) => sum + Object.keys(l.steps).length, 0),
    answers: lines.filter((l) => l.answer).length,
  };
}
