/** renderPlan: the canonical plan written back in the paper's text form, the form planners are asked to write. */
import type { Plan, PlanStep } from "./model.js";

function inputList(inputs: readonly number[]): string {
  if (inputs.length === 0) return "[]";
  if (inputs.length === 1) return `(${inputs[0]})`;
  return `(${inputs.map((id) => `(${id})`).join(", ")})`;
}

function toolCall(step: PlanStep): string {
  const prompt = JSON.stringify(step.prompt);
  return step.tool === "LLM" ? `LLM(${prompt})` : `${step.tool}(${inputList(step.inputs)}, ${prompt})`;
}

/**
 * One line per step; LLM steps carry their placeholders inside the prompt, so their `inputs` are not written.
 * @example renderPlan(plan) // '{\n  1: {"step": T2S([], "Fetch …"), "depends_on": []}\n}'
 */
export function renderPlan(plan: Plan): string {
  const lines = plan.steps.map(
    (step) => `  ${step.id}: {"step": ${toolCall(step)}, "depends_on": [${step.depends_on.join(", ")}]}`,
  );
  return `{\n${lines.join(",\n")}\n}`;
}
