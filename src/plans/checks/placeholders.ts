/** Placeholders against depends_on: each dependency needs its (k), each (k) its dependency, and steps must exist. */
import type { DraftStep } from "../model.js";
import { maskPlaceholders } from "../placeholders.js";
import { type Violation, violation } from "../violations.js";

/** Output placeholders `(k)`. `(tool k)` and `(sub-query k)` name fixed text, not an output, so they need no dependency. */
function outputRefs(step: DraftStep): Set<number> {
  const refs = new Set<number>();
  for (const p of step.placeholders) if (p.kind === "step") refs.add(p.step);
  return refs;
}

function referencedSteps(step: DraftStep): Set<number> {
  const refs = new Set<number>();
  for (const p of step.placeholders) if (p.kind !== "query") refs.add(p.step);
  return refs;
}

function checkStep(step: DraftStep, ids: ReadonlySet<number>): Violation[] {
  const found: Violation[] = [];
  const outputs = outputRefs(step);
  for (const dep of step.depends_on) {
    if (!outputs.has(dep))
      found.push(
        violation(step.id, "dependency-without-placeholder", `depends on step ${dep} but has no (${dep})`),
      );
  }
  for (const ref of outputs) {
    if (ids.has(ref) && !step.depends_on.includes(ref))
      found.push(
        violation(
          step.id,
          "placeholder-without-dependency",
          `takes (${ref}) but does not depend on step ${ref}`,
        ),
      );
  }
  for (const ref of referencedSteps(step)) {
    if (!ids.has(ref))
      found.push(
        violation(
          step.id,
          "placeholder-unknown-step",
          `a placeholder names step ${ref}, which the plan lacks`,
        ),
      );
  }
  return found;
}

/** For T2S and RAG the step's inputs are the first argument; a (k) inside the prompt is not how they are passed. */
function checkPromptPlaceholders(step: DraftStep): Violation[] {
  if (step.tool !== "T2S" && step.tool !== "RAG") return [];
  const inPrompt = step.placeholders.filter((p) => p.where === "prompt" && p.kind === "step");
  if (inPrompt.length === 0) return [];
  const named = inPrompt.map((p) => (p.kind === "step" ? `(${p.step})` : "")).join(", ");
  return [
    violation(
      step.id,
      "placeholder-in-prompt",
      `${named} inside the ${step.tool} prompt; write ${step.tool}(${named}, "…")`,
    ),
  ];
}

export function checkPlaceholders(steps: readonly DraftStep[]): Violation[] {
  const ids = new Set(steps.map((step) => step.id));
  return steps.flatMap((step) => [...checkStep(step, ids), ...checkPromptPlaceholders(step)]);
}

/**
 * Words by which a prompt speaks of the user's question; placeholders are masked first so (sub-query 2) is not
 * one. "question" alone is not among them: "which question do customers ask most" is about the data, not the
 * user's query; only "the user's/original/main question" is.
 */
const MENTIONS_QUERY = /\bquery\b|\b(?:user'?s?|original|initial|main|business)\s+question\b/i;

/** An LLM step that speaks of the query must say which: (query). T2S and RAG prompts are not held to this. */
export function checkQueryPlaceholder(steps: readonly DraftStep[]): Violation[] {
  return steps.flatMap((step) => {
    if (step.tool !== "LLM" || step.placeholders.some((p) => p.kind === "query")) return [];
    if (!MENTIONS_QUERY.test(maskPlaceholders(step.prompt))) return [];
    return [
      violation(step.id, "missing-query-placeholder", "the prompt speaks of the query but has no (query)"),
    ];
  });
}
