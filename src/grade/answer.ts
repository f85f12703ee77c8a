/** Answer constraints of no-call cases: case-insensitive substring checks on the prose. */
import { foldText } from "../text/fold.js";

export interface AnswerConstraints {
  answer_contains_all?: readonly string[] | undefined;
  answer_contains_any?: readonly string[] | undefined;
}

function fold(text: string): string {
  return foldText(text).replace(/\s+/g, " ");
}

export function hasConstraints(constraints: AnswerConstraints): boolean {
  return (
    (constraints.answer_contains_all?.length ?? 0) > 0 || (constraints.answer_contains_any?.length ?? 0) > 0
  );
}

/** The constraints a prose answer fails, as readable strings; empty when it satisfies them all. */
export function unmetConstraints(prose: string, constraints: AnswerConstraints): string[] {
  const text = fold(prose);
  const missing = (constraints.answer_contains_all ?? []).filter((s) => !text.includes(fold(s)));
  const unmet = missing.map((s) => `missing "${s}"`);
  const any = constraints.answer_contains_any ?? [];
  if (any.length > 0 && !any.some((s) => text.includes(fold(s)))) {
    unmet.push(`none of ${any.map((s) => `"${s}"`).join(", ")}`);
  }
  return unmet;
}
