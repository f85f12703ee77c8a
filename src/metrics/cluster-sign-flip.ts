/**
 * The paired test clustered by case: the exact sign-flip (randomization) test on per-case differences. Under "A and
 * B are the same process" the two runs' attempts at a case are exchangeable, so each case's difference is as likely
 * to carry either sign, independently of every other case. With one pass/fail pair per case it is exactly McNemar's
 * test; with several protocols (or attempts) per case it never counts one case's pairs as independent.
 */
import { normalUpperTail } from "./distributions.js";
import { mcnemarExact } from "./mcnemar.js";

export type SignFlipMethod = "mcnemar-exact" | "sign-flip-exact" | "sign-flip-normal";

export interface SignFlipTest {
  /** Two-sided: P(|S| ≥ |observed S|) over all 2^N sign assignments. */
  p_value: number;
  method: SignFlipMethod;
  /** S = Σ of the case differences as given. */
  statistic: number;
  /** Cases with a non-zero difference (the others carry no information). */
  informative: number;
}

/** The exact distribution has Σ|T| + 1 states per case: beyond this many state updates the normal form is used. */
const EXACT_LIMIT = 5e7;

function exactTail(magnitudes: readonly number[], observed: number): number {
  const total = magnitudes.reduce((a, b) => a + b, 0);
  // probability[x]: chance that the cases drawn positive sum to x; S = 2x − total.
  const probability = new Float64Array(total + 1);
  probability[0] = 1;
  let reach = 0;
  for (const m of magnitudes) {
    reach += m;
    for (let x = reach; x >= 0; x--)
      probability[x] = ((probability[x] ?? 0) + (x >= m ? (probability[x - m] ?? 0) : 0)) / 2;
  }
  let p = 0;
  for (let x = 0; x <= total; x++)
    if (Math.abs(2 * x - total) >= Math.abs(observed)) p += probability[x] ?? 0;
  return Math.min(1, p);
}

/**
 * The two-sided test on per-case differences (any sign convention). Whole-number differences get the exact
 * distribution (by convolution; magnitudes of 1 only: the exact McNemar test itself); others, or very large ones,
 * the normal form z = S / √(Σ T²), the cluster-adjusted McNemar statistic of Durkalski et al. (2003).
 * @example clusterSignFlipTest([1, 1, 1, 1, 1, 1, -1]).p_value // 0.125, as mcnemarExact(1, 6)
 */
export function clusterSignFlipTest(differences: readonly number[]): SignFlipTest {
  const nonZero = differences.filter((d) => d !== 0);
  const statistic = nonZero.reduce((a, b) => a + b, 0);
  const base = { statistic, informative: nonZero.length };
  if (nonZero.length === 0) return { ...base, p_value: 1, method: "sign-flip-exact" };
  const magnitudes = nonZero.map(Math.abs);
  if (magnitudes.every((m) => m === 1)) {
    const positive = nonZero.filter((d) => d > 0).length;
    return { ...base, p_value: mcnemarExact(positive, nonZero.length - positive), method: "mcnemar-exact" };
  }
  const total = magnitudes.reduce((a, b) => a + b, 0);
  if (magnitudes.every(Number.isInteger) && total * magnitudes.length <= EXACT_LIMIT)
    return { ...base, p_value: exactTail(magnitudes, statistic), method: "sign-flip-exact" };
  const z = statistic / Math.sqrt(nonZero.reduce((sum, d) => sum + d * d, 0));
  return { ...base, p_value: Math.min(1, 2 * normalUpperTail(Math.abs(z))), method: "sign-flip-normal" };
}

/** The discordant pairs of a single-attempt paired comparison (src/metrics/paired.ts's PairedTable has them). */
export interface DiscordantPairs {
  a_passed_b_failed: readonly { id: string }[];
  a_failed_b_passed: readonly { id: string }[];
}

/**
 * The pooled test over several protocols of each case: per case, (pairs B alone passed) − (pairs A alone passed),
 * then {@link clusterSignFlipTest}. Concordant pairs add nothing to any case's difference, so they are not inputs.
 * With one protocol it equals the exact McNemar test on the same pairs.
 */
export function pooledMcNemar(table: DiscordantPairs): SignFlipTest {
  const byCase = new Map<string, number>();
  for (const pair of table.a_passed_b_failed) byCase.set(pair.id, (byCase.get(pair.id) ?? 0) - 1);
  for (const pair of table.a_failed_b_passed) byCase.set(pair.id, (byCase.get(pair.id) ?? 0) + 1);
  return clusterSignFlipTest([...byCase.values()]);
}
