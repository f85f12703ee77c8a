/**
 * The normal and χ² distribution functions the repeat statistics need, to double precision. simple-statistics'
 * `probit` is only good to about three places (probit(0.975) = 1.95716), too coarse for power analysis, so the
 * quantiles are solved here against the regularized incomplete gamma function (Numerical Recipes §6.2).
 */
import { gammaln } from "simple-statistics";

const EPSILON = 1e-16;
const MAX_ITERATIONS = 500;
/** Smallest positive double worth dividing by in Lentz's method. */
const TINY = 1e-300;

/** P(a, x) by its power series; converges fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - gammaln(a));
}

/** Q(a, x) by its continued fraction (modified Lentz); converges fast for x ≥ a + 1. */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - gammaln(a)) * h;
}

/** The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a), for a > 0 and x ≥ 0. */
export function regularizedGammaLower(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? lowerSeries(a, x) : 1 - upperFraction(a, x);
}

/** Q(a, x) = 1 − P(a, x), computed directly so a far upper tail keeps its digits. */
export function regularizedGammaUpper(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - lowerSeries(a, x) : upperFraction(a, x);
}

/** P(Z ≥ z) for a standard normal Z: erfc(z/√2)/2, with erfc(t) = Q(1/2, t²) for t ≥ 0. */
export function normalUpperTail(z: number): number {
  const tail = 0.5 * regularizedGammaUpper(0.5, (z * z) / 2);
  return z >= 0 ? tail : 1 - tail;
}

const normalDensity = (z: number) => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);

/**
 * The standard normal quantile Φ⁻¹(p): Newton's method on the upper tail from a logistic-style start, which
 * converges to full precision in a handful of steps for any p in (0, 1).
 * @example normalQuantile(0.975) // 1.959963984540054
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: expected 0 < p < 1, got ${p}`);
  if (p === 0.5) return 0;
  // Solve on the smaller tail, where the tail probability keeps its relative precision; the start is Abramowitz &
  // Stegun 26.2.23 (error below 4.5e-4).
  const tail = Math.min(p, 1 - p);
  const t = Math.sqrt(-2 * Math.log(tail));
  let z =
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3);
  for (let i = 0; i < 50; i++) {
    const step = (normalUpperTail(z) - tail) / normalDensity(z);
    z += step;
    if (Math.abs(step) < 1e-15 * Math.max(1, Math.abs(z))) break;
  }
  return p > 0.5 ? z : -z;
}

/** P(X ≤ x) for X ~ χ²(df). */
export function chiSquaredCdf(x: number, df: number): number {
  return regularizedGammaLower(df / 2, x / 2);
}

/**
 * The χ² quantile: the x with P(X ≤ x) = p for X ~ χ²(df), by bisection (the CDF is monotone, so this cannot fail
 * to converge; 200 halvings reach the last bit of a double).
 * @example chiSquaredQuantile(0.975, 2) // 7.377758908227871
 */
export function chiSquaredQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`chiSquaredQuantile: expected 0 < p < 1, got ${p}`);
  if (!(df > 0)) throw new RangeError(`chiSquaredQuantile: expected df > 0, got ${df}`);
  let low = 0;
  let high = Math.max(1, df);
  while (chiSquaredCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-15 * high; i++) {
    const middle = (low + high) / 2;
    if (chiSquaredCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
