/**
 * Exact decimal rounding of floats, as CPython does it (from the float's exact binary value, ties to even): the
 * ground for `round(x, n)` and printf-style `%f`/`%e`/`%g`. JavaScript's toFixed rounds ties away from zero, so it
 * cannot stand in.
 */

/** A finite float as an exact fraction `numerator / denominator` of its absolute value. */
function exactFraction(x: number): { numerator: bigint; denominator: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponentBits === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075;
  return exponent >= 0
    ? { numerator: mantissa << BigInt(exponent), denominator: 1n }
    : { numerator: mantissa, denominator: 1n << BigInt(-exponent) };
}

/** round(numerator / denominator) with ties to even. */
function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** |x| × 10^digits rounded to an integer, ties to even (digits may be negative). */
export function scaledRound(x: number, digits: number): bigint {
  const { numerator, denominator } = exactFraction(x);
  return digits >= 0
    ? roundHalfEven(numerator * 10n ** BigInt(digits), denominator)
    : roundHalfEven(numerator, denominator * 10n ** BigInt(-digits));
}

/** The decimal exponent E with 10^E ≤ |x| < 10^(E+1), for a finite non-zero x. */
export function decimalExponent(x: number): number {
  const { numerator, denominator } = exactFraction(x);
  let e = Math.floor(Math.log10(Math.abs(x)));
  const below = (k: number) =>
    k >= 0 ? numerator < denominator * 10n ** BigInt(k) : numerator * 10n ** BigInt(-k) < denominator;
  while (below(e)) e--;
  while (!below(e + 1)) e++;
  return e;
}

/** `digits` as a decimal with `fractionDigits` after the point (`12`, 1 → `1.2`). */
export function withPoint(digits: bigint, fractionDigits: number): string {
  if (fractionDigits <= 0) return digits.toString();
  const text = digits.toString().padStart(fractionDigits + 1, "0");
  return `${text.slice(0, -fractionDigits)}.${text.slice(-fractionDigits)}`;
}

/** `%.{precision}f` of |x| (finite). */
export function fixed(x: number, precision: number): string {
  return withPoint(scaledRound(x, precision), precision);
}

/** `%.{precision}e` of |x| (finite): mantissa digits and the exponent, `1.50e+03`. */
export function exponential(x: number, precision: number): { text: string; exponent: number } {
  if (x === 0) return { text: `${withPoint(0n, precision)}e+00`, exponent: 0 };
  let exponent = decimalExponent(x);
  let digits = scaledRound(x, precision - exponent);
  if (digits >= 10n ** BigInt(precision + 1)) {
    exponent++;
    digits = scaledRound(x, precision - exponent);
  }
  const power = String(Math.abs(exponent)).padStart(2, "0");
  return { text: `${withPoint(digits, precision)}e${exponent < 0 ? "-" : "+"}${power}`, exponent };
}
