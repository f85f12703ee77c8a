/** Earlier steps' outputs as what T2S and RAG take in: input tables for SQL, interaction ids for retrieval. */
import type { InputTable } from "../../workspace/engines/engine.js";
import { interactionIds } from "./output.js";
import type { StepInput } from "./step.js";

/** step_<k> for each input: its rows, else the ids it carries. */
export function inputTables(inputs: readonly StepInput[]): InputTable[] {
  return inputs.map((input) => {
    const name = `step_${input.step}`;
    if (input.output.rows) return { name, columns: input.output.rows.columns, rows: input.output.rows.rows };
    return { name, columns: ["interaction_id"], rows: interactionIds(input.output).map((id) => [id]) };
  });
}

/** Every interaction id the inputs carry, without repeats. */
export function inputIds(inputs: readonly StepInput[]): string[] {
  return [...new Set(inputs.flatMap((input) => interactionIds(input.output)))];
}
