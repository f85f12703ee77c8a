/**
 * Inter-annotator agreement within one kind: for every pair of annotators and every measure the kind defines
 * (kinds/*.ts `measures`), the tasks both labelled (latest label each), exact agreement, Cohen's κ and, for ordered
 * categories, the quadratic weighted κ (src/metrics/agreement.ts).
 */
import { cohenKappa, confusionMatrix, observedAgreement, quadraticKappa } from "../metrics/agreement.js";
import type { KindAgreement, PairAgreement, StoredLabel, TaskKind } from "./contract.js";
import type { Measure } from "./kinds/kind.js";
import { kindNamed } from "./kinds/lookup.js";

/** Each annotator's measures by task id. */
function measuresByAnnotator(
  kind: TaskKind,
  labels: readonly StoredLabel[],
  payloads: ReadonlyMap<number, unknown>,
): Map<string, Map<number, Map<string, Measure>>> {
  const spec = kindNamed(kind);
  const out = new Map<string, Map<number, Map<string, Measure>>>();
  for (const stored of labels) {
    const payload = payloads.get(stored.task_id);
    const byTask = out.get(stored.annotator) ?? new Map<number, Map<string, Measure>>();
    const measures = spec.measures(payload, stored.label);
    byTask.set(stored.task_id, new Map(measures.map((m) => [m.name, m])));
    out.set(stored.annotator, byTask);
  }
  return out;
}

function pairOn(annotators: [string, string], name: string, values: [Measure, Measure][]): PairAgreement {
  const first = values[0]?.[0];
  const ordinal = first?.ordinal ?? false;
  const categories = first?.categories ?? [...new Set(values.flatMap(([a, b]) => [a.value, b.value]))].sort();
  const index = (value: string) => categories.indexOf(value);
  const usable = values.filter(([a, b]) => index(a.value) !== -1 && index(b.value) !== -1);
  const matrix = confusionMatrix(
    usable.map(([a]) => index(a.value)),
    usable.map(([, b]) => index(b.value)),
    Math.max(categories.length, 1),
  );
  return {
    annotators,
    measure: name,
    n: usable.length,
    exact: observedAgreement(matrix),
    kappa: usable.length === 0 ? null : cohenKappa(matrix),
    weighted_kappa: ordinal && usable.length > 0 ? quadraticKappa(matrix) : null,
    ordinal,
  };
}

export function agreementOf(
  kind: TaskKind,
  labels: readonly StoredLabel[],
  payloads: ReadonlyMap<number, unknown>,
): KindAgreement {
  const byAnnotator = measuresByAnnotator(kind, labels, payloads);
  const annotators = [...byAnnotator.keys()].sort();
  const pairs: PairAgreement[] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) {
      const a = annotators[i] as string;
      const b = annotators[j] as string;
      const left = byAnnotator.get(a) ?? new Map();
      const right = byAnnotator.get(b) ?? new Map();
      const byMeasure = new Map<string, [Measure, Measure][]>();
      for (const [taskId, measures] of [...left.entries()].sort(([x], [y]) => x - y)) {
        const other = right.get(taskId);
        if (!other) continue;
        for (const [name, measure] of measures) {
          const theirs = other.get(name);
          if (!theirs) continue;
          byMeasure.set(name, [...(byMeasure.get(name) ?? []), [measure, theirs]]);
        }
      }
      for (const [name, values] of byMeasure) pairs.push(pairOn([a, b], name, values));
    }
  }
  return { kind, annotators, pairs };
}
