/**
 * `ast.parse(text, mode="eval")` for Python 3.11: the expression rules of CPython's PEG grammar (Grammar/python.gram),
 * one method per rule, committing where the grammar's alternatives cannot both succeed. What the grammar refuses is
 * a DecodeFailure("SyntaxError"); what it accepts and only the compiler refuses (a repeated keyword, a duplicate
 * lambda parameter, `await` outside a function) is accepted, as `ast.parse` accepts it.
 */
import type {
  BinaryOperator,
  CompareOperator,
  Comprehension,
  ConstantValue,
  Expr,
  Keyword,
  LambdaArgument,
  LambdaArguments,
} from "./ast.js";
import { ELLIPSIS } from "./ast.js";
import { syntaxError } from "./failure.js";
import { addFString, FStringBuilder } from "./fstring.js";
import { type StringPiece, type Token, Tokenizer } from "./tokens.js";
import { PyBytes } from "./value.js";

/** Deeper than this the parser refuses (CPython's own limits differ: 200 brackets, then its parser stack). */
const MAX_DEPTH = 400;

const COMPARE_OPS: ReadonlySet<string> = new Set(["==", "!=", "<", "<=", ">", ">="]);

/** The binary operators from `bitwise_or` (1) down to `term` (6): a higher level binds tighter. */
const BINARY_LEVEL: ReadonlyMap<string, number> = new Map([
  ["|", 1],
  ["^", 2],
  ["&", 3],
  ["<<", 4],
  [">>", 4],
  ["+", 5],
  ["-", 5],
  ["*", 6],
  ["/", 6],
  ["//", 6],
  ["%", 6],
  ["@", 6],
]);

class Parser {
  private readonly tokens: Token[] = [];
  private index = 0;
  private depth = 0;

  constructor(private readonly tokenizer: Tokenizer) {}

  private peek(ahead = 0): Token {
    while (this.tokens.length <= this.index + ahead) this.tokens.push(this.tokenizer.next());
    return this.tokens[this.index + ahead] as Token;
  }

  private isOp(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === "op" && token.text === text;
  }

  private isKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === "name" && token.keyword && token.text === word;
  }

  /** A NAME token that is not a reserved word. */
  private isName(ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === "name" && !token.keyword;
  }

  private eatOp(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.index++;
    return true;
  }

  private eatKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.index++;
    return true;
  }

  private expectOp(text: string): void {
    if (!this.eatOp(text)) syntaxError(`expected '${text}'`);
  }

  private name(): string {
    const token = this.peek();
    if (token.type !== "name" || token.keyword) syntaxError("expected a name");
    this.index++;
    return token.text;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) syntaxError("too deeply nested");
  }

  /** eval: expressions NEWLINE* ENDMARKER */
  evalInput(): Expr {
    const body = this.expressions();
    if (this.peek().type !== "end") syntaxError("invalid syntax");
    return body;
  }

  /** expressions: expression (',' expression)* [','] — a tuple when there is a comma. */
  private expressions(): Expr {
    const first = this.expression();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.peek().type === "end") break;
      elts.push(this.expression());
    }
    return { type: "Tuple", elts };
  }

  /** expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef */
  private expression(): Expr {
    this.enter();
    let result: Expr;
    if (this.isKeyword("lambda")) result = this.lambda();
    else {
      const body = this.disjunction();
      if (this.eatKeyword("if")) {
        const test = this.disjunction();
        if (!this.eatKeyword("else")) syntaxError("expected 'else' after 'if' expression");
        result = { type: "IfExp", test, body, orelse: this.expression() };
      } else result = body;
    }
    this.depth--;
    return result;
  }

  /** named_expression: NAME ':=' expression | expression !':=' */
  private namedExpression(): Expr {
    if (this.isName() && this.isOp(":=", 1)) {
      const target: Expr = { type: "Name", id: this.name() };
      this.index++;
      return { type: "NamedExpr", target, value: this.expression() };
    }
    const value = this.expression();
    if (this.isOp(":=")) syntaxError("cannot use assignment expressions with this target");
    return value;
  }

  /** star_named_expression: '*' bitwise_or | named_expression */
  private starNamedExpression(): Expr {
    if (this.eatOp("*")) return { type: "Starred", value: this.bitwiseOr() };
    return this.namedExpression();
  }

  private disjunction(): Expr {
    const first = this.conjunction();
    if (!this.isKeyword("or")) return first;
    const values = [first];
    while (this.eatKeyword("or")) values.push(this.conjunction());
    return { type: "BoolOp", op: "or", values };
  }

  private conjunction(): Expr {
    const first = this.inversion();
    if (!this.isKeyword("and")) return first;
    const values = [first];
    while (this.eatKeyword("and")) values.push(this.inversion());
    return { type: "BoolOp", op: "and", values };
  }

  private inversion(): Expr {
    if (this.eatKeyword("not")) {
      this.enter();
      const operand = this.inversion();
      this.depth--;
      return { type: "UnaryOp", op: "not", operand };
    }
    return this.comparison();
  }

  private compareOperator(): CompareOperator | undefined {
    const token = this.peek();
    if (token.type === "op" && COMPARE_OPS.has(token.text)) {
      this.index++;
      return token.text as CompareOperator;
    }
    if (this.isKeyword("in")) {
      this.index++;
      return "in";
    }
    if (this.isKeyword("not") && this.isKeyword("in", 1)) {
      this.index += 2;
      return "not in";
    }
    if (this.isKeyword("is")) {
      this.index++;
      return this.eatKeyword("not") ? "is not" : "is";
    }
    return undefined;
  }

  private comparison(): Expr {
    const left = this.bitwiseOr();
    const ops: CompareOperator[] = [];
    const comparators: Expr[] = [];
    for (let op = this.compareOperator(); op !== undefined; op = this.compareOperator()) {
      ops.push(op);
      comparators.push(this.bitwiseOr());
    }
    return ops.length === 0 ? left : { type: "Compare", left, ops, comparators };
  }

  private bitwiseOr(): Expr {
    return this.binary(1);
  }

  /**
   * The left-associative binary levels bitwise_or … term, by precedence climbing: one look at the next token per
   * operand instead of one call per level.
   */
  private binary(minimum: number): Expr {
    let left = this.factor();
    for (;;) {
      const token = this.peek();
      if (token.type !== "op") return left;
      const level = BINARY_LEVEL.get(token.text);
      if (level === undefined || level < minimum) return left;
      this.index++;
      left = { type: "BinOp", left, op: token.text as BinaryOperator, right: this.binary(level + 1) };
    }
  }

  /** factor: '+' factor | '-' factor | '~' factor | power */
  private factor(): Expr {
    const token = this.peek();
    if (token.type === "op" && (token.text === "-" || token.text === "+" || token.text === "~")) {
      this.index++;
      this.enter();
      const operand = this.factor();
      this.depth--;
      return { type: "UnaryOp", op: token.text, operand };
    }
    return this.power();
  }

  /** power: await_primary '**' factor | await_primary */
  private power(): Expr {
    const base = this.awaitPrimary();
    if (!this.eatOp("**")) return base;
    return { type: "BinOp", left: base, op: "**", right: this.factor() };
  }

  private awaitPrimary(): Expr {
    if (this.eatKeyword("await")) return { type: "Await", value: this.primary() };
    return this.primary();
  }

  /** primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' | primary '[' slices ']' | atom */
  private primary(): Expr {
    let value = this.atom();
    for (;;) {
      if (this.eatOp(".")) value = { type: "Attribute", value, attr: this.name() };
      else if (this.eatOp("(")) value = this.call(value);
      else if (this.eatOp("[")) {
        value = { type: "Subscript", value, slice: this.slices() };
        this.expectOp("]");
      } else return value;
    }
  }

  private atom(): Expr {
    const token = this.peek();
    switch (token.type) {
      case "name":
        this.index++;
        if (!token.keyword) return { type: "Name", id: token.text };
        if (token.text === "True") return constant(true);
        if (token.text === "False") return constant(false);
        if (token.text === "None") return constant(null);
        return syntaxError(`invalid syntax ('${token.text}')`);
      case "number":
        this.index++;
        return constant(token.value);
      case "string":
        return this.strings();
      case "op":
        this.index++;
        if (token.text === "(") return this.parenthesised();
        if (token.text === "[") return this.bracketed();
        if (token.text === "{") return this.braced();
        if (token.text === "...") return constant(ELLIPSIS);
        return syntaxError(`invalid syntax ('${token.text}')`);
      default:
        return syntaxError("unexpected end of input");
    }
  }

  /** Adjacent string literals, concatenated (a JoinedStr when one is an f-string); bytes and str may not mix. */
  private strings(): Expr {
    const pieces: StringPiece[] = [];
    for (let token = this.peek(); token.type === "string"; token = this.peek()) {
      pieces.push(token.piece);
      this.index++;
    }
    const first = pieces[0];
    if (first === undefined) return syntaxError("expected a string");
    if (pieces.some((piece) => piece.bytes !== first.bytes))
      syntaxError("cannot mix bytes and nonbytes literals");
    if (pieces.some((piece) => piece.f)) {
      const builder = new FStringBuilder();
      for (const piece of pieces) {
        if (piece.f) addFString(piece.body, piece.raw, builder, parseExpression);
        else builder.addLiteral(piece.value);
      }
      return builder.finish();
    }
    const value = pieces.map((piece) => piece.value).join("");
    return { type: "Constant", value: first.bytes ? new PyBytes(value) : value, kind: first.u ? "u" : null };
  }

  /** After `(`: a tuple, a parenthesised expression (or yield), or a generator expression. */
  private parenthesised(): Expr {
    if (this.eatOp(")")) return { type: "Tuple", elts: [] };
    if (this.isKeyword("yield")) {
      const value = this.yieldExpression();
      this.expectOp(")");
      return value;
    }
    const first = this.starNamedExpression();
    if (first.type !== "Starred" && this.startsComprehension()) {
      const generators = this.comprehensions();
      this.expectOp(")");
      return { type: "GeneratorExp", elt: first, generators };
    }
    if (this.eatOp(")")) {
      if (first.type === "Starred") syntaxError("cannot use starred expression here");
      return first;
    }
    this.expectOp(",");
    return { type: "Tuple", elts: this.itemsUntil(")", [first]) };
  }

  /** Comma-separated star_named_expressions after the ones given, then `close`. */
  private itemsUntil(close: string, elts: Expr[]): Expr[] {
    while (!this.eatOp(close)) {
      elts.push(this.starNamedExpression());
      if (!this.eatOp(",")) {
        this.expectOp(close);
        break;
      }
    }
    return elts;
  }

  /** After `[`: a list or a list comprehension. */
  private bracketed(): Expr {
    if (this.eatOp("]")) return { type: "List", elts: [] };
    const first = this.starNamedExpression();
    if (first.type !== "Starred" && this.startsComprehension()) {
      const generators = this.comprehensions();
      this.expectOp("]");
      return { type: "ListComp", elt: first, generators };
    }
    if (this.eatOp("]")) return { type: "List", elts: [first] };
    this.expectOp(",");
    return { type: "List", elts: this.itemsUntil("]", [first]) };
  }

  /** After `{`: a dict, a set, or their comprehensions. */
  private braced(): Expr {
    if (this.eatOp("}")) return { type: "Dict", keys: [], values: [] };
    if (this.isOp("**")) return this.dictItems([], []);
    const first = this.starNamedExpression();
    if (this.eatOp(":")) {
      if (first.type === "Starred" || first.type === "NamedExpr") syntaxError("invalid dict key");
      const value = this.expression();
      if (this.startsComprehension()) {
        const generators = this.comprehensions();
        this.expectOp("}");
        return { type: "DictComp", key: first, value, generators };
      }
      if (this.eatOp("}")) return { type: "Dict", keys: [first], values: [value] };
      this.expectOp(",");
      return this.dictItems([first], [value]);
    }
    if (first.type !== "Starred" && this.startsComprehension()) {
      const generators = this.comprehensions();
      this.expectOp("}");
      return { type: "SetComp", elt: first, generators };
    }
    if (this.eatOp("}")) return { type: "Set", elts: [first] };
    this.expectOp(",");
    return { type: "Set", elts: this.itemsUntil("}", [first]) };
  }

  /** double_starred_kvpair items: `**mapping` (key null) or `key: value`, up to `}`. */
  private dictItems(keys: (Expr | null)[], values: Expr[]): Expr {
    while (!this.eatOp("}")) {
      if (this.eatOp("**")) {
        keys.push(null);
        values.push(this.bitwiseOr());
      } else {
        keys.push(this.expression());
        this.expectOp(":");
        values.push(this.expression());
      }
      if (!this.eatOp(",")) {
        this.expectOp("}");
        break;
      }
    }
    return { type: "Dict", keys, values };
  }

  private startsComprehension(): boolean {
    return this.isKeyword("for") || (this.isKeyword("async") && this.isKeyword("for", 1));
  }

  /** for_if_clauses: (['async'] 'for' star_targets 'in' disjunction ('if' disjunction)*)+ */
  private comprehensions(): Comprehension[] {
    const generators: Comprehension[] = [];
    while (this.startsComprehension()) {
      const isAsync = this.eatKeyword("async");
      this.index++;
      const target = this.targets();
      if (!this.eatKeyword("in")) syntaxError("expected 'in'");
      const iter = this.disjunction();
      const ifs: Expr[] = [];
      while (this.eatKeyword("if")) ifs.push(this.disjunction());
      generators.push({ target, iter, ifs, isAsync });
    }
    return generators;
  }

  /** star_targets: star_target (',' star_target)* [','], up to `in`. */
  private targets(): Expr {
    const first = this.starTarget();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isKeyword("in")) break;
      elts.push(this.starTarget());
    }
    return { type: "Tuple", elts };
  }

  private starTarget(): Expr {
    if (this.eatOp("*")) {
      if (this.isOp("*")) syntaxError("invalid target");
      const value = this.primary();
      checkTarget(value, false);
      return { type: "Starred", value };
    }
    const target = this.primary();
    checkTarget(target, false);
    return target;
  }

  /** yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
  private yieldExpression(): Expr {
    this.index++;
    if (this.eatKeyword("from")) return { type: "YieldFrom", value: this.expression() };
    if (this.isOp(")")) return { type: "Yield", value: null };
    const first = this.starExpression();
    if (!this.isOp(",")) return { type: "Yield", value: first };
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isOp(")")) break;
      elts.push(this.starExpression());
    }
    return { type: "Yield", value: { type: "Tuple", elts } };
  }

  /** star_expression: '*' bitwise_or | expression */
  private starExpression(): Expr {
    if (this.eatOp("*")) return { type: "Starred", value: this.bitwiseOr() };
    return this.expression();
  }

  /** After `name(`: a generator argument, or arguments (positional, then keywords, `*`, `**`), then `)`. */
  private call(func: Expr): Expr {
    const args: Expr[] = [];
    const keywords: Keyword[] = [];
    // After a keyword or **: no more plain positional arguments; after **: no more *.
    let sawKeyword = false;
    let sawDoubleStar = false;
    while (!this.eatOp(")")) {
      if (this.eatOp("**")) {
        keywords.push({ arg: null, value: this.expression() });
        sawKeyword = sawDoubleStar = true;
      } else if (this.eatOp("*")) {
        if (sawDoubleStar) syntaxError("iterable argument unpacking follows keyword argument unpacking");
        args.push({ type: "Starred", value: this.expression() });
      } else if (this.isName() && this.isOp("=", 1)) {
        const arg = this.name();
        this.index++;
        keywords.push({ arg, value: this.expression() });
        sawKeyword = true;
      } else {
        const value = this.namedExpression();
        if (this.isOp("=")) syntaxError('expression cannot contain assignment, perhaps you meant "=="?');
        if (args.length === 0 && keywords.length === 0 && this.startsComprehension()) {
          const generators = this.comprehensions();
          this.expectOp(")");
          return { type: "Call", func, args: [{ type: "GeneratorExp", elt: value, generators }], keywords };
        }
        if (sawKeyword) syntaxError("positional argument follows keyword argument");
        args.push(value);
      }
      if (!this.eatOp(",")) {
        this.expectOp(")");
        break;
      }
    }
    return { type: "Call", func, args, keywords };
  }

  /** slices: slice !',' | ','.(slice | starred_expression)+ [','] */
  private slices(): Expr {
    const first = this.sliceItem();
    if (!this.isOp(",")) {
      if (first.type === "Starred") return { type: "Tuple", elts: [first] };
      return first;
    }
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isOp("]")) break;
      elts.push(this.sliceItem());
    }
    return { type: "Tuple", elts };
  }

  /** slice: [expression] ':' [expression] [':' [expression]] | named_expression; or a starred_expression. */
  private sliceItem(): Expr {
    if (this.eatOp("*")) return { type: "Starred", value: this.expression() };
    const lower = this.isOp(":") ? null : this.namedExpression();
    if (!this.eatOp(":")) {
      if (lower === null) return syntaxError("invalid slice");
      return lower;
    }
    if (lower?.type === "NamedExpr") syntaxError("invalid slice");
    const upper = this.sliceBound();
    const step = this.eatOp(":") ? this.sliceBound() : null;
    return { type: "Slice", lower, upper, step };
  }

  private sliceBound(): Expr | null {
    return this.isOp(":") || this.isOp(",") || this.isOp("]") ? null : this.expression();
  }

  /** lambdef: 'lambda' [lambda_params] ':' expression */
  private lambda(): Expr {
    this.index++;
    const args = this.lambdaParameters();
    this.expectOp(":");
    return { type: "Lambda", args, body: this.expression() };
  }

  /**
   * lambda_params, as one pass over `name[=default]` items with `/`, `*` and `**` in their places: no positional
   * without a default after one with, `/` only after a positional, a bare `*` only before a keyword-only name.
   */
  private lambdaParameters(): LambdaArguments {
    const args: LambdaArguments = {
      posonlyargs: [],
      args: [],
      vararg: null,
      kwonlyargs: [],
      kwDefaults: [],
      kwarg: null,
      defaults: [],
    };
    let stage: "positional" | "keyword-only" = "positional";
    let bareStar = false;
    while (!this.isOp(":")) {
      if (this.eatOp("**")) {
        args.kwarg = { arg: this.name() };
        this.eatOp(",");
        break;
      }
      if (this.eatOp("/")) {
        if (stage !== "positional" || args.args.length === 0 || args.posonlyargs.length > 0) {
          syntaxError("invalid '/' in lambda parameters");
        }
        args.posonlyargs = args.args;
        args.args = [];
      } else if (this.eatOp("*")) {
        if (stage !== "positional") syntaxError("* argument may appear only once");
        stage = "keyword-only";
        if (this.isName()) args.vararg = { arg: this.name() };
        else bareStar = true;
      } else {
        const parameter: LambdaArgument = { arg: this.name() };
        const value = this.eatOp("=") ? this.expression() : null;
        if (stage === "keyword-only") {
          args.kwonlyargs.push(parameter);
          args.kwDefaults.push(value);
        } else {
          if (value === null && args.defaults.length > 0) {
            syntaxError("non-default argument follows default argument");
          }
          args.args.push(parameter);
          if (value !== null) args.defaults.push(value);
        }
      }
      if (!this.eatOp(",")) break;
    }
    if (bareStar && args.kwonlyargs.length === 0) syntaxError("named arguments must follow bare *");
    return args;
  }
}

function constant(value: ConstantValue): Expr {
  return { type: "Constant", value, kind: null };
}

/** Where an assignment target may stand (star_target's shapes): names, attributes, subscripts, their tuples/lists. */
function checkTarget(target: Expr, starred: boolean): undefined {
  switch (target.type) {
    case "Name":
    case "Attribute":
    case "Subscript":
      return;
    case "Starred":
      if (starred) syntaxError("invalid target");
      return checkTarget(target.value, true);
    case "Tuple":
    case "List":
      for (const element of target.elts) checkTarget(element, false);
      return;
    default:
      syntaxError("invalid target");
  }
}

/** The expression of `ast.parse(text, mode="eval")`, or a DecodeFailure thrown. */
export function parseExpression(text: string): Expr {
  return new Parser(new Tokenizer(text)).evalInput();
}
