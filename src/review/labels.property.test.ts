/** Whatever a client posts as a label, the store answers with a stored label or a LabelError naming a field: never anything else. */
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import { LabelError, type TaskKind } from "./contract.js";
import { KINDS } from "./kinds/index.js";
import { kindNamed, taskKinds } from "./kinds/lookup.js";
import { openReviewStore } from "./store.js";
import { answersTask, verdictTask } from "./test-support/tasks.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const dir = tempDir("tooluse-review-property-");
const store = openReviewStore(join(dir.path, "p.sqlite"));
afterAll(() => {
  store.close();
  dir.remove();
});

const plan = {
  text: '{1: {"step": T2S([], "x"), "depends_on": []}}',
  source: '{1: {"step": T2S([], "x"), "depends_on": []}}',
};
store.addTasks("lineage", KINDS.lineage.importTasks({ queries: QUERIES }).tasks.slice(0, 1));
store.addTasks("triplet", KINDS.triplet.importTasks({ queries: QUERIES }).tasks.slice(0, 1));
store.addTasks("verdict", [verdictTask("c")]);
store.addTasks("answers", [answersTask("q")]);
store.addTasks("plan-rating", [
  {
    key: "r",
    title: "r",
    payload: {
      query_id: "q",
      planner: "p",
      prompt_type: "t",
      query: "x",
      candidate: plan,
      reference: plan,
      evaluator: null,
    },
  },
]);
store.addTasks("step-tags", [
  {
    key: "s",
    title: "s",
    payload: {
      query_id: "q",
      planner: "p",
      prompt_type: "t",
      pass: 1,
      step: 1,
      query: "x",
      plan,
      reference: null,
      evaluator_tags: null,
    },
  },
]);
const taskOf = (kind: TaskKind) => store.listTasks({ kind })[0]?.id as number;

/** Labels near the real shapes (the kinds' own field names with odd values), and arbitrary JSON. */
const nearLabel = fc.record(
  {
    action: fc.constantFrom("accept", "edit", "x"),
    plan: fc.oneof(fc.string(), fc.jsonValue()),
    note: fc.jsonValue(),
    rating: fc.oneof(fc.constantFrom("Good", "Bad"), fc.string()),
    format: fc.oneof(fc.double(), fc.integer()),
    query_adherence: fc.constantFrom(0, 7.5, 15, 3),
    tags: fc.array(fc.constantFrom("NO CHANGE", "INCORRECT TOOL", "x")),
    ranks: fc.dictionary(fc.constantFrom("A", "B", "C", "D"), fc.jsonValue()),
    decision: fc.string(),
    scores: fc.jsonValue(),
    verdict: fc.constantFrom("agree", "dispute", "x"),
    reason: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe("addLabel on hostile labels", () => {
  it("stores a label or throws a LabelError with a field, for every kind and any JSON", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...taskKinds()),
        fc.oneof(nearLabel, fc.jsonValue()),
        fc.string(),
        (kind, label, annotator) => {
          try {
            const stored = store.addLabel(taskOf(kind), annotator, label);
            expect(stored.kind).toBe(kind);
            expect(kindNamed(kind).labelSchema.safeParse(stored.label).success).toBe(true);
          } catch (error) {
            if (!(error instanceof LabelError)) throw error;
            expect(error.field.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400, seed: 19 },
    );
  });
});
