/**
 * Python 3.11's `ast.unparse` (Lib/ast.py, class _Unparser) for expressions: the same precedence table, the same
 * parentheses, spacing and constant spellings, including its quirks (`f((x for x in y))`, `1 .real`, the rising
 * precedence of a BoolOp's later operands). BFCL turns calls without keywords and subscripts into these strings.
 */
import type { Comprehension, Expr, ExprOf, LambdaArguments } from "./ast.js";
import { ELLIPSIS } from "./ast.js";
import { raise } from "./failure.js";
import { ALL_QUOTES, strLiteralHelper } from "./quote.js";
import { reprBytes, reprComplex, reprFloat, reprInt, reprString } from "./repr.js";
import { PyBytes, PyComplex, PyFloat } from "./value.js";

/** _Precedence, in order. */
const NAMED_EXPR = 1;
const TUPLE = 2;
const YIELD = 3;
const TEST = 4;
const OR = 5;
const AND = 6;
const NOT = 7;
const CMP = 8;
const EXPR = 9;
const BXOR = 10;
const BAND = 11;
const SHIFT = 12;
const ARITH = 13;
const TERM = 14;
const FACTOR = 15;
const POWER = 16;
const AWAIT = 17;
const ATOM = 18;

const next = (precedence: number) => Math.min(precedence + 1, ATOM);

const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  "+": ARITH,
  "-": ARITH,
  "*": TERM,
  "@": TERM,
  "/": TERM,
  "%": TERM,
  "<<": SHIFT,
  ">>": SHIFT,
  "|": EXPR,
  "^": BXOR,
  "&": BAND,
  "//": TERM,
  "**": POWER,
};

const TRIPLE_SINGLE = "'".repeat(3);

/** 1e309 overflows to infinity when read back: unparse's spelling of an infinite constant. */
const INFINITY = "1e309";

function constantText(value: ExprOf<"Constant">["value"]): string {
  if (value === ELLIPSIS) return "...";
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return reprString(value);
  if (value instanceof PyBytes) return reprBytes(value.latin1);
  if (value instanceof PyFloat || value instanceof PyComplex) {
    const text = value instanceof PyFloat ? reprFloat(value.value) : reprComplex(value.real, value.imag);
    return text.replace(/inf/g, INFINITY).replace(/nan/g, `(${INFINITY}-${INFINITY})`);
  }
  return reprInt(value);
}

class Unparser {
  private out = "";
  private readonly precedences = new Map<Expr, number>();

  /** Inside an f-string's field, strings are written without backslashes where possible. */
  constructor(private readonly avoidBackslashes = false) {}

  run(node: Expr): string {
    this.traverse(node);
    return this.out;
  }

  private precedenceOf(node: Expr): number {
    return this.precedences.get(node) ?? TEST;
  }

  private set(precedence: number, ...nodes: (Expr | null)[]): undefined {
    for (const node of nodes) if (node) this.precedences.set(node, precedence);
  }

  /** Writes `body` inside parentheses when the node binds looser than its place requires. */
  private parensIf(condition: boolean, body: () => void): undefined {
    if (condition) this.out += "(";
    body();
    if (condition) this.out += ")";
  }

  private requireParens(precedence: number, node: Expr, body: () => void): undefined {
    this.parensIf(this.precedenceOf(node) > precedence, body);
  }

  private interleave<T>(items: readonly T[], write: (item: T) => void): undefined {
    items.forEach((item, index) => {
      if (index > 0) this.out += ", ";
      write(item);
    });
  }

  /** A single item gets a trailing comma (a one-element tuple). */
  private itemsView(items: readonly Expr[]): undefined {
    if (items.length === 1) {
      this.traverse(items[0] as Expr);
      this.out += ",";
    } else this.interleave(items, (item) => this.traverse(item));
  }

  private traverse(node: Expr): undefined {
    switch (node.type) {
      case "Constant":
        return this.constant(node);
      case "JoinedStr":
        return this.joinedString(node);
      case "FormattedValue":
        return this.formattedValue(node);
      case "Name":
        this.out += node.id;
        return;
      case "NamedExpr":
      case "Await":
      case "Yield":
      case "YieldFrom":
        return this.keywordExpression(node);
      case "List":
      case "Tuple":
      case "Set":
        return this.sequence(node);
      case "Dict":
        return this.dict(node);
      case "ListComp":
      case "SetComp":
      case "GeneratorExp":
      case "DictComp":
        return this.comprehension(node);
      case "IfExp":
        return this.ifExpression(node);
      case "UnaryOp":
        return this.unary(node);
      case "BinOp":
        return this.binary(node);
      case "Compare":
        return this.compare(node);
      case "BoolOp":
        return this.boolean(node);
      case "Call":
        return this.call(node);
      case "Attribute":
      case "Subscript":
      case "Starred":
      case "Slice":
        return this.access(node);
      case "Lambda":
        return this.lambda(node);
    }
  }

  private constant(node: ExprOf<"Constant">): undefined {
    if (node.kind === "u") this.out += "u";
    if (this.avoidBackslashes && typeof node.value === "string") this.writeAvoidingBackslashes(node.value);
    else this.out += constantText(node.value);
  }

  /** The expressions led by a keyword or operator of their own: `:=`, `await`, `yield`, `yield from`. */
  private keywordExpression(node: ExprOf<"NamedExpr" | "Await" | "Yield" | "YieldFrom">): undefined {
    switch (node.type) {
      case "NamedExpr":
        return this.requireParens(NAMED_EXPR, node, () => {
          this.set(ATOM, node.target, node.value);
          this.traverse(node.target);
          this.out += " := ";
          this.traverse(node.value);
        });
      case "Await":
        return this.requireParens(AWAIT, node, () => {
          this.out += "await ";
          this.set(ATOM, node.value);
          this.traverse(node.value);
        });
      case "Yield":
        return this.requireParens(YIELD, node, () => {
          this.out += "yield";
          if (node.value) {
            this.out += " ";
            this.set(ATOM, node.value);
            this.traverse(node.value);
          }
        });
      case "YieldFrom":
        return this.requireParens(YIELD, node, () => {
          this.out += "yield from ";
          this.set(ATOM, node.value);
          this.traverse(node.value);
        });
    }
  }

  private sequence(node: ExprOf<"List" | "Tuple" | "Set">): undefined {
    if (node.type === "Tuple") {
      return this.parensIf(node.elts.length === 0 || this.precedenceOf(node) > TUPLE, () =>
        this.itemsView(node.elts),
      );
    }
    // `{}` is an empty dict: an empty set is written as a starred empty tuple.
    if (node.type === "Set" && node.elts.length === 0) {
      this.out += "{*()}";
      return;
    }
    const [open, close] = node.type === "List" ? "[]" : "{}";
    this.out += open;
    this.interleave(node.elts, (e) => this.traverse(e));
    this.out += close;
  }

  private comprehension(node: ExprOf<"ListComp" | "SetComp" | "GeneratorExp" | "DictComp">): undefined {
    if (node.type === "DictComp") {
      this.out += "{";
      this.traverse(node.key);
      this.out += ": ";
      this.traverse(node.value);
      this.comprehensions(node.generators);
      this.out += "}";
      return;
    }
    const [open, close] = node.type === "ListComp" ? "[]" : node.type === "SetComp" ? "{}" : "()";
    this.out += open;
    this.traverse(node.elt);
    this.comprehensions(node.generators);
    this.out += close;
  }

  private ifExpression(node: ExprOf<"IfExp">): undefined {
    return this.requireParens(TEST, node, () => {
      this.set(next(TEST), node.body, node.test);
      this.traverse(node.body);
      this.out += " if ";
      this.traverse(node.test);
      this.out += " else ";
      this.set(TEST, node.orelse);
      this.traverse(node.orelse);
    });
  }

  private compare(node: ExprOf<"Compare">): undefined {
    return this.requireParens(CMP, node, () => {
      this.set(next(CMP), node.left, ...node.comparators);
      this.traverse(node.left);
      node.ops.forEach((op, index) => {
        this.out += ` ${op} `;
        this.traverse(node.comparators[index] as Expr);
      });
    });
  }

  /** Attribute, subscript, starred and slice: the forms that reach into a value. */
  private access(node: ExprOf<"Attribute" | "Subscript" | "Starred" | "Slice">): undefined {
    switch (node.type) {
      case "Attribute":
        this.set(ATOM, node.value);
        this.traverse(node.value);
        // `3.__abs__()` is a syntax error: unparse separates an int literal from its dot.
        if (node.value.type === "Constant" && isIntConstant(node.value.value)) this.out += " ";
        this.out += `.${node.attr}`;
        return;
      case "Subscript":
        this.set(ATOM, node.value);
        this.traverse(node.value);
        this.out += "[";
        if (node.slice.type === "Tuple" && node.slice.elts.length > 0) this.itemsView(node.slice.elts);
        else this.traverse(node.slice);
        this.out += "]";
        return;
      case "Starred":
        this.out += "*";
        this.set(EXPR, node.value);
        this.traverse(node.value);
        return;
      case "Slice":
        if (node.lower) this.traverse(node.lower);
        this.out += ":";
        if (node.upper) this.traverse(node.upper);
        if (node.step) {
          this.out += ":";
          this.traverse(node.step);
        }
        return;
    }
  }

  private lambda(node: ExprOf<"Lambda">): undefined {
    return this.requireParens(TEST, node, () => {
      this.out += "lambda";
      const before = this.out;
      this.out = "";
      this.lambdaArguments(node.args);
      const written = this.out;
      this.out = before + (written === "" ? "" : ` ${written}`);
      this.out += ": ";
      this.set(TEST, node.body);
      this.traverse(node.body);
    });
  }

  private writeAvoidingBackslashes(text: string): undefined {
    const [escaped, quotes] = strLiteralHelper(text);
    const quote = quotes[0] as string;
    this.out += `${quote}${escaped}${quote}`;
  }

  /** What an f-string part writes between its quotes (literal braces doubled). */
  private fstringInner(node: Expr): string {
    if (node.type === "JoinedStr") return node.values.map((value) => this.fstringInner(value)).join("");
    if (node.type === "Constant" && typeof node.value === "string") {
      return node.value.replace(/\{/g, "{{").replace(/\}/g, "}}");
    }
    if (node.type === "FormattedValue") {
      const saved = this.out;
      this.out = "";
      this.formattedValue(node);
      const written = this.out;
      this.out = saved;
      return written;
    }
    return raise("ValueError", "Unexpected node inside JoinedStr");
  }

  private joinedString(node: ExprOf<"JoinedStr">): undefined {
    this.out += "f";
    if (this.avoidBackslashes) return this.writeAvoidingBackslashes(this.fstringInner(node));
    const parts = node.values.map((value) => [this.fstringInner(value), value.type === "Constant"] as const);
    let quoteTypes: string[] = [...ALL_QUOTES];
    let written: string[] = [];
    let fallback = false;
    for (const [text, isConstant] of parts) {
      const [escaped, quotes] = strLiteralHelper(text, quoteTypes, isConstant);
      written.push(escaped);
      if (!quotes.some((q) => quoteTypes.includes(q))) {
        fallback = true;
        break;
      }
      quoteTypes = quotes;
    }
    if (fallback) {
      // repr('"' + text) always uses single quotes; its body, minus the forced '"', is written in triple quotes.
      quoteTypes = [TRIPLE_SINGLE];
      written = parts.map(([text]) => reprString(`"${text}`).slice(2, -1));
    }
    const quote = quoteTypes[0] as string;
    this.out += `${quote}${written.join("")}${quote}`;
  }

  private formattedValue(node: ExprOf<"FormattedValue">): undefined {
    const inner = new Unparser(true);
    inner.set(next(TEST), node.value);
    const expression = inner.run(node.value);
    if (expression.includes("\\"))
      raise("ValueError", "Unable to avoid backslash in f-string expression part");
    this.out += "{";
    if (expression.startsWith("{")) this.out += " ";
    this.out += expression;
    if (node.conversion !== -1) this.out += `!${String.fromCharCode(node.conversion)}`;
    if (node.formatSpec) this.out += `:${this.fstringInner(node.formatSpec)}`;
    this.out += "}";
  }

  private dict(node: ExprOf<"Dict">): undefined {
    this.out += "{";
    this.interleave(
      node.keys.map((key, index) => [key, node.values[index] as Expr] as const),
      ([key, value]) => {
        if (key === null) {
          this.out += "**";
          this.set(EXPR, value);
          this.traverse(value);
        } else {
          this.traverse(key);
          this.out += ": ";
          this.traverse(value);
        }
      },
    );
    this.out += "}";
  }

  private comprehensions(generators: readonly Comprehension[]): undefined {
    for (const generator of generators) {
      this.out += generator.isAsync ? " async for " : " for ";
      this.set(TUPLE, generator.target);
      this.traverse(generator.target);
      this.out += " in ";
      this.set(next(TEST), generator.iter, ...generator.ifs);
      this.traverse(generator.iter);
      for (const condition of generator.ifs) {
        this.out += " if ";
        this.traverse(condition);
      }
    }
  }

  private unary(node: ExprOf<"UnaryOp">): undefined {
    const precedence = node.op === "not" ? NOT : FACTOR;
    this.requireParens(precedence, node, () => {
      this.out += node.op;
      if (precedence !== FACTOR) this.out += " ";
      this.set(precedence, node.operand);
      this.traverse(node.operand);
    });
  }

  private binary(node: ExprOf<"BinOp">): undefined {
    const precedence = BINARY_PRECEDENCE[node.op] as number;
    this.requireParens(precedence, node, () => {
      const rightAssociative = node.op === "**";
      this.set(rightAssociative ? next(precedence) : precedence, node.left);
      this.traverse(node.left);
      this.out += ` ${node.op} `;
      this.set(rightAssociative ? precedence : next(precedence), node.right);
      this.traverse(node.right);
    });
  }

  private boolean(node: ExprOf<"BoolOp">): undefined {
    let precedence = node.op === "and" ? AND : OR;
    this.requireParens(precedence, node, () => {
      node.values.forEach((value, index) => {
        if (index > 0) this.out += ` ${node.op} `;
        // As upstream's increasing_level_traverse: each operand binds one level tighter than the one before.
        precedence = next(precedence);
        this.set(precedence, value);
        this.traverse(value);
      });
    });
  }

  private call(node: ExprOf<"Call">): undefined {
    this.set(ATOM, node.func);
    this.traverse(node.func);
    this.out += "(";
    let comma = false;
    for (const argument of node.args) {
      if (comma) this.out += ", ";
      comma = true;
      this.traverse(argument);
    }
    for (const keyword of node.keywords) {
      if (comma) this.out += ", ";
      comma = true;
      this.out += keyword.arg === null ? "**" : `${keyword.arg}=`;
      this.traverse(keyword.value);
    }
    this.out += ")";
  }

  private lambdaArguments(args: LambdaArguments): undefined {
    let first = true;
    const separate = () => {
      if (first) first = false;
      else this.out += ", ";
    };
    const positional = [...args.posonlyargs, ...args.args];
    const missing = positional.length - args.defaults.length;
    positional.forEach((parameter, index) => {
      separate();
      this.out += parameter.arg;
      const value = index >= missing ? args.defaults[index - missing] : undefined;
      if (value) {
        this.out += "=";
        this.traverse(value);
      }
      if (index + 1 === args.posonlyargs.length) this.out += ", /";
    });
    if (args.vararg || args.kwonlyargs.length > 0) {
      separate();
      this.out += "*";
      if (args.vararg) this.out += args.vararg.arg;
    }
    args.kwonlyargs.forEach((parameter, index) => {
      this.out += `, ${parameter.arg}`;
      const value = args.kwDefaults[index];
      if (value) {
        this.out += "=";
        this.traverse(value);
      }
    });
    if (args.kwarg) {
      separate();
      this.out += `**${args.kwarg.arg}`;
    }
  }
}

/** `isinstance(value, int)`: bools are ints too. */
function isIntConstant(value: ExprOf<"Constant">["value"]): boolean {
  return typeof value === "number" || typeof value === "bigint" || typeof value === "boolean";
}

/** `ast.unparse(node)`; a DecodeFailure (ValueError) where CPython's repr of an int would raise. */
export function unparse(node: Expr): string {
  return new Unparser().run(node);
}
