/** The Wilson score interval for a binomial proportion (spec §3.4). */

/** The two-sided 95% normal quantile, to the precision the published tables use. */
export const Z_95 = 1.959963984540054;

/** Returns [lower, upper] for `successes` out of `trials`; [0, 1] when there are no trials. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Clamp the rounding noise at the ends so 0/n starts at exactly 0 and n/n ends at exactly 1.
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
