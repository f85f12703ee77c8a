/**
 * Ground truth for executed answers (docs/workspace.md, "Ground truth"): every answer whose query has a reference is
 * checked on the same workspace the plans ran on; a failed plan's answer is null, hence never correct.
 */
import type { Workspace } from "../../workspace/open.js";
import type { PlanAnswer } from "../execute/runner.js";
import { type Correctness, correctness } from "./correct.js";
import { readVocabulary } from "./mentions.js";
import { computeReferenceAnswers } from "./reference-answers.js";
import { readReferences } from "./references.js";

export type CheckedAnswer<T extends PlanAnswer = PlanAnswer> = T & { correctness: Correctness | null };

export async function withCorrectness<T extends PlanAnswer>(
  answers: readonly T[],
  workspace: Workspace,
): Promise<CheckedAnswer<T>[]> {
  const asked = new Set(answers.map((a) => a.query_id));
  const references = readReferences().filter((r) => asked.has(r.query_id));
  const truth = new Map(
    (await computeReferenceAnswers(workspace.engine, references)).map((r) => [r.query_id, r]),
  );
  const vocabulary = await readVocabulary(workspace.engine);
  return answers.map((a) => {
    const reference = truth.get(a.query_id);
    return { ...a, correctness: reference ? correctness(a.answer, reference, vocabulary) : null };
  });
}
