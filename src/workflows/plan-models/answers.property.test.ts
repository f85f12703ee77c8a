// The readers of model answers added for the paper's layouts never throw and stay fast on any text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finalPlanText } from "./generate-prompt.js";
import { adherenceSpec, stepJudgementSpec } from "./judge-answers.js";
import { evaluationSpec } from "./refine-prompts.js";
import { readStructured } from "./structured.js";

const BUDGET_MS = 250;

function quick<T>(read: () => T): T {
  const started = performance.now();
  const value = read();
  expect(performance.now() - started).toBeLessThan(BUDGET_MS);
  return value;
}

const pieces = fc.constantFrom(
  "|",
  " | 3 |",
  "Plan 1:",
  "\nPlan 2 (fix):\n",
  ": INCORRECT TOOL",
  "1. ",
  "{",
  "}",
  '"',
  ":",
  "\n",
  " ",
  "7",
  "NO CHANGE",
  "x",
);
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.array(pieces, { maxLength: 600 }).map((parts) => parts.join("")),
);

describe("answer readers on arbitrary text", () => {
  it("never throw and stay within the time budget", () => {
    fc.assert(
      fc.property(text, (reply) => {
        quick(() => readStructured(reply, stepJudgementSpec([1, 2, 3])));
        quick(() => readStructured(reply, adherenceSpec));
        quick(() => readStructured(reply, evaluationSpec(1)));
        const final = quick(() => finalPlanText(reply));
        expect(final.plans).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1500 },
    );
  });

  it("stay fast on long adversarial replies", () => {
    for (const reply of ["|".repeat(50_000), `${"1. a: ".repeat(10_000)}`, `Plan 1${":".repeat(50_000)}x`]) {
      quick(() => readStructured(reply, stepJudgementSpec([1])));
      quick(() => readStructured(reply, evaluationSpec(1)));
      quick(() => finalPlanText(reply));
    }
  });

  it("read the paper's layouts", () => {
    expect(readStructured("All steps are fine. | 2 |", stepJudgementSpec([1, 2]))).toMatchObject({
      ok: true,
      value: { steps_without_violation: 2, layout: "paper", rationale: "All steps are fine." },
    });
    expect(readStructured("1. fine: NO CHANGE", evaluationSpec(1))).toMatchObject({
      ok: true,
      value: { findings: [{ tag: "NO CHANGE" }], layout: "paper" },
    });
    expect(finalPlanText("Plan 1:\nA\nPlan 2 (fix):\nB")).toEqual({ plan: "B", plans: 2 });
  });
});
