/**
 * Step-evaluator tag agreement with humans (the paper's Table 25): per tag, how many steps each side tagged, the
 * overlap, precision (of the evaluator's tags), recall (of the human tags) and F1 with a bootstrap interval.
 * A step may carry several tags on either side, so each tag is its own yes/no question per step.
 *
 * Steps pair by (query_id, planner, prompt_type, pass, step). The judged side is a tag-label file or the lineages
 * `plan refine --out` writes; from lineages the first visit of a step in a pass is used (a step revisited after a
 * split is a different step), and visits whose evaluator answer failed are counted as failed, never as a tag.
 */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { readJsonl } from "../../jsonl.js";
import { describeKeyMismatch, parseKeys } from "../../text/key-mismatch.js";
import { STEP_TAGS } from "../query-records.js";
import { queryKey } from "../records.js";
import { type BootstrapSettings, DEFAULT_BOOTSTRAP, type Estimate, estimate } from "./estimate.js";
import { readTagLabels, type TagLabel } from "./label-files.js";

export interface TagRow {
  tag: string;
  gold: number;
  judged: number;
  overlap: number;
  precision: number | null;
  recall: number | null;
  f1: Estimate;
}

export interface TagAgreementReport {
  gold: { file: string; steps: number };
  judged: { file: string; steps: number };
  paired: number;
  gold_only: number;
  /** Steps the evaluator was asked about but whose answer failed: left out of the rows, shown. */
  judged_failed: number;
  /** Share of paired steps where both sides give exactly the same set of tags. */
  exact: Estimate;
  tags: TagRow[];
  bootstrap: BootstrapSettings;
}

type Item = { key: string; tags: Set<string> | null };

function key(l: {
  query_id: string | number;
  planner: string | null;
  prompt_type: string | null;
  pass: number;
  step: number;
}) {
  return JSON.stringify([queryKey(l.query_id), l.planner, l.prompt_type, l.pass, l.step]);
}

const LineageEventsSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  events: z.array(
    z.looseObject({
      pass: z.number().int(),
      step: z.number().int(),
      tags: z.array(z.string()),
      outcome: z.string(),
    }),
  ),
});

/** Lineage files have `events`; tag-label files have `tags` per line. */
function isLineageFile(file: string): boolean {
  if (file.toLowerCase().endsWith(".csv")) return false;
  try {
    readJsonl(file, LineageEventsSchema);
    return true;
  } catch {
    return false;
  }
}

function fromLabels(labels: readonly TagLabel[], file: string): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const label of labels) {
    const k = key(label);
    if (items.has(k))
      throw new UserError(
        `${file}: step ${label.step} of query ${label.query_id} (pass ${label.pass}) appears twice`,
      );
    items.set(k, { key: k, tags: new Set(label.tags) });
  }
  return items;
}

function fromLineages(file: string): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const line of readJsonl(file, LineageEventsSchema))
    for (const event of line.events) {
      const k = key({ ...line, pass: event.pass, step: event.step });
      if (items.has(k)) continue;
      items.set(k, { key: k, tags: event.outcome === "evaluator-failed" ? null : new Set(event.tags) });
    }
  return items;
}

export function readTagItems(file: string): Map<string, Item> {
  return isLineageFile(file) ? fromLineages(file) : fromLabels(readTagLabels(file), file);
}

export function compareTagFiles(
  goldFile: string,
  judgedFile: string,
  settings: BootstrapSettings = DEFAULT_BOOTSTRAP,
): TagAgreementReport {
  const gold = readTagItems(goldFile);
  const judged = readTagItems(judgedFile);
  const pairs: { gold: Set<string>; judged: Set<string> }[] = [];
  let failed = 0;
  let goldOnly = 0;
  for (const [k, g] of [...gold.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const j = judged.get(k);
    if (!j) goldOnly++;
    else if (j.tags === null) failed++;
    else pairs.push({ gold: g.tags ?? new Set(), judged: j.tags });
  }
  if (pairs.length === 0)
    throw new UserError(
      `${goldFile} and ${judgedFile} share no step with a usable evaluator answer (${failed} failed): no agreement to report${
        failed > 0
          ? ""
          : `; ${describeKeyMismatch(
              ["query_id", "planner", "prompt_type", "pass", "step"],
              { name: goldFile, keys: parseKeys(gold.keys()) },
              { name: judgedFile, keys: parseKeys(judged.keys()) },
            )}`
      }`,
    );
  const rows = STEP_TAGS.map((tag) => {
    const count = (indices: readonly number[]) => {
      let g = 0;
      let j = 0;
      let both = 0;
      for (const i of indices) {
        const pair = pairs[i] as (typeof pairs)[number];
        const inGold = pair.gold.has(tag);
        const inJudged = pair.judged.has(tag);
        if (inGold) g++;
        if (inJudged) j++;
        if (inGold && inJudged) both++;
      }
      return { g, j, both };
    };
    const f1 = (indices: readonly number[]) => {
      const { g, j, both } = count(indices);
      return g + j === 0 ? null : (2 * both) / (g + j);
    };
    const all = count(pairs.map((_, i) => i));
    return {
      tag,
      gold: all.g,
      judged: all.j,
      overlap: all.both,
      precision: all.j === 0 ? null : all.both / all.j,
      recall: all.g === 0 ? null : all.both / all.g,
      f1: estimate(`tags\u0000${tag}`, pairs.length, f1, settings),
    };
  });
  const same = pairs.map((p) =>
    p.gold.size === p.judged.size && [...p.gold].every((t) => p.judged.has(t)) ? 1 : 0,
  );
  return {
    gold: { file: goldFile, steps: gold.size },
    judged: { file: judgedFile, steps: judged.size },
    paired: pairs.length,
    gold_only: goldOnly,
    judged_failed: failed,
    exact: estimate(
      "tags\u0000exact",
      pairs.length,
      (indices) => indices.reduce((sum, i) => sum + (same[i] ?? 0), 0) / indices.length,
      settings,
    ),
    tags: rows,
    bootstrap: settings,
  };
}
