/** `tooluse plan build`: the authored sources → data/plans/queries.jsonl and its manifest, byte-for-byte reproducible. */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { UserError } from "../../errors.js";
import { readInputText } from "../../input/read.js";
import { toJsonLines } from "../../jsonl.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { type Composition, compositionOf, compositionProblems } from "./composition.js";
import { recordOf } from "./entry-record.js";
import { lineageProblems } from "./lineage-check.js";
import { type BuiltReferences, buildReferences, REFERENCES_FILE } from "./references.js";
import type { QueryRecord, Split } from "./schema.js";
import { readSources } from "./source.js";

export interface PlanDataManifest {
  name: "tooluse-plans";
  version: string;
  digest: string;
  queries: number;
  composition: Record<"all" | Split, Composition>;
  lineages: { queries: number; revisions: number; fixes: Record<string, number> };
  /** The reference SQL and answers (data/plans/references.jsonl), when the corpus has them. */
  references?: { file: string; digest: string; queries: number; steps: number; answers: number };
}

export interface BuiltPlanData {
  records: QueryRecord[];
  jsonl: string;
  manifest: PlanDataManifest;
  /** data/plans/references.jsonl, or null for a corpus without references.yaml. */
  references: BuiltReferences | null;
  /** Composition off its targets, lineages that regress: reported, and held to zero by the tests. */
  warnings: string[];
}

function byId(a: QueryRecord, b: QueryRecord): number {
  return a.query_id < b.query_id ? -1 : a.query_id > b.query_id ? 1 : 0;
}

function checkUnique(records: readonly QueryRecord[]): void {
  const ids = new Set<string>();
  const queries = new Map<string, string>();
  for (const record of records) {
    if (ids.has(record.query_id))
      throw new UserError(`corpus/plans: query_id ${record.query_id} appears twice`);
    ids.add(record.query_id);
    const key = record.query.trim().toLowerCase();
    const other = queries.get(key);
    if (other) throw new UserError(`corpus/plans: ${record.query_id} repeats the query of ${other}`);
    queries.set(key, record.query_id);
  }
}

function sortedCounts(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of [...values].sort()) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function describe(records: readonly QueryRecord[], version: string, digest: string): PlanDataManifest {
  const ofSplit = (split: Split) => compositionOf(records.filter((r) => r.split === split));
  const lineages = records.flatMap((r) => (r.lineage ? [r.lineage] : []));
  return {
    name: "tooluse-plans",
    version,
    digest,
    queries: records.length,
    composition: { all: compositionOf(records), train: ofSplit("train"), test: ofSplit("test") },
    lineages: {
      queries: lineages.length,
      revisions: lineages.reduce((sum, lineage) => sum + lineage.length, 0),
      fixes: sortedCounts(lineages.flatMap((lineage) => lineage.flatMap((revision) => revision.fixes))),
    },
  };
}

/** The manifest as written to disk. */
export function manifestText(manifest: PlanDataManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function readVersion(file: string): string {
  return readInputText(file).trim();
}

/** Reads `<dir>/VERSION` and every `<dir>/<tr|te>-<nn>.yaml`; throws a UserError naming the first bad entry. */
export function buildPlanData(dir: string, tools: ToolDescriptions): BuiltPlanData {
  const version = readVersion(join(dir, "VERSION"));
  const records = readSources(dir)
    .map((located) => recordOf(located, tools))
    .sort(byId);
  checkUnique(records);
  const jsonl = toJsonLines(records);
  const digest = `sha256:${createHash("sha256").update(jsonl).digest("hex")}`;
  const references = buildReferences(dir, records);
  const manifest: PlanDataManifest = {
    ...describe(records, version, digest),
    ...(references
      ? {
          references: {
            file: REFERENCES_FILE,
            digest: references.digest,
            queries: references.queries,
            steps: references.steps,
            answers: references.answers,
          },
        }
      : {}),
  };
  const { all, train, test } = manifest.composition;
  const warnings = [
    ...compositionProblems({ train, test }, all),
    ...records.flatMap((record) =>
      lineageProblems(record, tools).map((problem) => `${record.query_id}: lineage: ${problem}`),
    ),
  ];
  return { records, jsonl, manifest, references, warnings };
}
