import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../../paths.js";
import { tempDir } from "../../test-support/temp.js";
import {
  AnswersLabelSchema,
  type LineagePayload,
  PlanRatingLabelSchema,
  STEP_TAG_KEYS,
  type TripletPayload,
} from "../contract.js";
import { serialiseRecords } from "../export-format.js";
import { type BuiltInKind, KINDS } from "./index.js";
import { previewScore } from "./lineage.js";
import { kindNamed, taskKinds } from "./lookup.js";
import { titleOf } from "./shown-plan.js";
import { shuffledOrder } from "./triplet.js";

/** The triplet export's text in the kind's own format (what `review export` writes to a .jsonl file). */
const tripletExport = (items: Parameters<typeof KINDS.triplet.exportRecords>[0]) =>
  serialiseRecords(KINDS.triplet.exportRecords(items), KINDS.triplet.nativeFormat, undefined);

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const dir = tempDir("tooluse-review-kinds-");
afterAll(() => dir.remove());

/** The field zod names for a label, or "ok". */
function fieldOf(kind: BuiltInKind, label: unknown): string {
  const parsed = KINDS[kind].labelSchema.safeParse(label);
  if (parsed.success) return "ok";
  return parsed.error.issues[0]?.path.join(".") || "label";
}

describe("label schemas: the same fields as the files they export to", () => {
  it("accepts good labels of every kind", () => {
    expect(fieldOf("lineage", { action: "accept" })).toBe("ok");
    expect(fieldOf("lineage", { action: "edit", plan: "{1: …}", note: "n" })).toBe("ok");
    expect(fieldOf("plan-rating", { rating: "Good" })).toBe("ok");
    expect(fieldOf("plan-rating", { query_adherence: 7.5, format: 13.33 })).toBe("ok");
    expect(fieldOf("step-tags", { tags: ["INCORRECT TOOL", "REPEATED DETAIL"] })).toBe("ok");
    expect(fieldOf("triplet", { ranks: { A: 1, B: 1, C: 3 } })).toBe("ok");
    expect(fieldOf("answers", { decision: "R1,R3" })).toBe("ok");
    expect(fieldOf("verdict", { verdict: "agree" })).toBe("ok");
    expect(fieldOf("verdict", { verdict: "dispute", reason: "the case allows either call" })).toBe("ok");
  });

  it("names the field of a bad label", () => {
    expect(fieldOf("lineage", { action: "edit" })).toBe("plan");
    expect(fieldOf("lineage", { action: "edit", plan: "  " })).toBe("plan");
    expect(fieldOf("lineage", { action: "accept", plan: "x" })).toBe("label");
    expect(fieldOf("plan-rating", {})).toBe("rating");
    expect(fieldOf("plan-rating", { rating: "Great" })).toBe("rating");
    expect(fieldOf("plan-rating", { format: 21 })).toBe("format");
    expect(fieldOf("plan-rating", { query_adherence: 10 })).toBe("query_adherence");
    expect(fieldOf("plan-rating", { dependencies: -1 })).toBe("dependencies");
    expect(fieldOf("plan-rating", { rating: "Good", query_id: "q1" })).toBe("label");
    expect(fieldOf("step-tags", { tags: [] })).toBe("tags");
    expect(fieldOf("step-tags", { tags: ["WRONG"] })).toBe("tags.0");
    expect(fieldOf("step-tags", { tags: ["NO CHANGE", "INCORRECT TOOL"] })).toBe("tags");
    expect(fieldOf("step-tags", { tags: ["INCORRECT TOOL", "INCORRECT TOOL"] })).toBe("tags");
    expect(fieldOf("triplet", { ranks: { A: 1, B: 2 } })).toBe("ranks.C");
    expect(fieldOf("triplet", { ranks: { A: 1, B: 2, C: 4 } })).toBe("ranks.C");
    expect(fieldOf("answers", { decision: "" })).toBe("decision");
    expect(
      fieldOf("answers", {
        decision: "R1",
        scores: { R1: { validity: 2, consistency: 1, completeness: 1, redundancy: 1 } },
      }),
    ).toBe("scores.R1.validity");
    expect(fieldOf("verdict", { verdict: "dispute", reason: "" })).toBe("reason");
    expect(fieldOf("verdict", {})).toBe("verdict");
  });

  it("the plan-rating label is a line of plan agree's score files without its keys; answers keep decision", () => {
    expect(Object.keys(PlanRatingLabelSchema.shape)).toEqual([
      "rating",
      "format",
      "tool_prompt_alignment",
      "step_executability",
      "query_adherence",
      "dependencies",
      "redundancy",
      "tool_usage_completeness",
    ]);
    expect(Object.keys(AnswersLabelSchema.shape)).toEqual(["decision", "scores"]);
  });

  it("every step tag has a key of its own", () => {
    expect(new Set(Object.values(STEP_TAG_KEYS)).size).toBe(6);
  });

  it("every kind has its module and export format", () => {
    for (const kind of taskKinds()) {
      expect(kindNamed(kind).kind).toBe(kind);
      expect(kindNamed(kind).exportFormat.length).toBeGreaterThan(10);
    }
  });
});

describe("task titles", () => {
  it("the query on one line, cut at 90 characters with an ellipsis, never inside a surrogate pair", () => {
    expect(titleOf("q1", "  How many\n calls\tyesterday? ")).toBe("q1: How many calls yesterday?");
    const exact = "x".repeat(90);
    expect(titleOf("q", exact)).toBe(`q: ${exact}`);
    // 88 letters, then an emoji (two UTF-16 units) as the 89th character: cutting at 89 UTF-16 units would keep
    // half of it; it is kept whole, then the ellipsis.
    expect(titleOf("q", `${"a".repeat(88)}😀${"b".repeat(10)}`)).toBe(`q: ${"a".repeat(88)}😀…`);
    // 90 characters but 91 UTF-16 units: not cut at all.
    expect(titleOf("q", `${"a".repeat(89)}😀`)).toBe(`q: ${"a".repeat(89)}😀`);
  });
});

describe("lineage", () => {
  const tasks = KINDS.lineage.importTasks({ queries: QUERIES }).tasks;

  it("imports the 100 train lineages with revisions, final and previous plans, and the source's judge_only marks", () => {
    expect(tasks).toHaveLength(100);
    const first = tasks[0];
    expect(first?.key).toBe("tr-001");
    const payload = first?.payload as LineagePayload;
    expect(payload.revisions.map((r) => r.fixes)).toEqual([[], ["wrong tool"], ["query not answered"]]);
    expect(payload.revisions[1]?.judge_only).toMatch(/^the tool is now right/);
    expect(payload.revisions[2]?.judge_only).toBeNull();
    expect(payload.final.text).toBe(
      '{\n  1: {"step": T2S([], "How many calls last week where the call driver is activation were transferred more than once?"), "depends_on": []}\n}',
    );
    expect(payload.previous?.text).toContain('"How many calls where the call driver is activation');
    expect(payload).toMatchObject({ split: "train", is_subjective: false, is_compound: false });
    expect(payload.note).toMatch(/^SIM activation is the stored activation call driver/);
  });

  it("previewScore: the edited plan's metrics, F1 against the final plan, validity problems", () => {
    const payload = tasks[0]?.payload as LineagePayload;
    const same = previewScore(payload, payload.final.text);
    expect(same).toMatchObject({
      parse_ok: true,
      f1: 1,
      rating: "Extremely Good",
      valid: true,
      best_plan_problem: null,
    });
    expect(same.metrics).toEqual({
      format: 20,
      tool_prompt_alignment: null,
      step_executability: 15,
      query_adherence: null,
      dependencies: 10,
      redundancy: 10,
      tool_usage_completeness: 10,
    });
    expect(same.subtotal).toBe(65);
    const broken = previewScore(payload, '{1: {"step": T2S([], "x"), "depends_on": [2]}}');
    expect(broken.parse_ok).toBe(true);
    expect(broken.problems.length).toBeGreaterThan(0);
    expect(broken.best_plan_problem).toMatch(/^expected a plan without violations/);
    expect(broken.f1).toBe(0);
    const none = previewScore(payload, "no plan here");
    expect(none).toMatchObject({ parse_ok: false, valid: false, rating: "Extremely Bad" });
  });

  it("an edit identical to the previous revision is refused; accepting needs no check", () => {
    const payload = tasks[0]?.payload as LineagePayload;
    const check = KINDS.lineage.check;
    expect(check?.(payload, { action: "edit", plan: payload.previous?.text })).toEqual({
      field: "plan",
      message: "expected a change from the previous revision (accept that one instead?)",
    });
    expect(check?.(payload, { action: "accept" })).toBeNull();
    expect(check?.(payload, { action: "edit", plan: payload.final.text })).toBeNull();
  });
});

describe("triplet", () => {
  it("shows the three revisions shuffled, the same way on every import, each order used", () => {
    const tasks = KINDS.triplet.importTasks({ queries: QUERIES }).tasks;
    const again = KINDS.triplet.importTasks({ queries: QUERIES }).tasks;
    expect(tasks).toEqual(again);
    const orders = new Set(tasks.map((t) => JSON.stringify((t.payload as TripletPayload).truth)));
    expect(orders.size).toBe(6);
    const payload = tasks[0]?.payload as TripletPayload;
    const first = KINDS.lineage.importTasks({ queries: QUERIES }).tasks[0]?.payload as
      | LineagePayload
      | undefined;
    const lineage = first?.revisions ?? [];
    const slotOf = (position: string) =>
      payload.slots.find((s) => payload.truth[s.slot] === position)?.plan.text;
    expect(slotOf("best")).toBe(lineage.at(-1)?.plan.text);
    expect(slotOf("antepenultimate")).toBe(lineage.at(-3)?.plan.text);
    expect(shuffledOrder(tasks[0]?.key as string)).toEqual([
      payload.truth.A,
      payload.truth.B,
      payload.truth.C,
    ]);
  });

  it("measures the two inequalities in true positions whatever the shown order", () => {
    const payload = {
      truth: { A: "antepenultimate", B: "best", C: "penultimate" },
    } as unknown as TripletPayload;
    // B (best) first, A and C tied: best > penultimate, penultimate = antepenultimate.
    expect(
      KINDS.triplet.measures(payload, { ranks: { A: 2, B: 1, C: 2 } }).map((m) => [m.name, m.value]),
    ).toEqual([
      ["best vs penultimate", "better"],
      ["penultimate vs antepenultimate", "tie"],
    ]);
    expect(
      tripletExport([
        {
          key: "k",
          payload: { ...payload, query_id: "tr-001", prompt_type: null, planner: null } as never,
          label: { ranks: { A: 1, B: 3, C: 2 } } as never,
          annotator: "a",
        },
      ]),
    ).toBe(
      [
        '{"query_id":"tr-001","planner":"best","prompt_type":null,"total":1,"rank":3}',
        '{"query_id":"tr-001","planner":"penultimate","prompt_type":null,"total":2,"rank":2}',
        '{"query_id":"tr-001","planner":"antepenultimate","prompt_type":null,"total":3,"rank":1}',
        "",
      ].join("\n"),
    );
  });
});

describe("step-tags from plans", () => {
  it("one task per step of every readable plan, pass 1; an unreadable plan has no steps to tag", () => {
    const queries = join(dir.path, "q.jsonl");
    const plans = join(dir.path, "p.jsonl");
    writeFileSync(
      queries,
      `${JSON.stringify({ query_id: "q1", query: "How many?", best_plan: '{1: {"step": T2S([], "How many?"), "depends_on": []}}' })}\n`,
    );
    writeFileSync(
      plans,
      [
        {
          query_id: "q1",
          planner: "a",
          prompt_type: "t",
          plan: '{1: {"step": T2S([], "x"), "depends_on": []}, 2: {"step": LLM("(1)"), "depends_on": [1]}}',
        },
        { query_id: "q1", planner: "b", prompt_type: "t", plan: "I cannot plan this." },
      ]
        .map((l) => JSON.stringify(l))
        .join("\n"),
    );
    const tasks = KINDS["step-tags"].importTasks({ plans, queries }).tasks;
    expect(tasks.map((t) => t.key)).toEqual(['["q1","a","t",1,1]', '["q1","a","t",1,2]']);
    expect(() => KINDS["step-tags"].importTasks({ plans }).tasks).toThrow(/needs --lineages FILE/);
  });
});

describe("triplet export", () => {
  it("refuses two lineages of one query and prompt type, which plan agree could not tell apart", () => {
    const payload = (planner: string) =>
      ({
        query_id: "q1",
        planner,
        prompt_type: "t",
        truth: { A: "best", B: "penultimate", C: "antepenultimate" },
      }) as never;
    const label = { ranks: { A: 1, B: 2, C: 3 } } as never;
    expect(() =>
      tripletExport([
        { key: "1", payload: payload("p1"), label, annotator: "a" },
        { key: "2", payload: payload("p2"), label, annotator: "a" },
      ]),
    ).toThrow(/lineages of p1 and p2 share query q1 and prompt type t/);
  });
});
