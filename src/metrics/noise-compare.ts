/**
 * Noise-aware comparison of two runs, each with K ≥ 1 attempts per (case, protocol): the paired difference with its
 * case-clustered interval, the clustered exact test (the exact McNemar test when K = 1 and one protocol), the
 * minimum detectable effect, and a verdict that says "within noise" unless the test says otherwise.
 */
import { type Attempt, type AttemptUnit, groupAttempts } from "./attempts.js";
import {
  type BootstrapSettings,
  caseClusteredMean,
  DEFAULT_BOOTSTRAP,
  type Estimate,
} from "./case-bootstrap.js";
import { clusterSignFlipTest, type SignFlipTest } from "./cluster-sign-flip.js";
import {
  casesToDetect,
  DEFAULT_POWER,
  minimumDetectableEffect,
  type NoiseModel,
  type PowerSettings,
  type RepeatsToDetect,
  repeatsToDetect,
} from "./power.js";

/** One (case, protocol) with at least one scored attempt in each run. */
export interface PairedUnit {
  case_id: string;
  protocol: string;
  a: AttemptUnit;
  b: AttemptUnit;
}

export interface NoiseCompareOptions {
  bootstrap?: BootstrapSettings;
  power?: PowerSettings;
  /** An effect to plan for (the later `--mde` flag): the cases and repeats that would detect it. */
  target?: number;
}

export type NoiseVerdictKind = "within-noise" | "a-better" | "b-better";

export interface NoiseComparison {
  kind: NoiseVerdictKind;
  /** Mean over paired units of (B's pass share − A's): positive when B passes more. */
  difference: Estimate;
  /** Coverage of the intervals. */
  level: number;
  /** Each run's score over the paired units only, so the two are comparable. */
  a: Estimate;
  b: Estimate;
  test: SignFlipTest;
  alpha: number;
  power: number;
  /** Paired units and their cases; units scored in one run only are counted and left out. */
  pairs: { units: number; cases: number; only_in_a: number; only_in_b: number };
  /** The share of paired units where one attempt of A and one of B disagree (for K = 1: the discordant pairs). */
  discordance: number;
  noise: NoiseModel;
  /** The effect this comparison detects with probability `power`; null with fewer than two cases. */
  mde: number | null;
  target: { effect: number; cases: number | null; repeats: RepeatsToDetect } | null;
}

const share = (u: AttemptUnit) => u.passes / u.attempts;
/** c(n − c)/(n(n − 1)): unbiased for p(1 − p) from n ≥ 2 attempts. */
const attemptVariance = (u: AttemptUnit) =>
  u.attempts < 2 ? null : (u.passes * (u.attempts - u.passes)) / (u.attempts * (u.attempts - 1));

function pairUnits(a: readonly Attempt[], b: readonly Attempt[]) {
  const groupsA = groupAttempts(a);
  const groupsB = groupAttempts(b);
  const inB = new Map(groupsB.units.map((u) => [`${u.case_id}\u0000${u.protocol}`, u]));
  const cases = new Map<string, PairedUnit[]>();
  let onlyInA = 0;
  for (const unitA of groupsA.units) {
    const key = `${unitA.case_id}\u0000${unitA.protocol}`;
    const unitB = inB.get(key);
    inB.delete(key);
    if (!unitB || unitA.attempts === 0 || unitB.attempts === 0) {
      if (unitA.attempts > 0) onlyInA++;
      continue;
    }
    const pair = { case_id: unitA.case_id, protocol: unitA.protocol, a: unitA, b: unitB };
    const group = cases.get(unitA.case_id);
    if (group) group.push(pair);
    else cases.set(unitA.case_id, [pair]);
  }
  const onlyInB = [...inB.values()].filter((u) => u.attempts > 0).length;
  return {
    cases: [...cases.values()],
    onlyInA,
    onlyInB,
    repeats: { a: groupsA.repeats, b: groupsB.repeats },
  };
}

function meanOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((x, y) => x + y, 0) / known.length;
}

/** The case-clustered variance of the mean difference: (N/(N−1)) Σ_j (T_j − m_j·D)² / M². */
function clusteredVariance(cases: readonly PairedUnit[][], difference: number, units: number): number | null {
  if (cases.length < 2) return null;
  let sum = 0;
  for (const pairs of cases) {
    const total = pairs.reduce((s, p) => s + share(p.b) - share(p.a), 0);
    sum += (total - pairs.length * difference) ** 2;
  }
  return (cases.length / (cases.length - 1)) * (sum / units ** 2);
}

function noiseModel(
  cases: PairedUnit[][],
  difference: number,
  repeats: { a: number; b: number },
): NoiseModel {
  const pairs = cases.flat();
  const units = pairs.length;
  const within = {
    a: meanOf(pairs.map((p) => attemptVariance(p.a))),
    b: meanOf(pairs.map((p) => attemptVariance(p.b))),
  };
  const { a, b } = within;
  const attempt_noise =
    a === null || b === null
      ? null
      : pairs.reduce((s, p) => s + a / p.a.attempts + b / p.b.attempts, 0) / units ** 2;
  return {
    cases: cases.length,
    units,
    repeats,
    variance: clusteredVariance(cases, difference, units),
    within,
    attempt_noise,
  };
}

const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
/** Past this common denominator the per-case differences are left as fractions and the test goes normal. */
const INTEGER_SCALE_LIMIT = 10_000;

/**
 * Per-case differences on a whole-number scale when one exists (every unit's pass share is a count over its n, so
 * L = lcm of the n's makes L·(b − a) whole): the exact test then applies. The scale does not change the p-value.
 */
function caseDifferences(cases: readonly PairedUnit[][]): number[] {
  let scale = 1;
  for (const p of cases.flat()) {
    for (const n of [p.a.attempts, p.b.attempts]) {
      scale = (scale / gcd(scale, n)) * n;
      if (scale > INTEGER_SCALE_LIMIT)
        return cases.map((pairs) => pairs.reduce((s, q) => s + share(q.b) - share(q.a), 0));
    }
  }
  return cases.map((pairs) =>
    pairs.reduce((s, q) => s + (q.b.passes * scale) / q.b.attempts - (q.a.passes * scale) / q.a.attempts, 0),
  );
}

/**
 * The sign-flip test computes unit-sized differences with the McNemar routine (the same distribution); it is called
 * McNemar's test only where it is one: a single pass/fail pair per case.
 */
function nameTest(test: SignFlipTest, cases: readonly PairedUnit[][]): SignFlipTest {
  const singlePairs = cases.every(
    (pairs) => pairs.length === 1 && pairs[0]?.a.attempts === 1 && pairs[0]?.b.attempts === 1,
  );
  return test.method === "mcnemar-exact" && !singlePairs ? { ...test, method: "sign-flip-exact" } : test;
}

/** Compares run B with run A (attempts as in attempts.ts); every number in the verdict is in the result. */
export function compareRepeatedRuns(
  a: readonly Attempt[],
  b: readonly Attempt[],
  options: NoiseCompareOptions = {},
): NoiseComparison {
  const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const power = options.power ?? DEFAULT_POWER;
  const paired = pairUnits(a, b);
  const { cases } = paired;
  const difference = caseClusteredMean(cases, (p) => share(p.b) - share(p.a), bootstrap);
  const units = cases.reduce((s, c) => s + c.length, 0);
  const noise = noiseModel(cases, difference.value ?? 0, paired.repeats);
  const test = nameTest(clusterSignFlipTest(caseDifferences(cases)), cases);
  // S has the sign of the mean difference (the per-case differences sum to it, scaled), and S = 0 gives p = 1.
  const significant = test.p_value < power.alpha;
  const discordance =
    meanOf(cases.flat().map((p) => share(p.a) * (1 - share(p.b)) + share(p.b) * (1 - share(p.a)))) ?? 0;
  return {
    kind: !significant ? "within-noise" : test.statistic > 0 ? "b-better" : "a-better",
    difference,
    level: bootstrap.level,
    a: caseClusteredMean(cases, (p) => share(p.a), bootstrap),
    b: caseClusteredMean(cases, (p) => share(p.b), bootstrap),
    test,
    alpha: power.alpha,
    power: power.power,
    pairs: { units, cases: cases.length, only_in_a: paired.onlyInA, only_in_b: paired.onlyInB },
    discordance,
    noise,
    mde: units === 0 ? null : minimumDetectableEffect(noise, {}, power),
    target:
      options.target === undefined || units === 0
        ? null
        : {
            effect: options.target,
            cases: casesToDetect(noise, options.target, power),
            repeats: repeatsToDetect(noise, options.target, power),
          },
  };
}
