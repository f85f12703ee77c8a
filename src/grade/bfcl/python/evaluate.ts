/**
 * What `eval(ast.unparse(node))` returns for the arithmetic BFCL's resolver evaluates (`x=2**3`, `'a' + 'b'`,
 * `[0] * 3`), computed from the tree without executing anything. Literals, containers, operators, comparisons,
 * `and`/`or`, conditional expressions, subscripts, printf-style `%` and a few pure builtins (python/builtins.ts)
 * are computed with Python's rules; another name, an attribute, a lambda or a comprehension is not (in upstream's
 * eval a name is almost always a NameError). Either way the decode fails, as a Python exception would fail it.
 */
import {
  compareNumbers,
  isNumber,
  numberOperation,
  numberUnary,
  type PyNumber,
  toBigInt,
} from "./arithmetic.js";
import type { CompareOperator, Expr, ExprOf } from "./ast.js";
import { ELLIPSIS } from "./ast.js";
import { type BuiltinContext, builtin } from "./builtins.js";
import { raise } from "./failure.js";
import { asciiOf, printf, pyStr } from "./format.js";
import { reprValue } from "./repr.js";
import {
  checkHashable,
  DictBuilder,
  dictEntries,
  dictGet,
  dictHas,
  isDict,
  PyBytes,
  PyComplex,
  PyFloat,
  PyTuple,
  pyEquals,
  typeName,
  type Value,
} from "./value.js";

/** Sequences longer than this are not built (Python would build them); the decode fails instead. */
const MAX_LENGTH = 1_000_000;

/** Python's truth value. */
export function truthy(value: Value): boolean {
  if (value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "bigint") return value !== 0n;
  if (typeof value === "string") return value.length > 0;
  if (value instanceof PyFloat) return value.value !== 0;
  if (value instanceof PyComplex) return value.real !== 0 || value.imag !== 0;
  if (value instanceof PyBytes) return value.latin1.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return [...dictEntries(value)].length > 0;
}

function isInt(value: Value): value is boolean | number | bigint {
  return typeof value === "boolean" || typeof value === "number" || typeof value === "bigint";
}

function unsupported(op: string, a: Value, b: Value): never {
  return raise("TypeError", `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** `sequence * count` for a str, bytes, list or tuple. */
function repeat(sequence: Value, count: boolean | number | bigint): Value {
  const times = toBigInt(count);
  const n = times <= 0n ? 0 : Number(times);
  const length =
    typeof sequence === "string"
      ? sequence.length
      : sequence instanceof PyBytes
        ? sequence.latin1.length
        : sequence instanceof PyTuple
          ? sequence.items.length
          : (sequence as Value[]).length;
  if (length * n > MAX_LENGTH) raise("Unsupported", "repetition too long to build");
  if (typeof sequence === "string") return sequence.repeat(n);
  if (sequence instanceof PyBytes) return new PyBytes(sequence.latin1.repeat(n));
  const items = sequence instanceof PyTuple ? sequence.items : (sequence as Value[]);
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(...items);
  return sequence instanceof PyTuple ? new PyTuple(out) : out;
}

function isSequence(value: Value): boolean {
  return (
    typeof value === "string" || value instanceof PyBytes || value instanceof PyTuple || Array.isArray(value)
  );
}

/** `a <op> b` for the operand types Python defines it on. */
export function binaryOperation(op: string, a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) return numberOperation(op, a as PyNumber, b as PyNumber);
  if (op === "+") {
    if (typeof a === "string" && typeof b === "string") return a + b;
    if (a instanceof PyBytes && b instanceof PyBytes) return new PyBytes(a.latin1 + b.latin1);
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof PyTuple && b instanceof PyTuple) return new PyTuple([...a.items, ...b.items]);
  }
  if (op === "*") {
    if (isSequence(a) && isInt(b)) return repeat(a, b);
    if (isInt(a) && isSequence(b)) return repeat(b, a);
  }
  if (op === "|" && a instanceof Map && b instanceof Map) return new Map([...a, ...b]);
  if (op === "|" && isDict(a) && isDict(b)) {
    const merged = new DictBuilder();
    for (const [key, value] of [...dictEntries(a), ...dictEntries(b)]) merged.set(key, value);
    return merged.build();
  }
  if (op === "%" && typeof a === "string") return printf(a, b);
  // bytes % x: the bytes flavour of printf-style formatting is not computed.
  if (op === "%" && a instanceof PyBytes) raise("Unsupported", "bytes % formatting");
  return unsupported(op, a, b);
}

function unaryOperation(op: ExprOf<"UnaryOp">["op"], value: Value): Value {
  if (op === "not") return !truthy(value);
  if (isNumber(value)) return numberUnary(op, value as PyNumber);
  return raise("TypeError", `bad operand type for unary ${op}: '${typeName(value)}'`);
}

/** Python's `<` family on two values: numbers, strings, bytes, and lists or tuples element by element. */
function order(a: Value, b: Value): number {
  if (isNumber(a) && isNumber(b)) return compareNumbers(a as PyNumber, b as PyNumber);
  if (typeof a === "string" && typeof b === "string") return codePointOrder(a, b);
  if (a instanceof PyBytes && b instanceof PyBytes)
    return a.latin1 < b.latin1 ? -1 : a.latin1 > b.latin1 ? 1 : 0;
  const bothLists = Array.isArray(a) && Array.isArray(b);
  const bothTuples = a instanceof PyTuple && b instanceof PyTuple;
  if (bothLists || bothTuples) {
    const x = bothLists ? (a as Value[]) : (a as PyTuple<Value>).items;
    const y = bothLists ? (b as Value[]) : (b as PyTuple<Value>).items;
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (!pyEquals(x[i] as Value, y[i] as Value)) return order(x[i] as Value, y[i] as Value);
    }
    return x.length - y.length;
  }
  return raise("TypeError", `'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** Strings order by code point, not by UTF-16 unit. */
function codePointOrder(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = (x[i] as string).codePointAt(0) as number;
    const q = (y[i] as string).codePointAt(0) as number;
    if (p !== q) return p - q;
  }
  return x.length - y.length;
}

function contains(container: Value, item: Value): boolean {
  if (typeof container === "string") {
    if (typeof item !== "string") raise("TypeError", "'in <string>' requires string as left operand");
    return container.includes(item);
  }
  if (container instanceof PyBytes) {
    if (!(item instanceof PyBytes)) raise("Unsupported", "`in` on bytes with a non-bytes operand");
    return container.latin1.includes(item.latin1);
  }
  if (Array.isArray(container))
    return container.some((element) => element === item || pyEquals(element, item));
  if (container instanceof PyTuple) return container.items.some((e) => e === item || pyEquals(e, item));
  if (isDict(container)) {
    checkHashable(item);
    return dictHas(container, item);
  }
  return raise("TypeError", `argument of type '${typeName(container)}' is not iterable`);
}

function compareOnce(op: CompareOperator, a: Value, b: Value): boolean {
  switch (op) {
    case "==":
      return pyEquals(a, b);
    case "!=":
      return !pyEquals(a, b);
    case "in":
      return contains(b, a);
    case "not in":
      return !contains(b, a);
    case "is":
    case "is not":
      // Identity depends on CPython's object caching (small ints, interned strings): not reproduced.
      return raise("Unsupported", "`is` compares object identity");
    default: {
      const sign = order(a, b);
      if (Number.isNaN(sign)) return false;
      return op === "<" ? sign < 0 : op === "<=" ? sign <= 0 : op === ">" ? sign > 0 : sign >= 0;
    }
  }
}

/** The elements `*value` unpacks. */
function iterate(value: Value): Value[] {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  if (typeof value === "string") return Array.from(value);
  if (value instanceof PyBytes) return Array.from(value.latin1, (ch) => ch.charCodeAt(0));
  if (isDict(value)) return [...dictEntries(value)].map(([key]) => key);
  return raise("TypeError", `'${typeName(value)}' object is not iterable`);
}

function elements(elts: readonly Expr[]): Value[] {
  const out: Value[] = [];
  for (const element of elts) {
    if (element.type === "Starred") out.push(...iterate(evaluate(element.value)));
    else out.push(evaluate(element));
  }
  return out;
}

/** An index or slice bound as an int (`__index__`): ints and bools only. */
function index(value: Value): bigint {
  if (!isInt(value)) raise("TypeError", "indices must be integers or slices");
  return toBigInt(value);
}

/** PySlice_AdjustIndices: the positions `sequence[lower:upper:step]` takes. */
function slicePositions(length: number, node: ExprOf<"Slice">): number[] {
  const bound = (expr: Expr | null): bigint | null => {
    if (expr === null) return null;
    const value = evaluate(expr);
    return value === null ? null : index(value);
  };
  const step = bound(node.step) ?? 1n;
  if (step === 0n) raise("ValueError", "slice step cannot be zero");
  const n = BigInt(length);
  const clamp = (value: bigint | null, fallback: bigint): bigint => {
    if (value === null) return fallback;
    let v = value < 0n ? value + n : value;
    if (step > 0n) v = v < 0n ? 0n : v > n ? n : v;
    else v = v < 0n ? -1n : v >= n ? n - 1n : v;
    return v;
  };
  const start = clamp(bound(node.lower), step > 0n ? 0n : n - 1n);
  const stop = clamp(bound(node.upper), step > 0n ? n : -1n);
  const positions: number[] = [];
  for (let i = start; step > 0n ? i < stop : i > stop; i += step) positions.push(Number(i));
  return positions;
}

function subscript(container: Value, slice: Expr): Value {
  if (isDict(container)) {
    const key = evaluate(slice);
    checkHashable(key);
    const found = dictGet(container, key);
    if (found === undefined) raise("KeyError", "key not in dict");
    return found;
  }
  const items =
    typeof container === "string"
      ? Array.from(container)
      : container instanceof PyBytes
        ? Array.from(container.latin1, (ch) => ch.charCodeAt(0))
        : container instanceof PyTuple
          ? container.items
          : Array.isArray(container)
            ? container
            : raise("TypeError", `'${typeName(container)}' object is not subscriptable`);
  if (slice.type === "Slice") {
    const picked = slicePositions(items.length, slice).map((position) => items[position] as Value);
    if (typeof container === "string") return picked.join("");
    if (container instanceof PyBytes) return new PyBytes(String.fromCharCode(...(picked as number[])));
    return container instanceof PyTuple ? new PyTuple(picked) : picked;
  }
  const at = index(evaluate(slice));
  const position = at < 0n ? at + BigInt(items.length) : at;
  if (position < 0n || position >= BigInt(items.length)) raise("IndexError", "index out of range");
  return items[Number(position)] as Value;
}

function dictionary(node: ExprOf<"Dict">): Value {
  const dict = new DictBuilder();
  node.keys.forEach((key, i) => {
    if (key === null) {
      const mapping = evaluate(node.values[i] as Expr);
      if (!isDict(mapping)) raise("TypeError", `'${typeName(mapping)}' object is not a mapping`);
      for (const [k, v] of dictEntries(mapping)) dict.set(k, v);
    } else {
      const k = evaluate(key);
      dict.set(k, evaluate(node.values[i] as Expr));
    }
  });
  return dict.build();
}

const CONTEXT: BuiltinContext = {
  truthy,
  order,
  add: (a, b) => binaryOperation("+", a, b),
  iterate,
};

/** A call of one of the builtins we compute, with positional arguments only. */
function call(node: ExprOf<"Call">): Value {
  const implementation = node.func.type === "Name" ? builtin(node.func.id) : undefined;
  if (implementation === undefined || node.keywords.length > 0) {
    return raise("Unsupported", "only calls of a few builtins, without keywords, are evaluated");
  }
  return implementation(elements(node.args), CONTEXT);
}

/** The value Python's eval gives the expression; a DecodeFailure where it raises or where we do not compute it. */
export function evaluate(node: Expr): Value {
  switch (node.type) {
    case "Constant":
      if (node.value === ELLIPSIS) return raise("Unsupported", "Ellipsis is not a value we hold");
      return node.value;
    case "BinOp":
      return binaryOperation(node.op, evaluate(node.left), evaluate(node.right));
    case "UnaryOp":
      return unaryOperation(node.op, evaluate(node.operand));
    case "List":
      return elements(node.elts);
    case "Tuple":
      return new PyTuple(elements(node.elts));
    case "Dict":
      return dictionary(node);
    case "Subscript":
      return subscript(evaluate(node.value), node.slice);
    case "BoolOp": {
      let value: Value = null;
      for (const operand of node.values) {
        value = evaluate(operand);
        if (truthy(value) === (node.op === "or")) return value;
      }
      return value;
    }
    case "IfExp":
      return truthy(evaluate(node.test)) ? evaluate(node.body) : evaluate(node.orelse);
    case "Compare": {
      let left = evaluate(node.left);
      for (const [i, op] of node.ops.entries()) {
        const right = evaluate(node.comparators[i] as Expr);
        if (!compareOnce(op, left, right)) return false;
        left = right;
      }
      return true;
    }
    case "Call":
      return call(node);
    case "JoinedStr":
      return node.values.map(evaluate).join("");
    case "FormattedValue": {
      // format(value, spec): with an empty spec, str() of the converted value; a format spec is not computed.
      if (node.formatSpec !== null) return raise("Unsupported", "f-string format specs are not computed");
      const value = evaluate(node.value);
      if (node.conversion === 114) return reprValue(value);
      if (node.conversion === 97) return asciiOf(value);
      return pyStr(value);
    }
    case "Name":
      return raise("NameError", `name '${node.id}' is not evaluated`);
    default:
      return raise("Unsupported", `${node.type} is not evaluated`);
  }
}
