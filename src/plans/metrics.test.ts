import { describe, expect, it } from "vitest";
import { metricScore, planStructure } from "./metrics.js";
import type { StepLike } from "./model.js";
import { PLAN_POINTS } from "./points.js";
import { violation } from "./violations.js";

const chain = (deps: number[][]): StepLike[] =>
  deps.map((depends_on, index) => ({ id: index + 1, tool: "LLM", prompt: "x", depends_on }));

describe("planStructure", () => {
  it("gives steps, hops to the final step and parallelism", () => {
    expect(planStructure(chain([[], [1], [1], [2, 3]]))).toEqual({ steps: 4, hops: 2, parallelism: 4 / 3 });
    expect(planStructure(chain([[], [1], [2]]))).toEqual({ steps: 3, hops: 2, parallelism: 1 });
    expect(planStructure(chain([[]]))).toEqual({ steps: 1, hops: 0, parallelism: 1 });
    expect(planStructure(chain([[], [], []]))).toEqual({ steps: 3, hops: 0, parallelism: 3 });
    expect(planStructure([])).toBeNull();
  });

  it("ignores edges an executor could not use", () => {
    expect(planStructure(chain([[2], [1], [2, 9]]))?.hops).toBe(2);
    expect(planStructure(chain([[2], [1], [9]]))?.hops).toBe(0);
  });
});

describe("metricScore", () => {
  it("counts steps with a violation, not violations", () => {
    const violations = [
      violation(1, "single-quotes", ""),
      violation(1, "unquoted-key", ""),
      violation(2, "ignored-step", ""),
      violation(null, "code-fence", ""),
    ];
    expect(metricScore("format", 4, violations)).toBe((PLAN_POINTS.format * 3) / 4);
    expect(metricScore("redundancy", 4, violations)).toBe((PLAN_POINTS.redundancy * 3) / 4);
    expect(metricScore("dependencies", 4, violations)).toBe(PLAN_POINTS.dependencies);
    expect(metricScore("format", 0, violations)).toBe(0);
  });
});
