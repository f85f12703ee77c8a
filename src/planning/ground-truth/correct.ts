/**
 * Whether an executed answer is correct: every fact of the reference answer must be stated in its text. A number
 * within its unit's tolerance; an entity by name (any of the tied top rows); a set by overlap (F1 ≥ SET_F1 between
 * the names mentioned and the reference set, tied rows accepted); groups when each group's figure is stated (and
 * its name mentioned when groups are named). A fact with no data in the store is stated when the answer says so.
 * Mention is not assertion: an answer that names the right team among others passes the entity check; the
 * judge's completeness and consistency look at the rest. The rules are in docs/workspace.md, "Ground truth".
 */
import { mentioned, mentions, type Vocabulary } from "./mentions.js";
import { saysNoData, statesFigure } from "./numbers.js";
import type { FactValue, ReferenceAnswer } from "./reference-answers.js";

export const SET_F1 = 0.8;

export interface FactVerdict {
  kind: FactValue["kind"];
  column: string;
  found: boolean;
  /** What was expected and what was seen, in words. */
  detail: string;
}

export interface Correctness {
  query_id: string;
  correct: boolean;
  /** Facts found / facts. */
  score: number;
  facts: FactVerdict[];
}

function short(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map(String).join(", ");
  return values.length > 5 ? `${shown}, … (${values.length})` : shown;
}

function judge(text: string, value: FactValue, vocabulary: Vocabulary): Omit<FactVerdict, "kind" | "column"> {
  switch (value.kind) {
    case "number": {
      const unit = value.fact.unit ?? "count";
      const found = statesFigure(text, value.value, unit);
      return { found, detail: `expected ${value.value === null ? "no data" : `${value.value} (${unit})`}` };
    }
    case "entity": {
      const kind = value.fact.mentions ?? "team";
      if (value.names.length === 0) return { found: saysNoData(text), detail: "expected no data" };
      const found = value.names.some((name) => mentions(text, name, kind));
      return { found, detail: `expected ${short(value.names)}` };
    }
    case "set": {
      const kind = value.fact.mentions ?? "team";
      const named = mentioned(text, kind, vocabulary);
      if (value.required.length === 0)
        return { found: named.length === 0, detail: `expected no ${kind}; mentioned ${short(named)}` };
      const accepted = new Set([...value.required, ...value.tied]);
      const hits = named.filter((n) => accepted.has(n)).length;
      const precision = named.length === 0 ? 0 : hits / named.length;
      const recall = Math.min(hits, value.required.length) / value.required.length;
      const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
      return {
        found: f1 >= SET_F1,
        detail: `F1 ${f1.toFixed(2)}: expected ${short(value.required)}; mentioned ${short(named)}`,
      };
    }
    case "groups": {
      if (value.groups.length === 0) return { found: saysNoData(text), detail: "expected no data" };
      const unit = value.fact.unit ?? "count";
      const kind = value.fact.mentions;
      const missing = value.groups.filter(
        (g) => !statesFigure(text, g.value, unit) || (kind !== undefined && !mentions(text, g.key, kind)),
      );
      return {
        found: missing.length === 0,
        detail: `${value.groups.length - missing.length}/${value.groups.length} groups stated${missing.length ? `; missing ${short(missing.map((g) => `${g.key}=${g.value}`))}` : ""}`,
      };
    }
  }
}

/** The verdict on one answer text; a failed plan (no text) is never correct. */
export function correctness(
  answer: string | null,
  reference: ReferenceAnswer,
  vocabulary: Vocabulary,
): Correctness {
  const facts: FactVerdict[] = reference.facts.map((value) => ({
    kind: value.kind,
    column: value.fact.column,
    ...(answer === null ? { found: false, detail: "no answer" } : judge(answer, value, vocabulary)),
  }));
  const found = facts.filter((f) => f.found).length;
  return {
    query_id: reference.query_id,
    correct: answer !== null && found === facts.length,
    score: facts.length === 0 ? 0 : found / facts.length,
    facts,
  };
}
