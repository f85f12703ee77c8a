/**
 * Blind set 1 of issue 27 as a regression fixture: 47 plan pairs computed by hand by a helper who had not read the
 * matcher (fixtures/blind-27-set1/README.md). The matcher was tuned against it, so it is a regression test now,
 * not a measurement (docs/plan-matching.md, section 9).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR, PACKAGE_ROOT } from "../paths.js";
import { ambiguousFields, judgeSet, readBlindPairs, readReferences, summarise } from "./blind-pairs.js";
import { RATINGS } from "./rating.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

const folder = join(PACKAGE_ROOT, "src", "plans", "fixtures", "blind-27-set1");
const pairs = readBlindPairs(join(folder, "pairs.jsonl"));
const verdicts = judgeSet(
  pairs,
  readReferences(join(DATA_DIR, "plans", "queries.jsonl")),
  DEFAULT_TOOL_DESCRIPTIONS,
);

/**
 * Pair 20 expects "With the question in mind" in an intermediate LLM step to need (query); by the documented
 * reading (docs/plan-matching.md, section 5) only "the query" and "the user's/original question" do.
 */
const DISPUTED = new Set([20]);

describe("blind set 1 (issue 27)", () => {
  it("has the pairs and kinds its README lists", () => {
    expect(pairs).toHaveLength(47);
    expect(summarise(verdicts).kinds).toMatchObject({
      paraphrase: { total: 15 },
      "single-flaw": { total: 8 },
      "intent-change": { total: 8 },
      structural: { total: 6 },
      "rating-band": { total: 6 },
      gaming: { total: 4 },
    });
  });

  it("agrees on every non-ambiguous field of 46 of 47 pairs, the other being the disputed one", () => {
    const disagreeing = verdicts.filter((v) => !v.agrees).map((v) => v.n);
    expect(disagreeing.filter((n) => !DISPUTED.has(n))).toEqual([]);
    expect(summarise(verdicts).pairs.agree).toBeGreaterThanOrEqual(46);
  });

  it("rates faithful paraphrases Acceptable or better and gaming probes as the author expected", () => {
    const acceptable = RATINGS.indexOf("Acceptable");
    for (const verdict of verdicts) {
      const rating = verdict.observed.rating as (typeof RATINGS)[number];
      if (verdict.kind === "paraphrase")
        expect(RATINGS.indexOf(rating), `#${verdict.n}`).toBeGreaterThanOrEqual(acceptable);
      if (verdict.kind === "gaming")
        expect(rating, `#${verdict.n}`).toBe(pairs.find((p) => p.n === verdict.n)?.expected.rating);
    }
  });

  it("reads which fields an author marked ambiguous", () => {
    expect([
      ...ambiguousFields([
        "matches/precision/recall/f1: the cascade … The rating is Extremely Bad either way",
      ]),
    ]).toEqual(["matches", "precision", "recall", "f1"]);
    expect([...ambiguousFields(["dependencies: I keep 10 because …"])]).toEqual(["dependencies"]);
    expect([
      ...ambiguousFields(["step_executability: a 'one request per step' evaluator would give 9"]),
    ]).toEqual(["step_executability"]);
  });
});
