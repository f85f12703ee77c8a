import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, UNRESOLVED_SENTIMENT_PLAN } from "../paper-examples.js";
import type { PlanRecord } from "../records.js";
import { queryRecord } from "./entry-record.js";
import { exportPlans, exportQueries } from "./export-release.js";
import { importPlans, importQueries } from "./import-release.js";
import { canonicalPlan } from "./plan-forms.js";
import type { QueryRecord } from "./schema.js";

const PLANS = [REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, UNRESOLVED_SENTIMENT_PLAN].map((text) => {
  const converted = canonicalPlan(text);
  if (!converted.ok) throw new Error(converted.message);
  return converted.plan;
});

/** Text a spreadsheet cell may hold: commas, quotes, line breaks, non-ASCII. */
const cellText = fc.string({
  unit: fc.constantFrom("a", "Z", " ", ",", '"', "'", "\n", "\r\n", ";", "é", "—", "😀"),
});
const trimmed = cellText.map((s) => s.trim()).filter((s) => s !== "");
const id = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,7}$/);
const plan = fc.constantFrom(...PLANS);

const record: fc.Arbitrary<QueryRecord> = fc
  .record({
    query_id: id,
    split: fc.constantFrom("train" as const, "test" as const),
    query: cellText.filter((s) => s.trim() !== ""),
    is_subjective: fc.boolean(),
    is_compound: fc.boolean(),
    best_plan: plan,
    lineage: fc.option(
      fc.array(fc.record({ plan, fixes: fc.array(trimmed, { maxLength: 2 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      {
        nil: null,
      },
    ),
    grouped: fc.option(trimmed, { nil: undefined }),
  })
  .map((fields) => queryRecord(fields));

const records = fc.uniqueArray(record, { selector: (r) => r.query_id, maxLength: 6 });

describe("the release CSV format, for any records", () => {
  it("gives back equal query records after export → import", () => {
    fc.assert(
      fc.property(records, (list) => {
        expect(importQueries(exportQueries(list), "q.csv")).toEqual(list);
      }),
    );
  });

  it("gives back raw plans verbatim after export → import", () => {
    const planRecord: fc.Arbitrary<PlanRecord> = fc.record({
      query_id: id,
      planner: trimmed,
      prompt_type: cellText.map((s) => s.trim()),
      plan: cellText,
    });
    fc.assert(
      fc.property(fc.array(planRecord, { maxLength: 6 }), (list) => {
        const known = new Set(list.map((p) => String(p.query_id)));
        expect(importPlans(exportPlans(list), "p.csv", known)).toEqual(list);
      }),
    );
  });
});
