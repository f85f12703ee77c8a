/**
 * BFCL's `resolve_ast_call` and `resolve_ast_by_type` (bfcl_eval/model_handler/utils.py at 6ea5797; the reference copy
 * is ../shared/research/bfcl-checker/bfcl_decode.py), rule for rule: the value each argument node becomes, including
 * the odd ones (`-` applied to any unary operator's constant, `ast.unparse` strings for calls without keywords and
 * for subscripts, a lambda that always raises). docs/bfcl.md lists every rule with the upstream line it follows.
 */

import { isNumber, numberUnary } from "./arithmetic.js";
import type { Expr, ExprOf } from "./ast.js";
import { ELLIPSIS } from "./ast.js";
import { evaluate } from "./evaluate.js";
import { DecodeFailure, raise } from "./failure.js";
import { unparse } from "./unparse.js";
import { type BfclCall, DictBuilder, PyTuple, Unhashable, type Value } from "./value.js";

/** resolve_ast_call: the dotted name of `elem.func` (attributes down to a Name) and its keyword arguments. */
export function resolveCall(call: ExprOf<"Call">): BfclCall {
  const parts: string[] = [];
  let func = call.func;
  while (func.type === "Attribute") {
    parts.push(func.attr);
    func = func.value;
  }
  if (func.type === "Name") parts.push(func.id);
  const args = new DictBuilder();
  // args_dict[arg.arg] = output: a repeated keyword keeps its first place and its last value; `**x` has key None.
  for (const keyword of call.keywords) args.set(keyword.arg, resolveValue(keyword.value));
  return { name: parts.reverse().join("."), arguments: args.build() };
}

/** `-value.operand.value`: the operand must be a number constant, whatever the operator (`+5` and `not 5` are -5). */
function negatedConstant(node: ExprOf<"UnaryOp">): Value {
  const operand = node.operand;
  if (operand.type !== "Constant") {
    // Nodes with a `.value` field (Attribute, Subscript, Starred, NamedExpr, Await, Yield) raise TypeError on `-node`;
    // the others have no `.value` (AttributeError). Either way the decode fails.
    return raise("TypeError", `bad operand for unary -: ${operand.type}`);
  }
  const value = operand.value;
  if (isNumber(value)) return numberUnary("-", value);
  return raise(
    "TypeError",
    `bad operand type for unary -: ${value === ELLIPSIS ? "ellipsis" : typeof value}`,
  );
}

function dict(node: ExprOf<"Dict">): Value {
  const out = new DictBuilder();
  node.keys.forEach((key, index) => {
    // `{**x}`: resolve_ast_by_type(None) falls through to "Unsupported AST type".
    if (key === null) raise("Exception", "Unsupported AST type: <class 'NoneType'>");
    const resolvedKey = resolveValue(key);
    out.set(resolvedKey, resolveValue(node.values[index] as Expr));
  });
  return out.build();
}

/** resolve_ast_by_type: one argument node → the value BFCL's checker receives. */
export function resolveValue(node: Expr): Value {
  switch (node.type) {
    case "Constant":
      return node.value === ELLIPSIS ? "..." : node.value;
    case "UnaryOp":
      return negatedConstant(node);
    case "List":
      return node.elts.map(resolveValue);
    case "Dict":
      return dict(node);
    case "BinOp":
      // eval(ast.unparse(value)): the text must unparse (an int of over 4,300 digits cannot), then is evaluated.
      unparse(node);
      return evaluate(node);
    case "Name":
      return node.id;
    case "Call":
      if (node.keywords.length === 0) return unparse(node);
      return callValue(resolveCall(node));
    case "Tuple":
      return new PyTuple(node.elts.map(resolveValue));
    case "Lambda":
      // eval(ast.unparse(value.body[0].value)): an AST node is not subscriptable, so this always raises TypeError.
      return raise("TypeError", "'Lambda' body is not subscriptable");
    case "Subscript":
      // `value.body` raises AttributeError, caught by the bare except: the two halves are unparsed separately.
      return `${unparse(node.value)}[${unparse(node.slice)}]`;
    default:
      return raise("Exception", `Unsupported AST type: <class 'ast.${node.type}'>`);
  }
}

/** A nested call with keywords as a value: `{name: {args}}`. */
function callValue(call: BfclCall): Value {
  return new Map<string, Value>([[call.name, call.arguments]]);
}

/**
 * The decoder's failure for what its Python would raise: our own DecodeFailures, an unhashable dict key, and a
 * JavaScript stack overflow (Python's RecursionError on the same nesting). Anything else is a bug and is rethrown.
 */
export function asDecodeFailure(error: unknown): DecodeFailure {
  if (error instanceof DecodeFailure) return error;
  if (error instanceof Unhashable) return new DecodeFailure("TypeError", error.message);
  if (error instanceof RangeError) return new DecodeFailure("RecursionError", error.message);
  throw error;
}
