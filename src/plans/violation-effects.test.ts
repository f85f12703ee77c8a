/**
 * One charge per flaw (docs/plan-matching.md, section 1.1): for every violation code, the reference with that one
 * flaw put in, and the scores the flaw moves. A flaw that is also a matching condition (a Format flaw, a wrong
 * wire, a merged or changed request) moves F1 as well; repeated detail, an ignored output and the notices do not.
 */
import { describe, expect, it } from "vitest";
import { parseReference } from "./parse.js";
import { scorePlan } from "./score.js";
import type { ScoreLine } from "./score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";
import { ALL_VIOLATION_CODES, type ViolationCode } from "./violations.js";

const FIELDS = [
  "format",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "step_executability",
  "f1",
] as const;
type Field = (typeof FIELDS)[number];

const S1 = `T2S([], "Fetch call_ids of refund calls from last week.")`;
const S2 = `RAG((1), "Why are customers unhappy?")`;
const S3 = `T2S((1), "Why are customers unhappy?")`;
const S4 = `T2S((1), "What is the average QA score of these calls?")`;
const S5 = `LLM("Combine (2), (3) and (4) to answer (query).")`;

const step = (id: number, call: string, deps: readonly number[]) =>
  `${id}: {"step": ${call}, "depends_on": [${deps.join(", ")}]}`;

/** The reference, with any step replaced and steps appended. */
function plan(change: Partial<Record<number, [string, number[]] | null>> = {}, extra: string[] = []): string {
  const base: Record<number, [string, number[]]> = {
    1: [S1, []],
    2: [S2, [1]],
    3: [S3, [1]],
    4: [S4, [1]],
    5: [S5, [2, 3, 4]],
  };
  const steps = [1, 2, 3, 4, 5].flatMap((id) => {
    const entry = id in change ? change[id] : base[id];
    return entry ? [step(id, entry[0], entry[1])] : [];
  });
  return `{ ${[...steps, ...extra].join(", ")} }`;
}

const REFERENCE = plan();
const ALL: readonly Field[] = FIELDS;

interface Effect {
  plan: string;
  /** The scores the flaw moves; ALL for a plan that is not valid (every metric 0, Extremely Bad). */
  moves: readonly Field[];
}

const EFFECTS: Record<ViolationCode, Effect> = {
  unparseable: { plan: "I cannot plan this.", moves: ALL },
  "invalid-syntax": { plan: REFERENCE.replace("}, 2:", "} @@, 2:"), moves: ALL },
  "unbalanced-brackets": { plan: REFERENCE.slice(0, -2), moves: ALL },
  "missing-comma": { plan: REFERENCE.replace('"depends_on": [1]}, 3:', '"depends_on": [1]} 3:'), moves: ALL },
  "single-quotes": { plan: REFERENCE.replaceAll('"', "'"), moves: ALL },
  "unescaped-quote": {
    plan: REFERENCE.replace("Why are customers unhappy?", 'Why are "customers" unhappy?'),
    moves: ALL,
  },
  "unquoted-key": { plan: REFERENCE.replace('{"step": RAG', "{step: RAG"), moves: ALL },
  "tool-name-case": { plan: REFERENCE.replace("RAG(", "rag("), moves: ALL },
  // Structural flaws of one step: the reader keeps the rest; the step itself is charged under Format and matches nothing.
  // A step without a number is renumbered last: what read step 4 now reads a step the plan lacks.
  "invalid-step-key": {
    plan: REFERENCE.replace("4: {", '"four": {'),
    moves: ["format", "f1", "dependencies", "redundancy"],
  },
  // The second step 5 becomes the final step, so the first one's output is ignored.
  "duplicate-step-id": {
    plan: plan({}, [step(5, `LLM("Answer (query).")`, [])]),
    moves: ["format", "f1", "redundancy"],
  },
  "missing-step-key": {
    plan: REFERENCE.replace('4: {"step"', '4: {"action"'),
    moves: ["format", "f1"],
  },
  "missing-depends-on": {
    plan: REFERENCE.replace(`${S4}, "depends_on": [1]`, S4),
    moves: ["format", "f1", "dependencies"],
  },
  "invalid-depends-on": {
    plan: REFERENCE.replace(`${S4}, "depends_on": [1]`, `${S4}, "depends_on": None`),
    moves: ["format", "f1", "dependencies"],
  },
  "unknown-tool": { plan: plan({ 4: [S4.replace("T2S", "SQL"), [1]] }), moves: ["format", "f1"] },
  "invalid-tool-call": { plan: plan({ 4: [`T2S((1))`, [1]] }), moves: ["format", "f1"] },
  "missing-input-list": {
    plan: plan({ 4: [`T2S("What is the average QA score of these calls?")`, [1]] }),
    moves: ["format", "f1"],
  },
  "malformed-placeholder": {
    plan: plan({ 5: [`LLM("Combine (2, 3) and (4) to answer (query).")`, [2, 3, 4]] }),
    moves: ["format", "f1"],
  },
  "placeholder-unknown-step": {
    plan: plan({ 5: [`LLM("Combine (2), (3), (4) and (7) to answer (query).")`, [2, 3, 4]] }),
    moves: ["format", "f1"],
  },
  "dependency-without-placeholder": { plan: plan({ 5: [S5, [1, 2, 3, 4]] }), moves: ["format", "f1"] },
  "placeholder-in-prompt": {
    plan: plan({ 4: [`T2S((1), "What is the average QA score of the calls in (1)?")`, [1]] }),
    moves: ["format", "f1"],
  },
  "missing-query-placeholder": {
    plan: plan({ 5: [`LLM("Combine (2), (3) and (4) to answer the query.")`, [2, 3, 4]] }),
    moves: ["format", "f1"],
  },
  "self-dependency": { plan: plan({ 4: [S4, [1, 4]] }), moves: ["dependencies", "format", "f1"] },
  "dependency-on-later-step": {
    plan: plan({ 4: [`T2S((1), "What is the average QA score of these calls?")`, [1, 5]] }),
    moves: ["dependencies", "format", "f1"],
  },
  "dependency-on-missing-step": { plan: plan({ 4: [S4, [1, 9]] }), moves: ["dependencies", "format", "f1"] },
  "dependency-cycle": {
    plan: plan({ 2: [`RAG((1), "Why are customers unhappy?")`, [1, 5]] }),
    moves: ["dependencies", "format", "f1"],
  },
  "placeholder-without-dependency": { plan: plan({ 4: [S4, []] }), moves: ["dependencies", "f1"] },
  // Reference-based: reported, and a matching condition, but no candidate-only metric moves.
  "dependency-differs-from-reference": {
    plan: plan({ 4: [`T2S((2), "What is the average QA score of these calls?")`, [2]] }),
    moves: ["f1"],
  },
  // One charge per flaw: the restated filters cost Redundancy, and the step still matches on intent.
  "repeated-detail": {
    plan: plan({
      4: [`T2S((1), "What is the average QA score of these refund calls from last week?")`, [1]],
    }),
    moves: ["redundancy"],
  },
  // Its own cost is Redundancy; the extra step also costs precision, as any step the reference lacks does.
  "ignored-step": {
    plan: plan({}, [step(6, `T2S([], "How many calls were there last week?")`, [])]),
    moves: ["redundancy", "f1"],
  },
  // Not a paper redundancy: the copy costs precision only (one copy can match).
  "duplicate-step": {
    plan: plan({ 5: [S2, [1]] }, [
      step(6, `LLM("Combine (2), (3), (4) and (5) to answer (query).")`, [2, 3, 4, 5]),
    ]),
    moves: ["f1"],
  },
  "incomplete-tool-pair": {
    plan: plan({ 3: null, 5: [`LLM("Combine (2) and (4) to answer (query).")`, [2, 4]] }),
    moves: ["tool_usage_completeness", "f1"],
  },
  "too-many-trigger-phrases": {
    plan: plan({
      1: [
        `T2S([], "Fetch call_ids of escalated refund calls from last week with negative sentiment and low empathy.")`,
        [],
      ],
    }),
    moves: ["step_executability", "f1"],
  },
  "rag-several-questions": {
    plan: plan({ 2: [`RAG((1), "Why are customers unhappy, and how do agents respond?")`, [1]] }),
    moves: ["step_executability", "f1"],
  },
  "code-fence": { plan: `\`\`\`json\n${REFERENCE}\n\`\`\``, moves: [] },
  "surrounding-prose": { plan: `Here is the plan:\n${REFERENCE}\nDone.`, moves: [] },
  "multiple-plans": { plan: `Draft: ${plan({ 4: null })}\nFinal: ${REFERENCE}`, moves: [] },
  "trailing-comma": { plan: REFERENCE.replace(" }", ", }"), moves: [] },
  "steps-out-of-order": {
    plan: `{ ${[step(2, S2, [1]), step(1, S1, []), step(3, S3, [1]), step(4, S4, [1]), step(5, S5, [2, 3, 4])].join(", ")} }`,
    moves: [],
  },
  "duplicate-dependency": { plan: plan({ 4: [S4, [1, 1]] }), moves: [] },
};

const reference = parseReference(REFERENCE);
if (!reference.ok) throw new Error(reference.message);

function score(text: string): ScoreLine {
  return scorePlan({
    candidate: text,
    reference: reference.ok ? reference.plan : { steps: [] },
    tools: DEFAULT_TOOL_DESCRIPTIONS,
  });
}

const clean = score(REFERENCE);

describe("what each violation moves", () => {
  it("the reference against itself has full marks and no violation", () => {
    expect(clean).toMatchObject({
      f1: 1,
      format: 20,
      dependencies: 10,
      redundancy: 10,
      step_executability: 15,
    });
    expect(clean.tool_usage_completeness).toBe(10);
    expect(clean.violations).toEqual([]);
  });

  it.each(ALL_VIOLATION_CODES)("%s moves exactly the scores its entry names", (code) => {
    const { plan: text, moves } = EFFECTS[code];
    const line = score(text);
    expect(line.violations.map((v) => v.code)).toContain(code);
    const moved = FIELDS.filter((field) => Math.abs((line[field] ?? 0) - (clean[field] ?? 0)) > 1e-9);
    expect([...moved].sort()).toEqual([...moves].sort());
  });
});
