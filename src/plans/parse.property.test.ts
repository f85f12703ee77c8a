import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Plan, PlanStep } from "./model.js";
import { REFUND_BEST_PLAN } from "./paper-examples.js";
import { parsePlan, toCanonical } from "./parse.js";
import { renderPlan } from "./render.js";

/** Pieces of the plan syntax, so random texts reach deep into the reader rather than failing at the first byte. */
const PIECES = [
  "{",
  "}",
  "[",
  "]",
  "(",
  ")",
  '"',
  "'",
  ",",
  ":",
  " ",
  "\n",
  "\\",
  "1",
  "2",
  "3",
  "T2S",
  "RAG",
  "LLM",
  "rag",
  '"step"',
  '"query"',
  '"depends_on"',
  "(query)",
  "(tool 1)",
  "(sub-query 2)",
  "(1, 2)",
  "```json",
  "\u201c",
  "[]",
  "Fetch call_ids",
  "steps",
  '"tool"',
  "None",
  "//",
  "@",
];
const pieceText = fc.array(fc.constantFrom(...PIECES), { maxLength: 400 }).map((parts) => parts.join(""));
/** The paper's best plan with random cuts and insertions. */
const mutatedPlan = fc
  .array(fc.tuple(fc.nat(REFUND_BEST_PLAN.length), fc.nat(20), fc.constantFrom(...PIECES)), { maxLength: 12 })
  .map((edits) =>
    edits.reduce(
      (text, [at, cut, insert]) => text.slice(0, at) + insert + text.slice(at + cut),
      REFUND_BEST_PLAN,
    ),
  );

function parsesQuickly(text: string): void {
  const started = performance.now();
  const result = parsePlan(text);
  expect(performance.now() - started).toBeLessThan(250);
  expect(typeof result.ok).toBe("boolean");
}

describe("parsePlan never throws and runs in bounded time", () => {
  it("on arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 2000 }), parsesQuickly), { numRuns: 300 });
  });

  it("on texts built from plan syntax", () => {
    fc.assert(fc.property(pieceText, parsesQuickly), { numRuns: 500 });
  });

  it("on the paper's plan with random damage", () => {
    fc.assert(fc.property(mutatedPlan, parsesQuickly), { numRuns: 500 });
  });

  it("on arbitrary JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(typeof parsePlan(value).ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });

  it("on pathological inputs", () => {
    for (const text of [
      "{".repeat(50_000),
      "(".repeat(50_000),
      '"'.repeat(50_000),
      "{1:".repeat(20_000),
      "[".repeat(50_000),
    ]) {
      const started = performance.now();
      parsePlan(text);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

const WORDS = [
  "fetch",
  "call_ids",
  "of",
  "refund",
  "calls",
  "why",
  "are",
  "customers",
  "unhappy",
  "the",
  "combine",
];

/** A canonical plan whose LLM inputs are exactly the (k) placeholders written in its prompt. */
const canonicalPlan: fc.Arbitrary<Plan> = fc
  .array(fc.tuple(fc.constantFrom("T2S", "RAG", "LLM"), fc.string({ unit: "binary", maxLength: 60 })), {
    minLength: 1,
    maxLength: 8,
  })
  .chain((rows) =>
    fc.tuple(
      fc.constant(rows),
      fc.tuple(...rows.map((_, index) => fc.subarray(Array.from({ length: index }, (_, k) => k + 1)))),
      fc.tuple(...rows.map(() => fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }))),
    ),
  )
  .map(([rows, deps, words]) => ({
    steps: rows.map(([tool, text], index): PlanStep => {
      const depends_on = deps[index] ?? [];
      const id = index + 1;
      if (tool === "LLM") {
        const prompt = `${(words[index] ?? []).join(" ")} ${depends_on.map((d) => `(${d})`).join(" and ")} (query)`;
        return { id, tool, inputs: depends_on, prompt, depends_on };
      }
      return { id, tool: tool as "T2S" | "RAG", inputs: depends_on, prompt: text, depends_on };
    }),
  }));

describe("renderPlan and parsePlan round trip", () => {
  it("parse(render(plan)) gives the plan back", () => {
    fc.assert(
      fc.property(canonicalPlan, (plan) => {
        const parsed = parsePlan(renderPlan(plan));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(toCanonical(parsed.steps)).toEqual({ ok: true, plan });
      }),
      { numRuns: 300 },
    );
  });
});
