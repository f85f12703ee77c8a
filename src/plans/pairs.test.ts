import { describe, expect, it } from "vitest";
import { PLAN_PAIRS } from "./fixtures/pairs.js";
import { parseReference } from "./parse.js";
import { RATINGS } from "./rating.js";
import { scorePlan } from "./score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

function score(pair: (typeof PLAN_PAIRS)[number]) {
  const reference = parseReference(pair.reference);
  if (!reference.ok) throw new Error(`${pair.name}: ${reference.message}`);
  return scorePlan({
    candidate: pair.candidate,
    reference: reference.plan,
    query: pair.query ?? null,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
  });
}

describe("hand-computed plan pairs", () => {
  it("are at least 32, with gaming probes and faithful paraphrases among them", () => {
    expect(PLAN_PAIRS.length).toBeGreaterThanOrEqual(32);
    expect(PLAN_PAIRS.filter((p) => p.probe === "gaming").length).toBeGreaterThanOrEqual(8);
    expect(PLAN_PAIRS.filter((p) => p.probe === "paraphrase").length).toBeGreaterThanOrEqual(3);
  });

  it.each(PLAN_PAIRS.map((pair) => [pair.name, pair] as const))("%s", (_, pair) => {
    const line = score(pair);
    const { expected } = pair;
    const referenceSteps = parseReference(pair.reference);
    const total = referenceSteps.ok ? referenceSteps.plan.steps.length : 0;
    expect(line.validity?.valid).toBe(expected.valid);
    expect(line.steps).toBe(expected.candidateSteps);
    if (expected.valid) {
      expect(line.precision).toBeCloseTo(expected.matched / expected.candidateSteps, 9);
      expect(line.recall).toBeCloseTo(expected.matched / total, 9);
      expect(line.f1).toBeCloseTo((2 * expected.matched) / (expected.candidateSteps + total), 9);
    } else expect(line.validity?.reason).toBeTruthy();
    expect(line.rating).toBe(expected.rating);
    for (const [metric, value] of Object.entries(expected.metrics ?? {}))
      expect(line[metric as keyof typeof line], metric).toBeCloseTo(value as number, 9);
    for (const code of expected.codes ?? []) expect(line.violations.map((v) => v.code)).toContain(code);
  });

  it("rates every gaming probe Bad or worse and every faithful paraphrase Acceptable or better", () => {
    const bad = RATINGS.indexOf("Bad");
    const acceptable = RATINGS.indexOf("Acceptable");
    for (const pair of PLAN_PAIRS) {
      const rank = RATINGS.indexOf(score(pair).rating);
      if (pair.probe === "gaming") expect(rank, pair.name).toBeLessThanOrEqual(bad);
      if (pair.probe === "paraphrase") expect(rank, pair.name).toBeGreaterThanOrEqual(acceptable);
    }
  });
});
