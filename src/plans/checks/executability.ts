/**
 * The code-checkable part of step executability: a T2S prompt naming more than 3 trigger fields, or a RAG prompt
 * asking more than one question (two requests joined, or two question marks), needs splitting.
 */
import { asksSeveral } from "../intent/slots.js";
import type { DraftStep } from "../model.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { findTriggers } from "../triggers.js";
import { type Violation, violation } from "../violations.js";

/** The paper's limit: more than this many trigger phrases and T2S cannot do the step in one go. */
export const MAX_T2S_TRIGGERS = 3;

export function checkExecutability(
  steps: readonly DraftStep[],
  tools: ToolDescriptions,
  maxTriggers = MAX_T2S_TRIGGERS,
): Violation[] {
  return steps.flatMap((step) => {
    if (step.tool === "RAG" && asksSeveral(step.prompt))
      return [violation(step.id, "rag-several-questions", "the prompt asks more than one question")];
    if (step.tool !== "T2S") return [];
    const hits = findTriggers(step.prompt, tools);
    if (hits.length <= maxTriggers) return [];
    const named = hits.map((hit) => hit.phrase).join(", ");
    return [
      violation(
        step.id,
        "too-many-trigger-phrases",
        `${hits.length} trigger phrases (${named}); at most ${maxTriggers}`,
      ),
    ];
  });
}
