import { describe, expect, it } from "vitest";
import type { Expr } from "./ast.js";
import { evaluate } from "./evaluate.js";
import { DecodeFailure } from "./failure.js";
import { parseExpression } from "./parse.js";
import { reprValue } from "./repr.js";
import { unparse } from "./unparse.js";

/** `f(expression)` in our terms, or ERR and what Python would raise. */
function attempt(run: () => string): string {
  try {
    return run();
  } catch (error) {
    if (error instanceof DecodeFailure) return `ERR ${error.python}`;
    throw error;
  }
}

const parsed = (text: string): Expr => parseExpression(text);

// Expected values: what Python 3.11 prints for ast.unparse(ast.parse(text, mode="eval").body) and repr(eval(text)).
describe("ast.unparse of every expression form", () => {
  it.each([
    ["a + b * c", "a + b * c"],
    ["(a + b) * c", "(a + b) * c"],
    ["a ** b ** c", "a ** b ** c"],
    ["(a ** b) ** c", "(a ** b) ** c"],
    ["-a ** b", "-a ** b"],
    ["(-a) ** b", "(-a) ** b"],
    ["not a == b", "not a == b"],
    ["a if b else c if d else e", "a if b else c if d else e"],
    ["(a if b else c) if d else e", "(a if b else c) if d else e"],
    ["lambda: 0", "lambda: 0"],
    ["lambda x, /, y=1, *a, k, m=2, **kw: x", "lambda x, /, y=1, *a, k, m=2, **kw: x"],
    ["(lambda: 0)()", "(lambda: 0)()"],
    ["f(x for x in y)", "f((x for x in y))"],
    ["[x for x in y if z for w in v]", "[x for x in y if z for w in v]"],
    ["{k: v for k, v in d.items()}", "{k: v for k, v in d.items()}"],
    ["{x async for x in y}", "{x async for x in y}"],
    ["a.b.c", "a.b.c"],
    ["1 .real", "1 .real"],
    ["1.0.real", "1.0.real"],
    ["True.real", "True .real"],
    ["x[1:2, ::3, :]", "x[1:2, ::3, :]"],
    ["x[1,]", "x[1,]"],
    ["x[()]", "x[()]"],
    ["x[(1, 2), 3]", "x[(1, 2), 3]"],
    ["x[*a]", "x[*a,]"],
    ["x[a:=1]", "x[(a := 1)]"],
    ["(x := 1)", "(x := 1)"],
    ["f((x := 1))", "f((x := 1))"],
    ["(yield)", "(yield)"],
    ["(yield a, b)", "(yield (a, b))"],
    ["(yield from x)", "(yield from x)"],
    ["await x", "await x"],
    ["{**a, 'b': 1}", "{**a, 'b': 1}"],
    ["{*a, 1}", "{*a, 1}"],
    ["(1,)", "(1,)"],
    ["()", "()"],
    ["((1, 2),)", "((1, 2),)"],
    ["a or b and c", "a or (b and c)"],
    ["(a or b) and c", "(a or b) and c"],
    ["a and b and (c or d)", "a and b and (c or d)"],
    ["a < b < c", "a < b < c"],
    ["a not in b is not c", "a not in b is not c"],
    ["'it\\'s'", '"it\'s"'],
    ['"q\\""', "'q\"'"],
    ["'\\n\\t\\x00\\x7f\\u200b é'", "'\\n\\t\\x00\\x7f\\u200b é'"],
    ["b'\\x00\\'\"'", "b'\\x00\\'\"'"],
    ["u'x'", "u'x'"],
    ["1e16", "1e+16"],
    ["1e-05", "1e-05"],
    ["0.1", "0.1"],
    ["1e309", "1e309"],
    ["1j", "1j"],
    ["1e309j", "1e309j"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["0x1F", "31"],
    ["-1", "-1"],
    ["~1", "~1"],
    ["+1", "+1"],
    ["f(*a, b, c=1, **d)", "f(*a, b, c=1, **d)"],
    ["f(a)(b)[c].d", "f(a)(b)[c].d"],
    ["f'{x}'", "f'{x}'"],
    ["f'{x!r:>{w}}'", "f'{x!r:>{w}}'"],
    ["f'{{}} {x=}'", "f'{{}} x={x!r}'"],
    ["f'a\\n{x}'", "f'a\\n{x}'"],
    ["f'{\"a\"}'", "f\"{'a'}\""],
    ["f\"{'\\n' if x else y}\"", "ERR SyntaxError"],
    ["'a' f'{b}' 'c'", "f'a{b}c'"],
    ["f'{x:{y}}' 'z'", "f'{x:{y}}z'"],
    ["a | b ^ c & d << e + f * g", "a | b ^ c & d << e + f * g"],
    ["(a | b) ^ c", "(a | b) ^ c"],
    ["a @ b", "a @ b"],
    ["a // b % c", "a // b % c"],
    ["-(-1)", "--1"],
    ["- - 1", "--1"],
    ["not not x", "not not x"],
    ["~~x", "~~x"],
    ["(not x) + 1", "(not x) + 1"],
    ["-(a + b)", "-(a + b)"],
    ["[*a, *b]", "[*a, *b]"],
    ["print(*a, sep='')", "print(*a, sep='')"],
    ["{1: 2, **{3: 4}}", "{1: 2, **{3: 4}}"],
    ["x.y(1).z[2]", "x.y(1).z[2]"],
    ["(a, b)[0]", "(a, b)[0]"],
    ["'abc'[::-1]", "'abc'[::-1]"],
    ["...", "..."],
    ["Ellipsis", "Ellipsis"],
  ])("%j unparses as %j", (text, expected) => {
    const ours = attempt(() => unparse(parsed(text)));
    if (expected.startsWith("ERR")) expect(ours).toMatch(/^ERR /);
    else expect(ours).toBe(expected);
  });
});

describe("eval of the arithmetic BFCL's resolver evaluates, computed without executing", () => {
  it.each([
    ["2 ** 3", "8"],
    ["2 ** -1", "0.5"],
    ["-7 // 2", "-4"],
    ["-7 % 3", "2"],
    ["7.5 % -2", "-0.5"],
    ["-7.5 // 2", "-4.0"],
    ["1 / 3", "0.3333333333333333"],
    ["10 ** 20 / 3", "3.333333333333333e+19"],
    ["2 ** 0.5", "1.4142135623730951"],
    ["(-8) ** (1/3)", "(1.0000000000000002+1.7320508075688772j)"],
    ["(1 + 2j) * (3 - 1j)", "(5+5j)"],
    ["(1 + 2j) / (3 - 4j)", "(-0.2+0.4j)"],
    ["1j ** 2", "(-1+0j)"],
    ["(1+2j) ** 3", "(-11-2j)"],
    ["(1+2j) ** 0.5", "(1.272019649514069+0.7861513777574233j)"],
    ["True + True", "2"],
    ["True & False", "False"],
    ["True ^ True", "False"],
    ["~True", "-2"],
    ["5 & 3 | 8 ^ 1", "9"],
    ["1 << 70", "1180591620717411303424"],
    ["-1 >> 3", "-1"],
    ["0.1 + 0.2", "0.30000000000000004"],
    ["1e16 + 1", "1e+16"],
    ["1e308 * 10", "inf"],
    ["'ab' * 3", "'ababab'"],
    ["3 * 'ab'", "'ababab'"],
    ["'ab' * -2", "''"],
    ["[1] * 3", "[1, 1, 1]"],
    ["[1, 2] + [3]", "[1, 2, 3]"],
    ["(1, 2) + (3,)", "(1, 2, 3)"],
    ["b'a' + b'b'", "b'ab'"],
    ["{'a': 1} | {'b': 2, 'a': 3}", "{'a': 3, 'b': 2}"],
    ["[1, 2, 3][1:] + [4]", "[2, 3, 4]"],
    ["'abcdef'[::2] + ''", "'ace'"],
    ["'abcdef'[-2:] + ''", "'ef'"],
    ["[1,2,3,4,5][4:0:-2] + []", "[5, 3]"],
    ["{'k': 5}['k'] * 2", "10"],
    ["[*[1, 2], 3] + []", "[1, 2, 3]"],
    ["(1 < 2) + 1", "2"],
    ["(1 < 2 < 3) + 0", "1"],
    ["('a' < 'b') + 0", "1"],
    ["([1, 2] < [1, 3]) + 0", "1"],
    ["(1 and 2) + 1", "3"],
    ["(0 or 5) + 1", "6"],
    ["(2 in [1, 2]) + 0", "1"],
    ["('b' in 'abc') + 0", "1"],
    ["(1 if 0 else 2) + 1", "3"],
    [
      "'%s|%r|%5d|%-5d|%05.1f|%x|%#o|%e|%g|%G|%%' % ('s', 's', 42, 42, 3.14159, 255, 8, 12345.678, 0.0001, 1e20)",
      "\"s|'s'|   42|42   |003.1|ff|0o10|1.234568e+04|0.0001|1E+20|%\"",
    ],
    ["'%(a)s-%(b)d' % {'a': 1, 'b': 2}", "'1-2'"],
    ["'%.3g %.0f %.0f %.2f' % (2.5, 0.5, 1.5, 0.125)", "'2.5 0 2 0.12'"],
    ["round(2.5) + 0", "2"],
    ["round(3.5) + 0", "4"],
    ["round(-0.5) + 0", "0"],
    ["round(1234, -2) + 0", "1200"],
    ["round(1250, -2) + 0", "1200"],
    ["round(2.675, 2) + 0", "2.67"],
    ["abs(-2.5) + abs(3+4j)", "7.5"],
    ["len('héllo') + len([1])", "6"],
    ["max([3, 1, 2]) + min(3, 1, 2)", "4"],
    ["sum([1, 2, 3]) + sum([0.1, 0.2])", "6.3"],
    ["int('  -42 ') + int(3.9)", "-39"],
    ["float('1e3') + float(' inf ')", "inf"],
    ["str(1.0) + str([1, 'a'])", "\"1.0[1, 'a']\""],
    ["bool([]) + bool('x')", "1"],
    ["pow(2, 10) + 0", "1024"],
    ["-0.0 + 0", "0.0"],
    ["0.0 * -1", "-0.0"],
    ["divmod_missing + 1", "ERR NameError"],
  ])("%j evaluates to %j", (text, expected) => {
    const ours = attempt(() => reprValue(evaluate(parsed(text))));
    if (expected.startsWith("ERR")) expect(ours).toMatch(/^ERR /);
    else expect(ours).toBe(expected);
  });
});
