/**
 * triplet: order the last three revisions of one lineage (best, penultimate, antepenultimate), shown in a shuffled
 * order as slots A, B, C; the annotator ranks each slot 1 (best) to 3, equal ranks for ties. Tasks come from query
 * lines with lineages (`--queries`) or from `plan refine --out` lineages (`--lineages`), any lineage of at least
 * three revisions. Export: three score lines per triplet with planner names best / penultimate / antepenultimate and
 * `total` = 4 − rank (3 for the slot ranked first), which `plan agree` turns into triplet agreement
 * (src/plans/agreement/triplets.ts compares only the order of the three values, so the scale does not matter).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { UserError } from "../../errors.js";
import { DEFAULT_TRIPLET_PLANNERS } from "../../plans/agreement/triplets.js";
import { readQueries } from "../../plans/query-records.js";
import { queryKey } from "../../plans/records.js";
import { html } from "../../render/escape.js";
import {
  type NewTask,
  TRIPLET_SLOTS,
  type TripletLabel,
  TripletLabelSchema,
  type TripletPayload,
  TripletPayloadSchema,
} from "../contract.js";
import { block, choiceField } from "./fields.js";
import type { KindModule, KindView, Measure } from "./kind.js";
import { readNumbered } from "./read-lines.js";
import { type ShownPlan, shownPlan, titleOf } from "./shown-plan.js";

type Position = (typeof DEFAULT_TRIPLET_PLANNERS)[number];
type Slot = (typeof TRIPLET_SLOTS)[number];

/** The six orders of three; a task's order is chosen by a hash of its key, so it is the same on every import. */
const ORDERS: readonly (readonly [Position, Position, Position])[] = [
  ["best", "penultimate", "antepenultimate"],
  ["best", "antepenultimate", "penultimate"],
  ["penultimate", "best", "antepenultimate"],
  ["penultimate", "antepenultimate", "best"],
  ["antepenultimate", "best", "penultimate"],
  ["antepenultimate", "penultimate", "best"],
];

export function shuffledOrder(key: string): readonly [Position, Position, Position] {
  const byte = createHash("sha256").update(key).digest()[0] ?? 0;
  return ORDERS[byte % ORDERS.length] as readonly [Position, Position, Position];
}

function triplet(
  ids: { query_id: string | number; planner: string | null; prompt_type: string | null; query: string },
  plans: readonly unknown[],
  source: string,
): NewTask | null {
  if (plans.length < 3) return null;
  const byPosition: Record<Position, ShownPlan> = {
    best: shownPlan(plans.at(-1) as string),
    penultimate: shownPlan(plans.at(-2) as string),
    antepenultimate: shownPlan(plans.at(-3) as string),
  };
  const key = JSON.stringify([queryKey(ids.query_id), ids.planner, ids.prompt_type]);
  const order = shuffledOrder(key);
  const payload: TripletPayload = {
    ...ids,
    slots: TRIPLET_SLOTS.map((slot, index) => ({ slot, plan: byPosition[order[index] as Position] })),
    truth: { A: order[0], B: order[1], C: order[2] },
  };
  const who = ids.planner === null ? "" : ` — ${ids.planner}, ${ids.prompt_type}`;
  return { key, title: `${titleOf(queryKey(ids.query_id), ids.query)}${who}`, payload, source };
}

const RefinedSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().min(1),
  prompt_type: z.string(),
  query: z.string(),
  lineage: z.array(z.looseObject({ plan: z.record(z.string(), z.unknown()) })),
});

function importTasks(sources: { queries?: string; lineages?: string }): NewTask[] {
  if (sources.queries && sources.lineages)
    throw new UserError("--queries and --lineages: give one source of lineages, not both");
  if (sources.lineages) {
    const file = sources.lineages;
    return readNumbered(file, RefinedSchema).flatMap(({ record }) => {
      const made = triplet(
        {
          query_id: record.query_id,
          planner: record.planner,
          prompt_type: record.prompt_type,
          query: record.query,
        },
        record.lineage.map((entry) => entry.plan),
        file,
      );
      return made ? [made] : [];
    });
  }
  if (!sources.queries)
    throw new UserError(
      "triplet needs --queries FILE (lineages of the data) or --lineages FILE (plan refine --out)",
    );
  const file = sources.queries;
  return readQueries(file).flatMap((record) => {
    const made = triplet(
      { query_id: record.query_id, planner: null, prompt_type: null, query: record.query },
      (record.lineage ?? []).map((entry) => entry.plan),
      file,
    );
    return made ? [made] : [];
  });
}

/** The annotator's rank of each position (1 best). */
function ranksByPosition(payload: TripletPayload, label: TripletLabel): Record<Position, number> {
  const out = {} as Record<Position, number>;
  for (const slot of TRIPLET_SLOTS) out[payload.truth[slot as Slot]] = label.ranks[slot as Slot];
  return out;
}

/** A shown position's value in the export: the better the rank, the higher. */
function tripletValue(rank: number): number {
  return 4 - rank;
}

/**
 * plan agree pairs a triplet's lines by query and prompt type (the planner field names the position), so two
 * lineages of one query and prompt type — two planners refined — cannot share a file.
 */
function uniqueLineages<T extends { payload: TripletPayload }>(items: readonly T[]): readonly T[] {
  const seen = new Map<string, string | null>();
  for (const { payload } of items) {
    const key = JSON.stringify([queryKey(payload.query_id), payload.prompt_type]);
    if (seen.has(key))
      throw new UserError(
        `triplet: lineages of ${seen.get(key) ?? "the data"} and ${payload.planner ?? "the data"} share query ${payload.query_id} and prompt type ${payload.prompt_type}; plan agree tells triplets apart by query and prompt type only`,
        { hint: "keep one planner's lineages per review database" },
      );
    seen.set(key, payload.planner);
  }
  return items;
}

const RELATIONS = ["worse", "tie", "better"] as const;

/** The two inequalities plan agree compares: is the later plan better than, tied with or worse than the earlier? */
function measures(payload: TripletPayload, label: TripletLabel): Measure[] {
  const rank = ranksByPosition(payload, label);
  const relation = (later: Position, earlier: Position) => {
    const difference = rank[earlier] - rank[later];
    return RELATIONS[Math.sign(difference) + 1] as string;
  };
  return [
    {
      name: "best vs penultimate",
      value: relation("best", "penultimate"),
      categories: RELATIONS,
      ordinal: true,
    },
    {
      name: "penultimate vs antepenultimate",
      value: relation("penultimate", "antepenultimate"),
      categories: RELATIONS,
      ordinal: true,
    },
  ];
}

// ---- the page: how a task of this kind is shown and labelled ----

/** triplet: three revisions of one lineage in shuffled order; the annotator ranks them (1 best, ties allowed). */

const RANKS = [
  { value: 1, key: "1", text: "best" },
  { value: 2, key: "2", text: "middle" },
  { value: 3, key: "3", text: "worst" },
];

const tripletView: KindView<TripletPayload> = {
  keys: [["1 / 2 / 3", "rank the current plan (1 best; equal ranks are ties); j for the next plan"]],
  render: (p) => html`<p class="query">${p.query}</p>
<div class="columns three">${p.slots.map((s) => block(`Plan ${s.slot}`, s.plan.text, "empty plan"))}</div>
<div class="columns three">${p.slots.map((s) => choiceField(`ranks.${s.slot}`, `Rank of plan ${s.slot}`, RANKS))}</div>`,
};

export const tripletKind: KindModule<TripletPayload, TripletLabel> = {
  kind: "triplet",
  title: "Triplets: order three revisions",
  // [query, planner, prompt type]
  keyParts: [{ at: 0 }, { at: 1 }, { at: 2 }],
  view: tripletView,
  payloadSchema: TripletPayloadSchema,
  labelSchema: TripletLabelSchema,
  sources: { required: [], optional: ["queries", "lineages"] },
  importTasks: (sources) => ({ tasks: importTasks(sources) }),
  measures,
  exportRecords: (items) =>
    uniqueLineages(items).flatMap(({ payload, label }) => {
      const rank = ranksByPosition(payload, label);
      return DEFAULT_TRIPLET_PLANNERS.map((position) => ({
        query_id: payload.query_id,
        planner: position,
        prompt_type: payload.prompt_type,
        total: tripletValue(rank[position]),
        rank: rank[position],
        ...(payload.planner === null ? {} : { lineage_planner: payload.planner }),
      }));
    }),
  nativeFormat: "jsonl",
  csvColumns: ["query_id", "planner", "prompt_type", "total", "rank", "lineage_planner"],
  exportFormat: "score lines with planners best / penultimate / antepenultimate (plan agree --kind scores)",
};
