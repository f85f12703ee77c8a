/**
 * The few pure builtins arithmetic in a model's arguments calls (`round(1500 * 0.15, 2)`, `abs(-3) + 1`, `len('ab')`):
 * what upstream's eval computes with them, positional arguments only. Any other name is a NameError in upstream's
 * eval (or an object we do not model), so the decode fails.
 */
import { intResult, intToFloat, isNumber, numberOperation, type PyNumber, toBigInt } from "./arithmetic.js";
import { scaledRound } from "./decimal.js";
import { raise } from "./failure.js";
import { pyStr } from "./format.js";
import { MAX_INT_DIGITS } from "./repr.js";
import { dictEntries, isDict, PyBytes, PyComplex, PyFloat, PyTuple, typeName, type Value } from "./value.js";

export interface BuiltinContext {
  /** Python's truth value. */
  truthy(value: Value): boolean;
  /** Python's `<` ordering: negative, zero or positive. */
  order(a: Value, b: Value): number;
  /** `a + b`. */
  add(a: Value, b: Value): Value;
  /** The elements iterating over a value gives. */
  iterate(value: Value): Value[];
}

function argumentCount(name: string, args: readonly Value[], min: number, max: number): void {
  if (args.length < min || args.length > max) raise("TypeError", `${name}() takes ${min}–${max} arguments`);
}

function length(value: Value): number {
  if (typeof value === "string") return Array.from(value).length;
  if (value instanceof PyBytes) return value.latin1.length;
  if (value instanceof PyTuple) return value.items.length;
  if (Array.isArray(value)) return value.length;
  if (isDict(value)) return [...dictEntries(value)].length;
  return raise("TypeError", `object of type '${typeName(value)}' has no len()`);
}

/** round(x[, n]): ints stay ints, floats round their exact value half to even. */
function round(args: readonly Value[]): Value {
  argumentCount("round", args, 1, 2);
  const [x, n = null] = args as [Value, Value?];
  if (n !== null && typeof n !== "number" && typeof n !== "boolean" && typeof n !== "bigint") {
    raise("TypeError", "'ndigits' must be an integer");
  }
  const digits = n === null ? 0 : Number(n);
  if (typeof x === "boolean" || typeof x === "number" || typeof x === "bigint") {
    if (n === null || digits >= 0) return intResult(toBigInt(x));
    const unit = 10n ** BigInt(-digits);
    const big = toBigInt(x);
    const magnitude = big < 0n ? -big : big;
    let quotient = magnitude / unit;
    const twice = 2n * (magnitude % unit);
    if (twice > unit || (twice === unit && quotient % 2n === 1n)) quotient++;
    return intResult((big < 0n ? -quotient : quotient) * unit);
  }
  if (!(x instanceof PyFloat)) return raise("TypeError", `type ${typeName(x)} doesn't define __round__`);
  const value = x.value;
  if (n === null) {
    if (!Number.isFinite(value)) raise(Number.isNaN(value) ? "ValueError" : "OverflowError", "cannot round");
    const rounded = scaledRound(value, 0);
    return intResult(value < 0 ? -rounded : rounded);
  }
  if (!Number.isFinite(value) || value === 0) return x;
  if (digits > 330) return x;
  const rounded = scaledRound(value, digits);
  const result = Number(`${rounded}e${-digits}`);
  return new PyFloat(value < 0 || Object.is(value, -0) ? -result : result);
}

function toInt(args: readonly Value[]): Value {
  argumentCount("int", args, 0, 1);
  const [x = 0] = args;
  if (typeof x === "boolean" || typeof x === "number" || typeof x === "bigint") return intResult(toBigInt(x));
  if (x instanceof PyFloat) {
    if (Number.isNaN(x.value)) raise("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(x.value)) raise("OverflowError", "cannot convert float infinity to integer");
    return intResult(BigInt(Math.trunc(x.value)));
  }
  if (typeof x === "string") {
    const text = x.trim();
    if (!/^[+-]?\d(?:_?\d)*$/.test(text))
      raise("ValueError", `invalid literal for int() with base 10: '${x}'`);
    const digits = text.replace(/[_+]/g, "");
    if (digits.replace("-", "").length > MAX_INT_DIGITS)
      raise("ValueError", "Exceeds the limit (4300 digits)");
    return intResult(BigInt(digits));
  }
  return raise("TypeError", `int() argument must be a string or a real number, not '${typeName(x)}'`);
}

const FLOAT_TEXT =
  /^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:[eE][+-]?\d(?:_?\d)*)?)$/;

function toFloat(args: readonly Value[]): Value {
  argumentCount("float", args, 0, 1);
  const [x = 0] = args;
  if (x instanceof PyFloat) return x;
  if (typeof x === "boolean" || typeof x === "number" || typeof x === "bigint")
    return new PyFloat(intToFloat(x));
  if (typeof x === "string") {
    const text = x.trim();
    const word = text.toLowerCase().replace(/^[+-]/, "");
    const negative = text.startsWith("-");
    if (word === "inf" || word === "infinity") return new PyFloat(negative ? -Infinity : Infinity);
    if (word === "nan") return new PyFloat(Number.NaN);
    if (!FLOAT_TEXT.test(text)) raise("ValueError", `could not convert string to float: '${x}'`);
    return new PyFloat(Number(text.replace(/_/g, "")));
  }
  return raise("TypeError", `float() argument must be a string or a real number, not '${typeName(x)}'`);
}

function extreme(name: "min" | "max", args: readonly Value[], context: BuiltinContext): Value {
  if (args.length === 0) raise("TypeError", `${name} expected at least 1 argument, got 0`);
  const items = args.length === 1 ? context.iterate(args[0] as Value) : [...args];
  if (items.length === 0) raise("ValueError", `${name}() arg is an empty sequence`);
  let best = items[0] as Value;
  for (const item of items.slice(1)) {
    const sign = context.order(item, best);
    if (name === "max" ? sign > 0 : sign < 0) best = item;
  }
  return best;
}

function sum(args: readonly Value[], context: BuiltinContext): Value {
  argumentCount("sum", args, 1, 2);
  let total: Value = args[1] ?? 0;
  if (typeof total === "string") raise("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
  if (total instanceof PyBytes) raise("TypeError", "sum() can't sum bytes [use b''.join(seq) instead]");
  for (const item of context.iterate(args[0] as Value)) total = context.add(total, item);
  return total;
}

function absolute(args: readonly Value[]): Value {
  argumentCount("abs", args, 1, 1);
  const x = args[0] as Value;
  if (x instanceof PyComplex) {
    const magnitude = Math.hypot(x.real, x.imag);
    if (!Number.isFinite(magnitude) && Number.isFinite(x.real) && Number.isFinite(x.imag)) {
      raise("OverflowError", "absolute value too large");
    }
    return new PyFloat(magnitude);
  }
  if (x instanceof PyFloat) return new PyFloat(Math.abs(x.value));
  if (typeof x === "boolean" || typeof x === "number" || typeof x === "bigint") {
    const n = toBigInt(x);
    return intResult(n < 0n ? -n : n);
  }
  return raise("TypeError", `bad operand type for abs(): '${typeName(x)}'`);
}

function power(args: readonly Value[]): Value {
  argumentCount("pow", args, 2, 3);
  const [base, exponent, modulus = null] = args as [Value, Value, Value?];
  if (!isNumber(base) || !isNumber(exponent)) raise("TypeError", "unsupported operand type(s) for pow()");
  if (modulus === null) return numberOperation("**", base as PyNumber, exponent as PyNumber);
  return raise("Unsupported", "pow() with a modulus is not computed");
}

type Builtin = (args: readonly Value[], context: BuiltinContext) => Value;

const BUILTINS: Readonly<Record<string, Builtin>> = {
  abs: absolute,
  bool: (args, context) => {
    argumentCount("bool", args, 0, 1);
    return args.length === 0 ? false : context.truthy(args[0] as Value);
  },
  float: toFloat,
  int: toInt,
  len: (args) => {
    argumentCount("len", args, 1, 1);
    return length(args[0] as Value);
  },
  max: (args, context) => extreme("max", args, context),
  min: (args, context) => extreme("min", args, context),
  pow: power,
  round,
  str: (args) => {
    argumentCount("str", args, 0, 1);
    return args.length === 0 ? "" : pyStr(args[0] as Value);
  },
  sum,
};

/** The builtin of that name, if it is one we compute. */
export function builtin(name: string): Builtin | undefined {
  return Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;
}
