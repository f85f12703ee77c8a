/**
 * Merges the shards of one run (`tooluse run --shard K/N` on N machines) into the results file the unsharded run
 * would have written: same records in the same order, same counts, same summary. Shards are refused, with one line
 * naming the files, when they come from different runs (a field that decides the verdicts differs), overlap (a shard
 * or a record twice) or leave a gap (a shard absent).
 */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { canonicalJson } from "./canonical-json.js";
import { OPERATIONAL_FIELDS } from "./operational.js";
import { type RunRecord, recordKey } from "./record.js";
import { repeatsOf, selectAttempts } from "./repeats.js";
import { assembleOutcome, type Results } from "./results.js";
import type { Shard } from "./shard.js";

export interface ShardFile {
  file: string;
  results: Results;
}

/**
 * Configuration that says how a run was carried out, not what it measured: shards may differ in it (each CI job has
 * its own server address and key variable). Everything else, present or future, must agree.
 */
const OPERATIONAL = new Set<string>([
  // What a resumed run may change too (src/runner/operational.ts).
  ...OPERATIONAL_FIELDS,
  "cases_file",
  "allow_download",
  "shard",
  "out",
]);
/** Per-run facts of the results file itself: merged, not compared. */
const PER_RUN = new Set(["started_at", "finished_at", "counts", "missing", "records", "summary", "config"]);

/** The fields that must agree, by name: every top-level field but the per-run ones, and the config's non-operational ones. */
function identity(results: Results): [string, unknown][] {
  const fields: [string, unknown][] = [];
  for (const [key, value] of Object.entries(results)) {
    if (PER_RUN.has(key)) continue;
    if (key === "corpus") {
      const { file: _file, ...corpus } = value as Results["corpus"];
      fields.push(["corpus", corpus]);
    } else fields.push([key, value]);
  }
  for (const [key, value] of Object.entries(results.config))
    if (!OPERATIONAL.has(key)) fields.push([`config.${key}`, value]);
  return fields;
}

const short = (value: unknown) => {
  const text = canonicalJson(value) ?? "absent";
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function refuseDifferentRuns(first: ShardFile, other: ShardFile): void {
  const mine = new Map(identity(first.results));
  const theirs = new Map(identity(other.results));
  for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
    if (canonicalJson(mine.get(key)) === canonicalJson(theirs.get(key))) continue;
    throw new UserError(
      `merge: ${first.file} and ${other.file} are shards of different runs: ${key} differs (${short(mine.get(key))} vs ${short(theirs.get(key))})`,
      { hint: "merge only the shards of one run (same corpus, grading, harness, model and settings)" },
    );
  }
}

function shardOf({ file, results }: ShardFile): Shard {
  const shard = results.config.shard;
  if (!shard) throw new UserError(`merge: ${file} is a whole run, not a shard (run with --shard K/N)`);
  return shard;
}

/** Every shard index 1..N exactly once. */
function refuseGapsAndOverlaps(shards: readonly ShardFile[]): void {
  const count = shardOf(shards[0] as ShardFile).count;
  const seen = new Map<number, string>();
  for (const entry of shards) {
    const { index, count: theirs } = shardOf(entry);
    if (theirs !== count)
      throw new UserError(
        `merge: ${(shards[0] as ShardFile).file} is one of ${count} shards but ${entry.file} is one of ${theirs}: they are not shards of one run`,
      );
    const earlier = seen.get(index);
    if (earlier !== undefined)
      throw new UserError(`merge: overlap: ${earlier} and ${entry.file} are both shard ${index}/${count}`);
    seen.set(index, entry.file);
  }
  const absent = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (absent.length > 0)
    throw new UserError(
      `merge: gap: shard ${absent.map((i) => `${i}/${count}`).join(", ")} is missing (given: ${[
        ...seen.keys(),
      ]
        .sort((a, b) => a - b)
        .map((i) => `${i}/${count}`)
        .join(", ")})`,
      { hint: "give every shard's results file" },
    );
}

/** Each record must belong to its shard and appear once across all of them. */
function collectRecords(shards: readonly ShardFile[], cases: readonly Case[]): RunRecord[] {
  const owner = new Map<string, string>();
  const records: RunRecord[] = [];
  for (const { file, results } of shards) {
    const mine = new Set(
      selectAttempts(cases, results.config.protocols, results.config.shard, repeatsOf(results.config)).map(
        ({ testCase, protocol, attempt }) => recordKey({ id: testCase.id, protocol, attempt }),
      ),
    );
    for (const record of results.records) {
      const key = recordKey(record);
      const where = `case ${record.id} in protocol ${record.protocol}${record.attempt ? ` (attempt ${record.attempt})` : ""}`;
      const earlier = owner.get(key);
      if (earlier !== undefined) throw new UserError(`merge: overlap: ${where} is in ${earlier} and ${file}`);
      if (!mine.has(key))
        throw new UserError(`merge: ${file}: ${where} does not belong to its shard; the file was edited`);
      owner.set(key, file);
      records.push(record);
    }
    // What a shard lists as missing must be what it lacks: a record deleted by hand is not hidden.
    const lacking = mine.size - results.records.length;
    if ((results.counts.missing ?? 0) !== lacking || (results.missing?.length ?? 0) !== lacking)
      throw new UserError(
        `merge: ${file}: lists ${results.counts.missing ?? 0} missing record(s), but ${lacking} of its pairs have no record; the file was edited`,
        { hint: "run that shard again" },
      );
  }
  return records;
}

/**
 * The merged results. `cases` is the run's cases file (its digest checked by the caller); the selection is
 * re-applied from the shards' shared filters. Missing records inside a shard stay missing, as in an unsharded run.
 */
export function mergeShards(shards: readonly ShardFile[], selected: readonly Case[]): Results {
  const first = shards[0];
  if (!first) throw new UserError("merge: give the results files of the shards");
  for (const other of shards.slice(1)) refuseDifferentRuns(first, other);
  refuseGapsAndOverlaps(shards);
  const records = collectRecords(shards, selected);
  const { shard: _shard, ...config } = first.results.config;
  const times = (key: "started_at" | "finished_at") => shards.map((s) => s.results[key]).sort();
  return {
    ...first.results,
    config,
    started_at: times("started_at")[0] as string,
    finished_at: times("finished_at").at(-1) as string,
    ...assembleOutcome(selected, config, records),
  };
}
