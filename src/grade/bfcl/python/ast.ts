/**
 * The expression nodes of Python 3.11's `ast` module that `ast.parse(text, mode="eval")` can produce, with the fields
 * BFCL's resolver and `ast.unparse` read. Named as `ast` names them, so a rule written against upstream's code reads
 * the same here.
 */
import type { PyBytes, PyComplex, PyFloat } from "./value.js";

/** Python's `...` as a constant. */
export const ELLIPSIS: unique symbol = Symbol("Ellipsis");

export type ConstantValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | PyFloat
  | PyComplex
  | PyBytes
  | typeof ELLIPSIS;

export type BinaryOperator = "+" | "-" | "*" | "@" | "/" | "%" | "<<" | ">>" | "|" | "^" | "&" | "//" | "**";
export type UnaryOperator = "~" | "not" | "+" | "-";
export type CompareOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "is" | "is not" | "in" | "not in";

export interface Keyword {
  /** The keyword's name; null for `**value`. */
  arg: string | null;
  value: Expr;
}

export interface Comprehension {
  target: Expr;
  iter: Expr;
  ifs: Expr[];
  isAsync: boolean;
}

export interface LambdaArgument {
  arg: string;
}

export interface LambdaArguments {
  posonlyargs: LambdaArgument[];
  args: LambdaArgument[];
  vararg: LambdaArgument | null;
  kwonlyargs: LambdaArgument[];
  /** One per keyword-only argument; null where it has no default. */
  kwDefaults: (Expr | null)[];
  kwarg: LambdaArgument | null;
  /** Defaults of the last positional arguments (posonly and plain together), as `ast` stores them. */
  defaults: Expr[];
}

export type Expr =
  | { type: "Constant"; value: ConstantValue; kind: "u" | null }
  | { type: "Name"; id: string }
  | { type: "Attribute"; value: Expr; attr: string }
  | { type: "Subscript"; value: Expr; slice: Expr }
  | { type: "Slice"; lower: Expr | null; upper: Expr | null; step: Expr | null }
  | { type: "Starred"; value: Expr }
  | { type: "Call"; func: Expr; args: Expr[]; keywords: Keyword[] }
  | { type: "List"; elts: Expr[] }
  | { type: "Tuple"; elts: Expr[] }
  | { type: "Set"; elts: Expr[] }
  | { type: "Dict"; keys: (Expr | null)[]; values: Expr[] }
  | { type: "ListComp"; elt: Expr; generators: Comprehension[] }
  | { type: "SetComp"; elt: Expr; generators: Comprehension[] }
  | { type: "GeneratorExp"; elt: Expr; generators: Comprehension[] }
  | { type: "DictComp"; key: Expr; value: Expr; generators: Comprehension[] }
  | { type: "BinOp"; left: Expr; op: BinaryOperator; right: Expr }
  | { type: "UnaryOp"; op: UnaryOperator; operand: Expr }
  | { type: "BoolOp"; op: "and" | "or"; values: Expr[] }
  | { type: "Compare"; left: Expr; ops: CompareOperator[]; comparators: Expr[] }
  | { type: "IfExp"; test: Expr; body: Expr; orelse: Expr }
  | { type: "Lambda"; args: LambdaArguments; body: Expr }
  | { type: "NamedExpr"; target: Expr; value: Expr }
  | { type: "Await"; value: Expr }
  | { type: "Yield"; value: Expr | null }
  | { type: "YieldFrom"; value: Expr }
  | { type: "JoinedStr"; values: Expr[] }
  /** One `{…}` field of an f-string: conversion -1 or the code of s, r, a; the spec is a JoinedStr. */
  | { type: "FormattedValue"; value: Expr; conversion: number; formatSpec: Expr | null };

export type ExprOf<T extends Expr["type"]> = Extract<Expr, { type: T }>;
