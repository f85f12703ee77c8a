import { quantileSorted } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../metrics/random.js";
import { aggregateScores, bootstrapMean } from "./aggregate.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN } from "./paper-examples.js";
import { parseReference } from "./parse.js";
import { scorePlan } from "./score.js";
import type { ScoreLine } from "./score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

const reference = parseReference(REFUND_BEST_PLAN);
if (!reference.ok) throw new Error(reference.message);

function line(planner: string, candidate: string, prompt_type = "without_lineage"): ScoreLine {
  const plan = reference.ok ? reference.plan : { steps: [] };
  return scorePlan({ candidate, reference: plan, tools: DEFAULT_TOOL_DESCRIPTIONS, planner, prompt_type });
}

const lines = [
  line("a", REFUND_BEST_PLAN),
  line("a", REFUND_INITIAL_PLAN),
  line("a", "no plan"),
  line("b", REFUND_BEST_PLAN),
  line("b", REFUND_BEST_PLAN, "with_lineage"),
];

describe("aggregateScores", () => {
  it("groups by planner and prompt type, sorted", () => {
    const groups = aggregateScores(lines);
    expect(groups.map((g) => [g.planner, g.prompt_type, g.plans])).toEqual([
      ["a", "without_lineage", 3],
      ["b", "with_lineage", 1],
      ["b", "without_lineage", 1],
    ]);
  });

  it("gives means, shares of ratings and cumulative tiers", () => {
    const [a] = aggregateScores(lines);
    expect(a?.metrics.format.mean).toBeCloseTo(40 / 3);
    expect(a?.metrics.hops).toMatchObject({ n: 2, mean: 1.5 });
    expect(a?.parse_ok).toBeCloseTo(2 / 3);
    // The initial plan fetches interactions where the best plan fetches calls: no step matches.
    expect(a?.ratings["Extremely Good"]).toBeCloseTo(1 / 3);
    expect(a?.ratings["Extremely Bad"]).toBeCloseTo(2 / 3);
    expect(a?.tiers).toEqual({ "A+": 1 / 3, A: 1 / 3, B: 1 / 3 });
  });

  it("puts the mean inside its interval and is deterministic and order-free", () => {
    const groups = aggregateScores(lines);
    for (const group of groups) {
      for (const m of Object.values(group.metrics)) {
        if (m.mean === null) continue;
        expect(m.low).toBeLessThanOrEqual(m.mean + 1e-9);
        expect(m.high).toBeGreaterThanOrEqual(m.mean - 1e-9);
      }
    }
    expect(aggregateScores([...lines].reverse())).toEqual(groups);
    expect(aggregateScores(lines, { seed: 1 })).not.toEqual(groups);
  });
});

describe("bootstrapMean", () => {
  it("narrows with more data and handles tiny samples", () => {
    const values = Array.from({ length: 400 }, (_, i) => i % 10);
    const wide = bootstrapMean(values.slice(0, 20), 1, 1000, 0.95);
    const narrow = bootstrapMean(values, 1, 1000, 0.95);
    expect((narrow.high ?? 0) - (narrow.low ?? 0)).toBeLessThan((wide.high ?? 0) - (wide.low ?? 0));
    expect(bootstrapMean([], 1, 10, 0.95)).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(bootstrapMean([3], 1, 10, 0.95)).toEqual({ n: 1, mean: 3, low: 3, high: 3 });
  });

  it("draws the same resamples as mulberry32 with the same seed", () => {
    const values = [1, 5, 2, 8, 3, 9, 4];
    const rng = mulberry32(99);
    const means = Array.from({ length: 200 }, () => {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[Math.floor(rng() * values.length)] ?? 0;
      return sum / values.length;
    }).sort((a, b) => a - b);
    const result = bootstrapMean(values, 99, 200, 0.9);
    expect(result.low).toBeCloseTo(quantileSorted(means, 0.05), 12);
    expect(result.high).toBeCloseTo(quantileSorted(means, 0.95), 12);
  });
});
