/** Safe arithmetic for the `expression` normaliser: a hand-written tokenizer and parser; nothing is executed. */
import { CONSTANTS, describeArity, FUNCTIONS } from "./arithmetic-functions.js";

/** The outcome of evaluating an expression: a finite number, or why there is none. */
export type Evaluation = { ok: true; value: number } | { ok: false; reason: string };

/** Longer input is refused before it is read, so a megabyte of text costs nothing. */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** Deeper nesting is refused, so `((((…))))` cannot exhaust the stack. */
export const MAX_NESTING_DEPTH = 200;

type Operator = "+" | "-" | "*" | "/" | "%" | "**";
type Token =
  | { kind: "number"; value: number; at: number }
  | { kind: "name"; name: string; at: number }
  | { kind: "operator"; operator: Operator; at: number }
  | { kind: "(" | ")" | ","; at: number };

// Typographic operators, as pasted from documents or written by models that typeset maths for people.
const OPERATORS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ["+", "+"],
  ["-", "-"],
  ["−", "-"],
  ["–", "-"],
  ["*", "*"],
  ["×", "*"],
  ["·", "*"],
  ["⋅", "*"],
  ["∗", "*"],
  ["/", "/"],
  ["÷", "/"],
  ["∕", "/"],
  ["%", "%"],
  // `^` is power, as on calculators, not Python's bitwise xor.
  ["^", "**"],
]);
const WHITESPACE = /\s/;
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g;

/** `17²` and `2¹⁰` are powers, as people write them: `17^(2)`, `2^(10)`. (NFKC would make them `172` and `210`.) */
function withSuperscriptPowers(text: string): string {
  return text.replace(
    SUPERSCRIPT_RUN,
    (run) => `^(${[...run].map((d) => SUPERSCRIPT_DIGITS.indexOf(d)).join("")})`,
  );
}

/** An expected failure inside the parser; caught at the boundary and returned as a value. */
class EvaluationFailure extends Error {}

function fail(reason: string): never {
  throw new EvaluationFailure(reason);
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

/** Scans a number (`12`, `1.5`, `.5`, `5.`, `1e3`, `2.5E-3`) starting at `start`; returns its end. */
function scanNumber(text: string, start: number): number {
  let at = start;
  while (isDigit(text[at])) at++;
  if (text[at] === ".") {
    at++;
    while (isDigit(text[at])) at++;
  }
  if (text[at] === "e" || text[at] === "E") {
    let exponent = at + 1;
    if (text[exponent] === "+" || text[exponent] === "-") exponent++;
    // `2e` is not a number with an exponent: the `e` is left for the parser to reject.
    if (isDigit(text[exponent])) {
      at = exponent;
      while (isDigit(text[at])) at++;
    }
  }
  return at;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    if (WHITESPACE.test(char)) {
      at++;
    } else if (isDigit(char) || (char === "." && isDigit(text[at + 1]))) {
      const end = scanNumber(text, at);
      const value = Number(text.slice(at, end));
      if (!Number.isFinite(value)) fail(`number too large at ${at}`);
      tokens.push({ kind: "number", value, at });
      at = end;
    } else if (NAME_START.test(char) || char === "π") {
      let end = at + 1;
      while (end < text.length && NAME_PART.test(text.charAt(end))) end++;
      tokens.push({ kind: "name", name: text.slice(at, end).toLowerCase(), at });
      at = end;
    } else if (char === "*" && text[at + 1] === "*") {
      tokens.push({ kind: "operator", operator: "**", at });
      at += 2;
    } else if (char === "(" || char === ")" || char === ",") {
      tokens.push({ kind: char, at });
      at++;
    } else {
      const operator = OPERATORS.get(char);
      if (operator === undefined) fail(`unexpected character "${char}" at ${at}`);
      tokens.push({ kind: "operator", operator, at });
      at++;
    }
  }
  return tokens;
}

function describe(token: Token | undefined): string {
  if (token === undefined) return "unexpected end of expression";
  const shown =
    token.kind === "number" ? String(token.value) : token.kind === "name" ? token.name : token.kind;
  return `unexpected "${token.kind === "operator" ? token.operator : shown}" at ${token.at}`;
}

function finite(value: number, what: string): number {
  if (Number.isNaN(value)) fail(`${what} is undefined`);
  if (!Number.isFinite(value)) fail(`${what} is not finite`);
  return value;
}

/**
 * Recursive descent with Python's precedence, evaluating as it parses:
 *   sum     := product (("+" | "-") product)*
 *   product := unary (("*" | "/" | "%") unary)*
 *   unary   := ("+" | "-") unary | power
 *   power   := primary ("**" unary)?        right-associative; `-2**2` is -4, `2**-1` is 0.5
 *   primary := number | constant | name "(" arguments ")" | "(" sum ")"
 */
class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): number {
    const value = this.sum();
    if (this.at < this.tokens.length) fail(describe(this.tokens[this.at]));
    return value;
  }

  private operator(...wanted: Operator[]): Operator | undefined {
    const token = this.tokens[this.at];
    if (token?.kind !== "operator" || !wanted.includes(token.operator)) return undefined;
    this.at++;
    return token.operator;
  }

  private expect(kind: ")" | ","): void {
    if (this.tokens[this.at]?.kind !== kind) fail(describe(this.tokens[this.at]));
    this.at++;
  }

  private sum(): number {
    let value = this.product();
    for (let operator = this.operator("+", "-"); operator; operator = this.operator("+", "-")) {
      const right = this.product();
      value = finite(operator === "+" ? value + right : value - right, "the result");
    }
    return value;
  }

  private product(): number {
    let value = this.unary();
    for (let operator = this.operator("*", "/", "%"); operator; operator = this.operator("*", "/", "%")) {
      const right = this.unary();
      if (operator !== "*" && right === 0) fail(operator === "/" ? "division by zero" : "modulo by zero");
      value = finite(
        operator === "*" ? value * right : operator === "/" ? value / right : modulo(value, right),
        "the result",
      );
    }
    return value;
  }

  private unary(): number {
    // Every level of nesting passes through here: parentheses, function arguments, signs, powers.
    if (++this.depth > MAX_NESTING_DEPTH) fail(`nested deeper than ${MAX_NESTING_DEPTH} levels`);
    const sign = this.operator("+", "-");
    const value = sign === undefined ? this.power() : sign === "-" ? -this.unary() : this.unary();
    this.depth--;
    return value;
  }

  private power(): number {
    const base = this.primary();
    if (this.operator("**") === undefined) return base;
    // Huge powers (`9**9**9**9`, `2**1e9`) are cheap on doubles: they become Infinity, refused here.
    return finite(base ** this.unary(), "the power");
  }

  private primary(): number {
    const token = this.tokens[this.at++];
    if (token?.kind === "number") return token.value;
    if (token?.kind === "(") {
      const value = this.sum();
      this.expect(")");
      return value;
    }
    if (token?.kind !== "name") return fail(describe(token));
    if (this.tokens[this.at]?.kind === "(") return this.call(token.name);
    const constant = CONSTANTS.get(token.name);
    return constant ?? fail(`unknown name "${token.name}" at ${token.at}`);
  }

  private call(name: string): number {
    const callee = FUNCTIONS.get(name);
    if (callee === undefined) fail(`unknown function "${name}"`);
    this.at++;
    const args: number[] = [];
    if (this.tokens[this.at]?.kind === ")") {
      this.at++;
    } else {
      args.push(this.sum());
      while (this.tokens[this.at]?.kind === ",") {
        this.at++;
        args.push(this.sum());
      }
      this.expect(")");
    }
    if (args.length < callee.minArguments || args.length > callee.maxArguments) {
      fail(`${name}() takes ${describeArity(callee)}, got ${args.length}`);
    }
    return finite(callee.apply(args), `${name}()`);
  }
}

/** Python's floored modulo: the result takes the divisor's sign (`-7 % 3` is 2, not JavaScript's -1). */
function modulo(dividend: number, divisor: number): number {
  const remainder = dividend % divisor;
  return remainder !== 0 && remainder < 0 !== divisor < 0 ? remainder + divisor : remainder;
}

/**
 * Evaluates plain arithmetic. Never throws and never runs code; anything outside the grammar,
 * any non-finite result and any oversized input comes back as `{ ok: false, reason }`.
 * `%` is modulo only (`15%` is not evaluable). Implicit multiplication (`2pi`) is not supported.
 * Example: `evaluateExpression("(45 + 12) * 3")` → `{ ok: true, value: 171 }`.
 */
export function evaluateExpression(text: string): Evaluation {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, reason: `expression longer than ${MAX_EXPRESSION_LENGTH} characters` };
  }
  try {
    const tokens = tokenize(withSuperscriptPowers(text));
    if (tokens.length === 0) return { ok: false, reason: "empty expression" };
    const value = new Parser(tokens).parse();
    // -0 and 0 are the same answer; keep one so the value prints as "0".
    return { ok: true, value: value === 0 ? 0 : value };
  } catch (error) {
    if (error instanceof EvaluationFailure) return { ok: false, reason: error.message };
    // Guarded by MAX_NESTING_DEPTH; kept so an unforeseen stack overflow is still not a crash.
    if (error instanceof RangeError) return { ok: false, reason: "expression too complex" };
    throw error;
  }
}
