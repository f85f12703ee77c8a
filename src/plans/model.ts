/** The plan model: zod schemas for the canonical plan, and the types inferred from them. */
import { z } from "zod";

/** The three tools of the contact-center planner: text-to-SQL, retrieval over transcripts, reasoning. */
export const TOOLS = ["T2S", "RAG", "LLM"] as const;
export const ToolSchema = z.enum(TOOLS);
export type Tool = z.infer<typeof ToolSchema>;

const StepIdSchema = z.number().int().nonnegative();

/**
 * One step of the canonical form. `inputs` are the step ids named by placeholders: for T2S and RAG the
 * list in the first argument; for LLM the `(k)` placeholders inside the prompt (derived, kept so every
 * step has the same shape).
 */
export const PlanStepSchema = z.strictObject({
  id: StepIdSchema,
  tool: ToolSchema,
  inputs: z.array(StepIdSchema),
  prompt: z.string(),
  depends_on: z.array(StepIdSchema),
});
export type PlanStep = z.infer<typeof PlanStepSchema>;

/**
 * The canonical plan. It may still be a flawed plan (a dependency on a later step is data to score, not a
 * schema error); only what makes a plan unaddressable is refused: no steps, or two steps with one id.
 */
export const PlanSchema = z
  .strictObject({ steps: z.array(PlanStepSchema).min(1) })
  .refine((plan) => new Set(plan.steps.map((step) => step.id)).size === plan.steps.length, {
    message: "step ids must be unique",
    path: ["steps"],
  });
export type Plan = z.infer<typeof PlanSchema>;

/** A placeholder: `(k)` the output of step k, `(query)`, `(tool k)` the tool of step k, `(sub-query k)` its prompt. */
export type PlaceholderRef = { kind: "step" | "tool" | "sub-query"; step: number } | { kind: "query" };

/** A placeholder found in a step, and whether it sat in the input list (T2S, RAG) or in the prompt. */
export type Placeholder = PlaceholderRef & { where: "inputs" | "prompt" };

/**
 * A step as recovered from a planner's text: like a canonical step, but the tool may be unknown (the step
 * still counts as a step, it is just not executable), and every placeholder is listed.
 */
export interface DraftStep {
  id: number;
  tool: Tool | null;
  inputs: number[];
  prompt: string;
  depends_on: number[];
  placeholders: Placeholder[];
}

/** What the scorer and the matcher need from a step; both draft and canonical steps have it. */
export interface StepLike {
  id: number;
  tool: Tool | null;
  prompt: string;
  depends_on: readonly number[];
}
