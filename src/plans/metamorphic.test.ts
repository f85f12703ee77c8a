import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Plan, PlanStep } from "./model.js";
import { parseReference } from "./parse.js";
import { renderPlan } from "./render.js";
import { scorePlan } from "./score.js";
import type { ScoreLine } from "./score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

/** Two branches (delivery delays through both tools, escalations through RAG) joined by a final LLM step. */
const REFERENCE_TEXT = `{
  1: {"step": T2S([], "Fetch call_ids of calls where the call driver is delivery delays."), "depends_on": []},
  2: {"step": RAG((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
  3: {"step": T2S((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
  4: {"step": T2S([], "Fetch call_ids of escalated calls from last month."), "depends_on": []},
  5: {"step": RAG((4), "How do agents handle the escalation?"), "depends_on": [4]},
  6: {"step": LLM("Combine (2), (3) and (5) to answer (query)"), "depends_on": [2, 3, 5]}
}`;

function plan(text: string): Plan {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.plan;
}

const reference = plan(REFERENCE_TEXT);
const score = (candidate: Plan | string, against: Plan = reference): ScoreLine =>
  scorePlan({
    candidate: typeof candidate === "string" ? candidate : renderPlan(candidate),
    reference: against,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
  });

/** Everything but the step numbers inside violations, which are expected to follow the renumbering. */
function invariant(line: ScoreLine) {
  return { ...line, violations: line.violations.map((v) => v.code).sort() };
}

const PLACEHOLDER = /\((tool |sub-query )?(\d+)\)/g;

/** Renumbers a plan so that `order[i]` (a position) becomes step i + 1, rewriting dependencies and placeholders. */
function relabel(source: Plan, order: readonly number[]): Plan {
  const newId = new Map(order.map((position, index) => [source.steps[position]?.id ?? -1, index + 1]));
  const map = (id: number) => newId.get(id) ?? id;
  const steps = order.map((position): PlanStep => {
    const step = source.steps[position];
    if (!step) throw new Error("bad order");
    const prompt = step.prompt.replace(
      PLACEHOLDER,
      (_, kind: string | undefined, id: string) => `(${kind ?? ""}${map(Number(id))})`,
    );
    return {
      ...step,
      id: map(step.id),
      inputs: step.inputs.map(map),
      prompt,
      depends_on: step.depends_on.map(map),
    };
  });
  return { steps };
}

/**
 * A topological order of the plan's steps, chosen by random priorities (Kahn's algorithm). The final step stays
 * last: it is the plan's output, so a renumbering that puts another sink last is a different plan, not a relabel.
 */
function topologicalOrder(source: Plan, priorities: readonly number[]): number[] {
  const position = new Map(source.steps.map((step, index) => [step.id, index]));
  const last = source.steps.length - 1;
  const placed = new Set<number>();
  const order: number[] = [];
  while (order.length < source.steps.length) {
    const ready = source.steps
      .map((step, index) => ({ step, index }))
      .filter(({ index }) => index !== last || placed.size === last)
      .filter(
        ({ step, index }) =>
          !placed.has(index) && step.depends_on.every((d) => placed.has(position.get(d) ?? -1)),
      )
      .sort((a, b) => (priorities[a.index] ?? 0) - (priorities[b.index] ?? 0) || a.index - b.index);
    const next = ready[0];
    if (!next) throw new Error("cycle");
    placed.add(next.index);
    order.push(next.index);
  }
  return order;
}

const priorities = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 });

/** Candidates with assorted flaws, so invariance is shown on imperfect plans, not only on the reference. */
const CANDIDATES: Record<string, Plan> = {
  reference,
  "only the RAG half": plan(`{
    1: {"step": T2S([], "Fetch call_ids of calls about delivery delays"), "depends_on": []},
    2: {"step": RAG((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
    3: {"step": T2S([], "Fetch call_ids of escalated calls"), "depends_on": []},
    4: {"step": RAG((3), "How do agents handle the escalation?"), "depends_on": [3]},
    5: {"step": LLM("Combine the outputs to answer the question"), "depends_on": [2, 4]}}`),
  "an ignored branch": plan(`{
    1: {"step": T2S([], "Fetch call_ids of calls where the call driver is delivery delays."), "depends_on": []},
    2: {"step": RAG((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
    3: {"step": T2S([], "Fetch call_ids of escalated refund calls with payment issues and low empathy."), "depends_on": []},
    4: {"step": LLM("Answer (query) using (2)"), "depends_on": [2]}}`),
};

describe("metamorphic relations", () => {
  it.each(Object.keys(CANDIDATES))(
    "renumbering the candidate (%s) in any valid order changes no score",
    (name) => {
      const candidate = CANDIDATES[name] as Plan;
      const expected = invariant(score(candidate));
      fc.assert(
        fc.property(priorities, (p) => {
          expect(invariant(score(relabel(candidate, topologicalOrder(candidate, p))))).toEqual(expected);
        }),
        { numRuns: 40 },
      );
    },
  );

  it("renumbering the reference changes no score", () => {
    const candidate = CANDIDATES["only the RAG half"] as Plan;
    const expected = invariant(score(candidate));
    fc.assert(
      fc.property(priorities, (p) => {
        const renumbered = relabel(reference, topologicalOrder(reference, p));
        expect(invariant(score(candidate, renumbered))).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it("swapping the two independent branches changes no score", () => {
    // Escalation branch first (steps 1–2), then the delivery-delay branch (steps 3–5).
    const swapped = relabel(reference, [3, 4, 0, 1, 2, 5]);
    expect(swapped.steps[0]?.prompt).toContain("escalated");
    expect(invariant(score(swapped))).toEqual(invariant(score(reference)));
  });

  it("dropping a reference step from the candidate lowers recall, not precision", () => {
    const without = plan(`{
      1: {"step": T2S([], "Fetch call_ids of calls where the call driver is delivery delays."), "depends_on": []},
      2: {"step": RAG((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
      3: {"step": T2S((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
      4: {"step": T2S([], "Fetch call_ids of escalated calls from last month."), "depends_on": []},
      5: {"step": LLM("Combine (2) and (3) to answer (query)"), "depends_on": [2, 3]}}`);
    const full = score(reference);
    const line = score(without);
    expect(line.recall).toBeLessThan(full.recall ?? 0);
    // Steps 1–4 still match; the final step no longer depends on what the reference's final step depends on.
    expect(line.precision).toBeCloseTo(4 / 5);
  });

  it("duplicating a step lowers precision and redundancy", () => {
    const steps = reference.steps.slice(0, 5);
    const copy = { ...(reference.steps[1] as PlanStep), id: 6 };
    const final = { ...(reference.steps[5] as PlanStep), id: 7 };
    const line = score({ steps: [...steps, copy, final] });
    const full = score(reference);
    expect(line.precision).toBeLessThan(full.precision ?? 0);
    expect(line.redundancy).toBeLessThan(full.redundancy ?? 0);
    expect(line.violations.map((v) => v.code)).toEqual(
      expect.arrayContaining(["duplicate-step", "ignored-step"]),
    );
  });

  it("cutting a needed edge lowers dependencies and edge F1", () => {
    const cut = {
      steps: reference.steps.map((step) => (step.id === 2 ? { ...step, depends_on: [] } : step)),
    };
    const line = score(cut);
    const full = score(reference);
    expect(line.dependencies).toBeLessThan(full.dependencies ?? 0);
    expect(line.edge_f1).toBeLessThan(full.edge_f1 ?? 0);
  });
});
