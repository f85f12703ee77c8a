/**
 * Python 3.11's number arithmetic for the values `eval` would compute: ints of any size (floor division and modulo
 * rounding down), floats as CPython's float_divmod and float_pow define them, complex numbers as complexobject.c
 * does (c_quot, c_powi, c_pow). Python's exceptions are DecodeFailures of the same name.
 */
import { raise } from "./failure.js";
import { PyComplex, PyFloat } from "./value.js";

export type PyNumber = boolean | number | bigint | PyFloat | PyComplex;

/** Results past this many bits are not computed (Python would, slowly); the decode fails instead. */
const MAX_INT_BITS = 1 << 16;

export function isNumber(value: unknown): value is PyNumber {
  return (
    typeof value === "boolean" ||
    typeof value === "number" ||
    typeof value === "bigint" ||
    value instanceof PyFloat ||
    value instanceof PyComplex
  );
}

export function toBigInt(value: boolean | number | bigint): bigint {
  return typeof value === "bigint" ? value : BigInt(typeof value === "boolean" ? Number(value) : value);
}

/** An int result: a safe number where it fits (as values elsewhere hold ints), a bigint beyond. */
export function intResult(value: bigint): number | bigint {
  return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value;
}

/** `float(n)` for an int: correctly rounded, OverflowError past the largest float. */
export function intToFloat(value: boolean | number | bigint): number {
  const result = typeof value === "bigint" ? Number(value) : Number(value);
  if (!Number.isFinite(result)) raise("OverflowError", "int too large to convert to float");
  return result;
}

type Kind = "int" | "float" | "complex";

function kindOf(value: PyNumber): Kind {
  if (value instanceof PyComplex) return "complex";
  return value instanceof PyFloat ? "float" : "int";
}

function asFloat(value: PyNumber): number {
  return value instanceof PyFloat ? value.value : intToFloat(value as boolean | number | bigint);
}

function asComplex(value: PyNumber): PyComplex {
  return value instanceof PyComplex ? value : new PyComplex(asFloat(value), 0);
}

/** Python's int true division: the exact quotient, correctly rounded to a float. */
function intDivide(a: bigint, b: bigint): number {
  if (b === 0n) raise("ZeroDivisionError", "division by zero");
  const limit = 1n << 53n;
  if (a < limit && a > -limit && b < limit && b > -limit) return Number(a) / Number(b);
  const negative = a < 0n !== b < 0n;
  const n = a < 0n ? -a : a;
  const d = b < 0n ? -b : b;
  // Scale so the integer quotient has at least 55 bits; a set lowest bit stands for a non-zero remainder.
  const shift = BigInt(Math.max(0, 55 - (n.toString(2).length - d.toString(2).length)));
  const scaled = n << shift;
  let quotient = scaled / d;
  if (scaled % d !== 0n) quotient |= 1n;
  const result = Number(quotient) / 2 ** Number(shift);
  if (!Number.isFinite(result)) raise("OverflowError", "integer division result too large for a float");
  return negative ? -result : result;
}

function floorDivide(a: bigint, b: bigint): bigint {
  if (b === 0n) raise("ZeroDivisionError", "integer division or modulo by zero");
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function modulo(a: bigint, b: bigint): bigint {
  if (b === 0n) raise("ZeroDivisionError", "integer division or modulo by zero");
  const r = a % b;
  return r !== 0n && r < 0n !== b < 0n ? r + b : r;
}

/** CPython's float_divmod: [floor quotient, remainder with the divisor's sign]. */
function floatDivmod(vx: number, wx: number): [number, number] {
  if (wx === 0) raise("ZeroDivisionError", "float divmod()");
  let mod = vx % wx;
  let div = (vx - mod) / wx;
  if (mod) {
    if (wx < 0 !== mod < 0) {
      mod += wx;
      div -= 1;
    }
  } else mod = wx < 0 ? -0 : 0;
  let floordiv: number;
  if (div) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
  } else {
    const quotient = vx / wx;
    floordiv = quotient < 0 || Object.is(quotient, -0) ? -0 : 0;
  }
  return [floordiv, mod];
}

function intPower(base: bigint, exponent: bigint): number | bigint | PyFloat | PyComplex {
  if (exponent < 0n) return floatResult(floatPower(intToFloat(base), intToFloat(exponent)));
  if (base === 0n) return exponent === 0n ? 1 : 0;
  if (base === 1n) return 1;
  if (base === -1n) return exponent % 2n === 0n ? 1 : -1;
  const bits = (base < 0n ? -base : base).toString(2).length;
  if (bits * Number(exponent) > MAX_INT_BITS) raise("Unsupported", "integer power too large to compute");
  return intResult(base ** exponent);
}

/** CPython's float_pow, with its special cases; a negative base to a fractional power is a complex (c_pow). */
function floatPower(iv: number, iw: number): number | PyComplex {
  if (iw === 0) return 1;
  if (Number.isNaN(iv)) return iv;
  if (Number.isNaN(iw)) return iv === 1 ? 1 : iw;
  const odd = Number.isFinite(iw) && Math.abs(iw % 2) === 1;
  if (!Number.isFinite(iw)) {
    const magnitude = Math.abs(iv);
    if (magnitude === 1) return 1;
    return magnitude > 1 === iw > 0 ? Number.POSITIVE_INFINITY : 0;
  }
  if (!Number.isFinite(iv)) {
    if (iw > 0) return odd ? iv : Math.abs(iv);
    return odd ? (iv < 0 ? -0 : 0) : 0;
  }
  if (iv === 0) {
    if (iw < 0) raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return odd ? iv : 0;
  }
  let negate = false;
  let base = iv;
  if (base < 0) {
    if (iw !== Math.floor(iw)) return complexPower(new PyComplex(iv, 0), new PyComplex(iw, 0));
    base = -base;
    negate = odd;
  }
  if (base === 1) return negate ? -1 : 1;
  const result = base ** iw;
  if (!Number.isFinite(result)) raise("OverflowError", "(34, 'Numerical result out of range')");
  return negate ? -result : result;
}

function complexProduct(a: PyComplex, b: PyComplex): PyComplex {
  return new PyComplex(a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real);
}

/** CPython's _Py_c_quot; undefined where it sets EDOM (division by zero). */
function complexQuotient(a: PyComplex, b: PyComplex): PyComplex | undefined {
  const absReal = Math.abs(b.real);
  const absImag = Math.abs(b.imag);
  if (absReal >= absImag) {
    if (absReal === 0) return undefined;
    const ratio = b.imag / b.real;
    const denom = b.real + b.imag * ratio;
    return new PyComplex((a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom);
  }
  if (absImag >= absReal) {
    const ratio = b.real / b.imag;
    const denom = b.real * ratio + b.imag;
    return new PyComplex((a.real * ratio + a.imag) / denom, (a.imag * ratio - a.real) / denom);
  }
  return new PyComplex(Number.NaN, Number.NaN);
}

function complexPower(a: PyComplex, b: PyComplex): PyComplex {
  let result: PyComplex | undefined;
  if (b.imag === 0 && b.real === Math.floor(b.real) && Math.abs(b.real) <= 100) {
    // c_powi: repeated squaring, then 1/x for a negative exponent.
    const n = Math.abs(b.real);
    let r = new PyComplex(1, 0);
    let p = a;
    for (let mask = 1; mask > 0 && n >= mask; mask *= 2) {
      if (Math.floor(n / mask) % 2 === 1) r = complexProduct(r, p);
      p = complexProduct(p, p);
    }
    result = b.real > 0 ? r : complexQuotient(new PyComplex(1, 0), r);
  } else if (b.real === 0 && b.imag === 0) result = new PyComplex(1, 0);
  else if (a.real === 0 && a.imag === 0) {
    result = b.imag !== 0 || b.real < 0 ? undefined : new PyComplex(0, 0);
  } else {
    const magnitude = Math.hypot(a.real, a.imag);
    let length = magnitude ** b.real;
    const angle = Math.atan2(a.imag, a.real);
    let phase = angle * b.real;
    if (b.imag !== 0) {
      length /= Math.exp(angle * b.imag);
      phase += b.imag * Math.log(magnitude);
    }
    result = new PyComplex(length * Math.cos(phase), length * Math.sin(phase));
  }
  if (result === undefined) raise("ZeroDivisionError", "0.0 to a negative or complex power");
  // _Py_ADJUST_ERANGE2: an infinite part is an overflow (a NaN is not).
  if (
    Math.abs(result.real) === Number.POSITIVE_INFINITY ||
    Math.abs(result.imag) === Number.POSITIVE_INFINITY
  ) {
    raise("OverflowError", "complex exponentiation");
  }
  return result;
}

function complexOperation(op: string, a: PyComplex, b: PyComplex): PyComplex {
  switch (op) {
    case "+":
      return new PyComplex(a.real + b.real, a.imag + b.imag);
    case "-":
      return new PyComplex(a.real - b.real, a.imag - b.imag);
    case "*":
      return complexProduct(a, b);
    case "/":
      return complexQuotient(a, b) ?? raise("ZeroDivisionError", "complex division by zero");
    case "**":
      return complexPower(a, b);
    default:
      return raise("TypeError", `unsupported operand type(s) for ${op}: 'complex'`);
  }
}

function floatResult(value: number | PyComplex): PyFloat | PyComplex {
  return value instanceof PyComplex ? value : new PyFloat(value);
}

function floatOperation(op: string, a: number, b: number): PyFloat | PyComplex {
  switch (op) {
    case "+":
      return new PyFloat(a + b);
    case "-":
      return new PyFloat(a - b);
    case "*":
      return new PyFloat(a * b);
    case "/":
      if (b === 0) raise("ZeroDivisionError", "float division by zero");
      return new PyFloat(a / b);
    case "//":
      return new PyFloat(floatDivmod(a, b)[0]);
    case "%":
      return new PyFloat(floatDivmod(a, b)[1]);
    case "**":
      return floatResult(floatPower(a, b));
    default:
      return raise("TypeError", `unsupported operand type(s) for ${op}: 'float'`);
  }
}

function intOperation(op: string, x: boolean | number | bigint, y: boolean | number | bigint): PyNumber {
  // bool & | ^ bool stays a bool.
  if (typeof x === "boolean" && typeof y === "boolean" && (op === "&" || op === "|" || op === "^")) {
    return op === "&" ? x && y : op === "|" ? x || y : x !== y;
  }
  const a = toBigInt(x);
  const b = toBigInt(y);
  switch (op) {
    case "+":
      return intResult(a + b);
    case "-":
      return intResult(a - b);
    case "*":
      if (a.toString(2).length + b.toString(2).length > MAX_INT_BITS)
        raise("Unsupported", "product too large");
      return intResult(a * b);
    case "/":
      return new PyFloat(intDivide(a, b));
    case "//":
      return intResult(floorDivide(a, b));
    case "%":
      return intResult(modulo(a, b));
    case "**":
      return intPower(a, b);
    case "<<":
      if (b < 0n) raise("ValueError", "negative shift count");
      if (a !== 0n && b > BigInt(MAX_INT_BITS)) raise("Unsupported", "shift too large");
      return intResult(a === 0n ? 0n : a << b);
    case ">>":
      if (b < 0n) raise("ValueError", "negative shift count");
      return intResult(b > 1_000_000n ? (a < 0n ? -1n : 0n) : a >> b);
    case "&":
      return intResult(a & b);
    case "|":
      return intResult(a | b);
    case "^":
      return intResult(a ^ b);
    default:
      return raise("TypeError", `unsupported operand type(s) for ${op}: 'int' and 'int'`);
  }
}

/** `a <op> b` for two numbers, with Python's promotion int → float → complex. */
export function numberOperation(op: string, a: PyNumber, b: PyNumber): PyNumber {
  const kinds = [kindOf(a), kindOf(b)];
  if (kinds.includes("complex")) return complexOperation(op, asComplex(a), asComplex(b));
  if (kinds.includes("float")) {
    if (op === "<<" || op === ">>" || op === "&" || op === "|" || op === "^") {
      raise("TypeError", `unsupported operand type(s) for ${op}: 'float'`);
    }
    return floatOperation(op, asFloat(a), asFloat(b));
  }
  return intOperation(op, a as boolean | number | bigint, b as boolean | number | bigint);
}

/** `-x`, `+x`, `~x` for a number (`not` is truthiness, elsewhere). */
export function numberUnary(op: "-" | "+" | "~", value: PyNumber): PyNumber {
  if (value instanceof PyComplex) {
    if (op === "~") raise("TypeError", "bad operand type for unary ~: 'complex'");
    return op === "-" ? new PyComplex(-value.real, -value.imag) : value;
  }
  if (value instanceof PyFloat) {
    if (op === "~") raise("TypeError", "bad operand type for unary ~: 'float'");
    return op === "-" ? new PyFloat(-value.value) : value;
  }
  const n = toBigInt(value as boolean | number | bigint);
  return intResult(op === "-" ? -n : op === "~" ? -n - 1n : n);
}

/** Python's ordering of two real numbers (ints exactly, not through floats); NaN compares false. */
export function compareNumbers(a: PyNumber, b: PyNumber): number {
  if (a instanceof PyComplex || b instanceof PyComplex) raise("TypeError", "'<' not supported for complex");
  const x = a instanceof PyFloat ? a.value : toBigInt(a as boolean | number | bigint);
  const y = b instanceof PyFloat ? b.value : toBigInt(b as boolean | number | bigint);
  if (typeof x === "number" && Number.isNaN(x)) return Number.NaN;
  if (typeof y === "number" && Number.isNaN(y)) return Number.NaN;
  // bigint and number compare exactly in JavaScript.
  return x < y ? -1 : x > y ? 1 : 0;
}
