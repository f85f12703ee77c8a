/**
 * Blind sets 1, 2 and 3 of issue 27 as regression fixtures: 47, 45 and 43 plan pairs computed by hand by helpers who
 * had not read the matcher (fixtures/blind-27-set1/README.md, blind-27-set2/README.md, blind-27-set3/README.md).
 * The matcher was tuned against all three, so they are regression tests now, not measurements
 * (docs/plan-matching.md, section 9).
 */

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR, PACKAGE_ROOT } from "../paths.js";
import { ambiguousFields, judgeSet, readBlindPairs, readReferences, summarise } from "./blind-pairs.js";
import { RATINGS } from "./rating.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

interface BlindSet {
  name: string;
  folder: string;
  size: number;
  kinds: Record<string, number>;
  /** Pairs whose expected value contradicts a documented reading, with the reason beside each. */
  disputed: ReadonlySet<number>;
}

const SETS: BlindSet[] = [
  {
    name: "blind set 1 (issue 27)",
    folder: "blind-27-set1",
    size: 47,
    kinds: {
      paraphrase: 15,
      "single-flaw": 8,
      "intent-change": 8,
      structural: 6,
      "rating-band": 6,
      gaming: 4,
    },
    // Pair 20 expects "With the question in mind" in an intermediate LLM step to need (query); by the documented
    // reading (docs/plan-matching.md, section 5) only "the query" and "the user's/original question" do.
    disputed: new Set([20]),
  },
  {
    // Measured once before any fix against it (36/45 after h27), then fixed by class: a regression test now.
    name: "blind set 2 (issue 27)",
    folder: "blind-27-set2",
    size: 45,
    kinds: {
      paraphrase: 13,
      "single-flaw": 8,
      "intent-change": 7,
      structural: 6,
      "rating-band": 7,
      gaming: 4,
    },
    disputed: new Set(),
  },
  {
    // Measured once per round by the lead (24/43 before issue 27, 38/43 after rounds 1 and 2), released for round
    // 3 and fixed by class (docs/plan-matching.md, section 9): a regression test now.
    name: "blind set 3 (issue 27)",
    folder: "blind-27-set3",
    size: 43,
    kinds: {
      paraphrase: 13,
      "single-flaw": 8,
      "intent-change": 7,
      structural: 6,
      "rating-band": 5,
      gaming: 4,
    },
    disputed: new Set(),
  },
];

const references = readReferences(join(DATA_DIR, "plans", "queries.jsonl"));

describe.each(SETS)("$name", ({ folder, size, kinds, disputed }) => {
  const pairs = readBlindPairs(join(PACKAGE_ROOT, "src", "plans", "fixtures", folder, "pairs.jsonl"));
  const verdicts = judgeSet(pairs, references, DEFAULT_TOOL_DESCRIPTIONS);

  it("has the pairs and kinds its README lists", () => {
    expect(pairs).toHaveLength(size);
    expect(summarise(verdicts).kinds).toMatchObject(
      Object.fromEntries(Object.entries(kinds).map(([kind, total]) => [kind, { total }])),
    );
  });

  it(`agrees on every non-ambiguous field of every pair but the disputed ones`, () => {
    const disagreeing = verdicts.filter((v) => !v.agrees).map((v) => v.n);
    expect(disagreeing.filter((n) => !disputed.has(n))).toEqual([]);
    expect(summarise(verdicts).pairs.agree).toBeGreaterThanOrEqual(size - disputed.size);
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
});

describe("blind pairs", () => {
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
