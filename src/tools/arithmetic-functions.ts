/** The whitelist of functions and constants the safe arithmetic evaluator knows; nothing else resolves. */

/** Named constants; `π` is accepted as typed. */
export const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["pi", Math.PI],
  ["π", Math.PI],
  ["e", Math.E],
]);

/** A whitelisted function and how many arguments it takes. */
export interface MathFunction {
  minArguments: number;
  maxArguments: number;
  apply: (args: readonly number[]) => number;
}

const one = (apply: (x: number) => number): MathFunction => ({
  minArguments: 1,
  maxArguments: 1,
  apply: (args) => apply(args[0] ?? Number.NaN),
});

/**
 * Half away from zero (2.5 → 3, -2.5 → -3), as calculators and people round; Python's round()
 * would give 2. `round(x, digits)` keeps `digits` decimals (negative digits round to tens, …).
 */
function round(args: readonly number[]): number {
  const [x = Number.NaN, digits = 0] = args;
  if (!Number.isInteger(digits) || Math.abs(digits) > 15) return Number.NaN;
  const scale = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * scale)) / scale;
}

/**
 * The whitelist; a Map, not an object, so `constructor` or `__proto__` can never resolve.
 * `log(x)` is base 10, as on calculators (and because `ln` exists for the natural log);
 * `log(x, b)` takes any base. Trigonometry is in radians.
 */
export const FUNCTIONS: ReadonlyMap<string, MathFunction> = new Map<string, MathFunction>([
  ["sqrt", one(Math.sqrt)],
  ["abs", one(Math.abs)],
  ["floor", one(Math.floor)],
  ["ceil", one(Math.ceil)],
  ["round", { minArguments: 1, maxArguments: 2, apply: round }],
  ["ln", one(Math.log)],
  ["log10", one(Math.log10)],
  ["log2", one(Math.log2)],
  [
    "log",
    {
      minArguments: 1,
      maxArguments: 2,
      apply: ([x = Number.NaN, base]) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)),
    },
  ],
  ["exp", one(Math.exp)],
  ["sin", one(Math.sin)],
  ["cos", one(Math.cos)],
  ["tan", one(Math.tan)],
  ["min", { minArguments: 1, maxArguments: Number.POSITIVE_INFINITY, apply: (args) => Math.min(...args) }],
  ["max", { minArguments: 1, maxArguments: Number.POSITIVE_INFINITY, apply: (args) => Math.max(...args) }],
  [
    "pow",
    { minArguments: 2, maxArguments: 2, apply: ([base = Number.NaN, power = Number.NaN]) => base ** power },
  ],
]);

/** `1 argument`, `1 or 2 arguments`, `at least 1 argument`: for the wrong-arity message. */
export function describeArity({ minArguments, maxArguments }: MathFunction): string {
  const count =
    minArguments === maxArguments
      ? String(minArguments)
      : maxArguments === Number.POSITIVE_INFINITY
        ? `at least ${minArguments}`
        : `${minArguments} or ${maxArguments}`;
  return `${count} ${count.endsWith(" 1") || count === "1" ? "argument" : "arguments"}`;
}
