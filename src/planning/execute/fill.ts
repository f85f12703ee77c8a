/**
 * Filling a step's prompt: (query) becomes the user's question, (tool k) the tool of step k, (sub-query k) its
 * prompt, and in LLM steps (k) the output of step k. Placeholders are read by the plans layer's own reader, so
 * what the scorer calls a placeholder is exactly what gets filled.
 */
import type { PlanStep } from "../../plans/model.js";
import { readPromptPlaceholders, substitutePlaceholders } from "../../plans/placeholders.js";
import type { StepOutput } from "./output.js";

export interface FillContext {
  query: string;
  steps: ReadonlyMap<number, PlanStep>;
  /** Outputs of finished steps; only LLM prompts take them in. */
  outputs: ReadonlyMap<number, StepOutput>;
}

/** The step numbers a prompt's (k) placeholders name, in order of first appearance. */
export function promptInputs(prompt: string): number[] {
  const steps: number[] = [];
  for (const ref of readPromptPlaceholders(prompt).refs)
    if (ref.kind === "step" && !steps.includes(ref.step)) steps.push(ref.step);
  return steps;
}

export function fillPrompt(step: PlanStep, context: FillContext): string {
  return substitutePlaceholders(step.prompt, (ref, whole) => {
    if (!ref) return whole;
    if (ref.kind === "query") return `"${context.query}"`;
    const other = context.steps.get(ref.step);
    if (!other) return whole;
    if (ref.kind === "tool") return other.tool;
    if (ref.kind === "sub-query") return `"${other.prompt}"`;
    if (step.tool !== "LLM") return whole;
    const output = context.outputs.get(ref.step);
    return output ? `[output of step ${ref.step}: ${output.text}]` : whole;
  });
}
