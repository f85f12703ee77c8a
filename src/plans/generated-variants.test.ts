/**
 * Generated metamorphic suites over every best plan of the shipped data (docs/plan-matching.md, section 10): a
 * faithful paraphrase must rate Extremely Good against its source; one real intent change must unmatch exactly
 * the changed step and the steps that read it (the cascade through unaligned inputs), nothing else. The phrase
 * grammars (test-support/plan-variants.ts) are the suites' own, independent of the matcher's lexicon.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import type { Plan } from "./model.js";
import { parseReference } from "./parse.js";
import { renderPlan } from "./render.js";
import { explainScore } from "./score.js";
import {
  CLASS_RULES,
  dropExtraction,
  forceClass,
  GUARD_PERTURBATIONS,
  PERTURBATIONS,
  type Perturbation,
  type Pick,
  paraphrasePlan,
  spellOutBreakdown,
} from "./test-support/plan-variants.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

interface Row {
  query_id: string;
  query: string;
  plan: Plan;
}

const rows: Row[] = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => {
    const record = JSON.parse(line) as { query_id: string; query: string; best_plan: unknown };
    const parsed = parseReference(record.best_plan);
    if (!parsed.ok) throw new Error(`${record.query_id}: ${parsed.message}`);
    return { query_id: record.query_id, query: record.query, plan: parsed.plan };
  });

/** The seed and sizes the doc reports. */
const SUITE = {
  seed: 27,
  paraphrases: 800,
  perturbations: 600,
  perClass: 150,
  breakdowns: 200,
  extractions: 200,
  guards: 300,
} as const;

/** A pick function reading fast-check's choices in turn. */
function picker(tape: readonly number[]): Pick {
  let at = 0;
  return (options) => (tape[at++ % tape.length] ?? 0) % options;
}

const tape = fc.array(fc.nat({ max: 1 << 16 }), { minLength: 48, maxLength: 48 });

function score(row: Row, candidate: Plan) {
  return explainScore({
    candidate: renderPlan(candidate),
    reference: row.plan,
    query: row.query,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
  });
}

describe("generated paraphrases of every best plan", () => {
  it(`rate Extremely Good against their source (${SUITE.paraphrases} plans, seed ${SUITE.seed})`, () => {
    fc.assert(
      fc.property(fc.nat({ max: rows.length - 1 }), tape, (index, choices) => {
        const row = rows[index] as Row;
        const candidate = paraphrasePlan(row.plan, picker(choices));
        const { line, match } = score(row, candidate);
        const why = (match?.explain() ?? [])
          .filter((s) => !s.matched)
          .map((s) => `${s.side} ${s.step}: ${s.reason}`);
        expect(line.rating, `${row.query_id}\n${renderPlan(candidate)}\n${why.join("\n")}`).toBe(
          "Extremely Good",
        );
      }),
      { seed: SUITE.seed, numRuns: SUITE.paraphrases },
    );
  });
});

/** Changes that are real only where the step filters afresh: on a step with inputs they would restate or describe them. */
const SOURCE_ONLY = new Set(["a dropped condition", "calls and interactions swapped"]);

interface Case {
  row: Row;
  kind: string;
  step: number;
}

/** Every (plan, change, step) the grammars apply to: T2S steps; a condition is dropped only where it is not inherited. */
const cases: Case[] = rows.flatMap((row) =>
  Object.entries(PERTURBATIONS).flatMap(([kind, perturb]) =>
    row.plan.steps
      .filter((step) => step.tool === "T2S" && (!SOURCE_ONLY.has(kind) || step.depends_on.length === 0))
      .filter((step) => perturb(step.prompt, () => 0) !== null)
      .map((step) => ({ row, kind, step: step.id })),
  ),
);

/** One real change of `step`: exactly it and the steps that read it must be unmatched (docs, section 1). */
function changeUnmatchesItsStep(
  { row, kind, step }: Case,
  perturb: Perturbation,
  choices: readonly number[],
) {
  const pick = picker(choices);
  const changed: Plan = {
    steps: row.plan.steps.map((s) =>
      s.id === step ? { ...s, prompt: perturb(s.prompt, pick) ?? s.prompt } : s,
    ),
  };
  const candidate = paraphrasePlan(changed, pick);
  const { match } = score(row, candidate);
  const falls = new Set([
    step,
    ...row.plan.steps.filter((s) => s.depends_on.includes(step)).map((s) => s.id),
  ]);
  const expected = row.plan.steps.filter((s) => !falls.has(s.id)).map((s) => `${s.id}:${s.id}`);
  const matched = (match?.pairs ?? []).filter((p) => p.matched).map((p) => `${p.candidate}:${p.reference}`);
  const why = `${row.query_id} ${kind} at step ${step}\n${renderPlan(candidate)}\n${(match?.explain() ?? [])
    .map((s) => `${s.side} ${s.step}: ${s.reason}`)
    .join("\n")}`;
  // The changed step may come to ask exactly what another reference step asks ("damaged" → "missing" items when
  // both are in the plan): then it can take that step's place, and the one it displaced falls instead. The count
  // of matches is what the rule fixes; the changed step never matches its own step.
  expect(matched.length, why).toBe(expected.length);
  expect(matched, why).not.toContain(`${step}:${step}`);
  if (matched.every((pair) => pair.split(":")[0] === pair.split(":")[1]))
    expect(matched, why).toEqual(expected);
}

describe("generated intent changes of every best plan", () => {
  it("apply to every kind of change", () => {
    for (const kind of Object.keys(PERTURBATIONS))
      expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
  });

  it(`unmatch exactly the changed step and the steps that read it (${SUITE.perturbations} plans, seed ${SUITE.seed})`, () => {
    fc.assert(
      fc.property(fc.nat({ max: cases.length - 1 }), tape, (index, choices) => {
        const c = cases[index] as Case;
        changeUnmatchesItsStep(c, PERTURBATIONS[c.kind] as Perturbation, choices);
      }),
      { seed: SUITE.seed, numRuns: SUITE.perturbations },
    );
  });
});

/** Every (plan, guard change, step) the guards apply to: any T2S or RAG step (praise is asked of transcripts too). */
const guardCases: Case[] = rows.flatMap((row) =>
  Object.entries(GUARD_PERTURBATIONS).flatMap(([kind, perturb]) =>
    row.plan.steps
      .filter((step) => step.tool !== "LLM" && perturb(step.prompt, () => 0) !== null)
      .map((step) => ({ row, kind, step: step.id })),
  ),
);

const VALENCE_SWAP = "praise and complaints swapped";

/**
 * A question about praise turned into one about complaints (or back) never matches its source step, nor any step of
 * the other valence. It may still pair with a third question that shares only a domain noun with it ("What would
 * make customers order again?"): two RAG questions sharing "customers" count as one request, a documented limit
 * (docs/plan-matching.md, section 8) this relation does not test.
 */
function praiseIsNotComplaint({ row, step }: Case, perturb: Perturbation, choices: readonly number[]) {
  const pick = picker(choices);
  const changed: Plan = {
    steps: row.plan.steps.map((s) =>
      s.id === step ? { ...s, prompt: perturb(s.prompt, pick) ?? s.prompt } : s,
    ),
  };
  const candidate = paraphrasePlan(changed, pick);
  const { match } = score(row, candidate);
  const changedPrompt = changed.steps.find((s) => s.id === step)?.prompt ?? "";
  const praises = /\bpraise\b/.test(changedPrompt);
  const opposite = new Set(
    row.plan.steps
      .filter((s) => s.id === step || (praises ? /\bcomplain/.test(s.prompt) : /\bpraise\b/.test(s.prompt)))
      .map((s) => s.id),
  );
  const partner = match?.pairs.find((p) => p.candidate === step)?.reference;
  expect(
    partner !== undefined && opposite.has(partner),
    `${row.query_id} at step ${step}\n${renderPlan(candidate)}\n${unmatched(match)}`,
  ).toBe(false);
}

describe("generated intent changes that guard blind set 3's rules", () => {
  it("apply to every kind of change", () => {
    for (const kind of Object.keys(GUARD_PERTURBATIONS))
      expect(guardCases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
  });

  it(`another team, a dropped team, praise for complaints: the changed step and its readers unmatch (${SUITE.guards} plans, seed ${SUITE.seed})`, () => {
    fc.assert(
      fc.property(fc.nat({ max: guardCases.length - 1 }), tape, (index, choices) => {
        const c = guardCases[index] as Case;
        const perturb = GUARD_PERTURBATIONS[c.kind] as Perturbation;
        if (c.kind !== VALENCE_SWAP) changeUnmatchesItsStep(c, perturb, choices);
        else praiseIsNotComplaint(c, perturb, choices);
      }),
      { seed: SUITE.seed, numRuns: SUITE.guards },
    );
  });
});

/** Why each unmatched step is unmatched, for failure messages. */
function unmatched(match: ReturnType<typeof score>["match"]): string {
  return (match?.explain() ?? [])
    .filter((s) => !s.matched)
    .map((s) => `${s.side} ${s.step}: ${s.reason}`)
    .join("\n");
}

describe("generated paraphrases of each class blind set 2 found", () => {
  it.each(Object.keys(CLASS_RULES))(
    `%s: forced wherever it applies, then paraphrased, rate Extremely Good (${SUITE.perClass} plans each)`,
    (name) => {
      const applicable = rows.filter((row) => forceClass(row.plan, name, () => 0) !== null);
      expect(applicable.length, name).toBeGreaterThan(0);
      fc.assert(
        fc.property(fc.nat({ max: applicable.length - 1 }), tape, (index, choices) => {
          const row = applicable[index] as Row;
          const pick = picker(choices);
          const candidate = paraphrasePlan(forceClass(row.plan, name, pick) as Plan, pick);
          const { line, match } = score(row, candidate);
          expect(line.rating, `${row.query_id}\n${renderPlan(candidate)}\n${unmatched(match)}`).toBe(
            "Extremely Good",
          );
        }),
        { seed: SUITE.seed, numRuns: SUITE.perClass },
      );
    },
  );
});

/** Prompts a plan runs through both RAG and T2S: the T2S half is a twin. */
function twinsOf(plan: Plan): Set<string> {
  const rag = new Set(plan.steps.filter((s) => s.tool === "RAG").map((s) => s.prompt));
  return new Set(plan.steps.filter((s) => s.tool === "T2S" && rag.has(s.prompt)).map((s) => s.prompt));
}

describe("a T2S twin that spells out its breakdown", () => {
  const withTwins = rows.filter((row) =>
    row.plan.steps.some((s) => spellOutBreakdown(s, twinsOf(row.plan), () => 0) !== null),
  );

  it("applies to many plans", () => expect(withTwins.length).toBeGreaterThan(20));

  it(`still matches its twin, every step matched (${SUITE.breakdowns} plans, seed ${SUITE.seed})`, () => {
    fc.assert(
      fc.property(fc.nat({ max: withTwins.length - 1 }), tape, (index, choices) => {
        const row = withTwins[index] as Row;
        const pick = picker(choices);
        const twins = twinsOf(row.plan);
        const spelled: Plan = {
          steps: row.plan.steps.map((s) => ({ ...s, prompt: spellOutBreakdown(s, twins, pick) ?? s.prompt })),
        };
        const candidate = paraphrasePlan(spelled, pick);
        const { line, match } = score(row, candidate);
        expect(line.f1, `${row.query_id}\n${renderPlan(candidate)}\n${unmatched(match)}`).toBe(1);
      }),
      { seed: SUITE.seed, numRuns: SUITE.breakdowns },
    );
  });
});

describe("a missing id-extraction step", () => {
  const withExtraction = rows.filter((row) => dropExtraction(row.plan, () => 0) !== null);

  it("applies to many plans", () => expect(withExtraction.length).toBeGreaterThan(10));

  it(`costs that step only: its readers still match (${SUITE.extractions} plans, seed ${SUITE.seed})`, () => {
    fc.assert(
      fc.property(fc.nat({ max: withExtraction.length - 1 }), tape, (index, choices) => {
        const row = withExtraction[index] as Row;
        const pick = picker(choices);
        const { plan, dropped } = dropExtraction(row.plan, pick) as NonNullable<
          ReturnType<typeof dropExtraction>
        >;
        const candidate = paraphrasePlan(plan, pick);
        const { match } = score(row, candidate);
        const back = (id: number) => (id >= dropped ? id + 1 : id);
        const expected = candidate.steps.map((s) => `${s.id}:${back(s.id)}`);
        const matched = (match?.pairs ?? [])
          .filter((p) => p.matched)
          .map((p) => `${p.candidate}:${p.reference}`);
        expect(
          matched,
          `${row.query_id} without step ${dropped}\n${renderPlan(candidate)}\n${unmatched(match)}`,
        ).toEqual(expected);
      }),
      { seed: SUITE.seed, numRuns: SUITE.extractions },
    );
  });
});
