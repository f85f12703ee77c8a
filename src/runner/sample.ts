/**
 * `run --sample N --seed S`: N cases drawn so every (category, language) stratum keeps its share of the selection.
 * `--limit N` takes the first N cases in corpus order, which are N cases of the first category; a sample is a small
 * run that still measures the whole benchmark. Quotas are proportional, rounded by largest remainder (ties to the
 * stratum seen first); within a stratum the cases with the smallest sha256(seed, id) are taken, so a case's place in
 * the draw depends on its id and the seed alone, never on the order of the file. The chosen cases keep corpus order.
 */
import type { Case } from "../cases/schema.js";
import { sha256 } from "./canonical-json.js";

export interface Sample {
  n: number;
  seed: number;
}

const stratumOf = (c: Case) => `${c.category}\u0000${c.lang}`;

/** The proportional quota of each stratum, summing to min(n, total). */
function quotas(sizes: readonly number[], n: number): number[] {
  const total = sizes.reduce((a, b) => a + b, 0);
  const take = Math.min(n, total);
  const exact = sizes.map((size) => (size * take) / total);
  const floors = exact.map(Math.floor);
  let left = take - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if ((floors[i] ?? 0) < (sizes[i] ?? 0)) {
      floors[i] = (floors[i] ?? 0) + 1;
      left--;
    }
  }
  return floors;
}

export function stratifiedSample(cases: readonly Case[], sample: Sample): Case[] {
  const strata = new Map<string, Case[]>();
  for (const c of cases) strata.set(stratumOf(c), [...(strata.get(stratumOf(c)) ?? []), c]);
  const groups = [...strata.values()];
  const share = quotas(
    groups.map((g) => g.length),
    sample.n,
  );
  const chosen = new Set<string>();
  groups.forEach((group, i) => {
    const ranked = group
      .map((c) => ({ id: c.id, key: sha256(`${sample.seed}\u0000${c.id}`) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { id } of ranked.slice(0, share[i] ?? 0)) chosen.add(id);
  });
  return cases.filter((c) => chosen.has(c.id));
}
