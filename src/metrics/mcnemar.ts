/** The exact McNemar test: a two-sided binomial test on the discordant pairs of a paired comparison. */

/** log(a + b) from log a and log b, without leaving log space (terms underflow to 0 beyond ~1,070 pairs). */
function logAdd(logA: number, logB: number): number {
  if (logA === Number.NEGATIVE_INFINITY) return logB;
  const high = Math.max(logA, logB);
  return high + Math.log1p(Math.exp(Math.min(logA, logB) - high));
}

/**
 * The two-sided p-value for `b` pairs that passed only in A and `c` that passed only in B:
 * p = min(1, 2 · Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)). Concordant pairs carry no information and are not inputs.
 * @example mcnemarExact(1, 6) // 0.125
 */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
    throw new RangeError(`mcnemarExact: expected two whole numbers ≥ 0, got ${b} and ${c}`);
  const n = b + c;
  const k = Math.min(b, c);
  // log C(n, i) by the recurrence C(n, i+1) = C(n, i) · (n − i) / (i + 1): exact enough and never overflows.
  let logTerm = 0;
  let logSum = Number.NEGATIVE_INFINITY;
  for (let i = 0; i <= k; i++) {
    logSum = logAdd(logSum, logTerm);
    logTerm += Math.log(n - i) - Math.log(i + 1);
  }
  return Math.min(1, 2 * Math.exp(logSum - n * Math.LN2));
}
