/**
 * Prompt-mode classes for the Python call forms of issue 26 that the value classes do not cover on their own:
 * positional expressions (BFCL drops every positional argument, but Python's grammar still judges it), calls written
 * as argument values (kept as `ast.unparse` text without keywords, as `{name: {…}}` with them), and chained calls
 * (`a.b().c(…)`, whose name BFCL builds from the attributes after the last call only). Each text is written from a
 * question's answer calls, so a class holds both passing and failing outputs.
 */
import type { PromptClass } from "./prompt-classes.js";
import { type Choose, pythonCallList, withArgument, withExtra } from "./python-writer.js";

/** Positional arguments that are expressions: valid ones BFCL ignores, invalid ones that fail the whole parse. */
const POSITIONAL_EXPRESSIONS = [
  "2**3",
  "1 + 2 * 3",
  "x['sales']",
  "data[0][1:]",
  "-x",
  "not done",
  "a if b else c",
  "lambda: 0",
  "lambda x, *y, **z: x",
  "...",
  "x := 5",
  "(y := 2) + 1",
  "*args",
  "*[1, 2]",
  "**kwargs",
  "**{'k': 1}",
  "g(h(1))",
  "a.b().c()",
  "[i for i in range(3)]",
  "{k: v for k, v in d}",
  "{1, 2}",
  "i for i in x",
  "f'{x!r:>10}'",
  "b'raw'",
  "1 < x <= 3",
  "x is not None",
  "a and b or c",
  "await job",
  "(yield)",
  "(yield from g)",
  "x @ y",
  "~mask",
  "1 +",
  "x[",
  "if x",
  "a b",
  "yield",
  "x = 1",
  "print x",
  "1..2",
  "()",
  "(1, 2)",
];

const CALL_VALUES = [
  "g()",
  "g(1)",
  "g(1, 'two')",
  "g(a=1)",
  "g(1, a=2)",
  "g(a=1, b=[1, 2], c={'k': (1,)})",
  "a.b.c(x=1)",
  "a.b.c(1)",
  "g()()",
  "g(a=1)(b=2)",
  "g(1)(b=2)",
  "np.array([1,2,3])",
  "np.array( [ 1 , 2 ] , dtype = 'int' )",
  "datetime.date(2024, 1, 1)",
  "datetime(2024,1,1,tzinfo=None)",
  "str(5)",
  "int('5')",
  "float('nan')",
  "len(x)",
  "g(a=h(b=1))",
  "g(h(b=1))",
  "g(a=lambda: 0)",
  "g(lambda x: x)",
  "g(a=x[0])",
  "g(x[0], y[1:2])",
  "g(*x)",
  "g(*x, **y)",
  "g(**x)",
  "g(**x, a=1)",
  "g(x for x in y)",
  "g((x for x in y), 1)",
  "g([i * 2 for i in r])",
  "g({1, 2})",
  "g({'a': 1, **b})",
  "g(f'x{y}z')",
  'g(f"{a!r}")',
  "g(b'x', rb'\\d')",
  "g(1 + 2 * 3, (1 + 2) * 3)",
  "g(-1, +1, ~1, not x)",
  "g(a if b else c)",
  "g(a.b.c, x[1:2:3])",
  "g(1e3, 0x1F, 1_000, 0o7, 0b1, 2j, 1.50)",
  "g('a' 'b', \"c\")",
  'g(\'it\\\'s\', "say \\"hi\\"")',
  "g('\\n\\t\\x00\\u00e9')",
  "g(None, True, ...)",
  "g(x := 1)",
  "g(a=x := 1)",
  "g(a=1, 2)",
  "g(a=1, a=2)",
  "g(",
];

/** Call names with something other than a plain dotted name before the last call (BFCL keeps the tail). */
function chainedName(name: string, choose: Choose): string {
  const short = name.split(".").at(-1) ?? name;
  return choose([
    `a.b().${name}`,
    `a().${name}`,
    `client.get(x=1).${name}`,
    `x[0].${name}`,
    `tools['t'].${name}`,
    `'s'.${short}`,
    `(a.b).${short}`,
    `(${name})`,
    `${name.replace(/\./g, " . ")}`,
    `${name.replace(/\./g, ".\n")}`,
    `a.b.c.d.${name}`,
    `f()`,
    `(lambda: 0)`,
    `${name}()`,
    `${name}(1)`,
    `[${name}][0]`,
    `super().${name}`,
  ]);
}

export const CALL_FORM_CLASSES: readonly PromptClass[] = [
  {
    kind: "positional-expressions",
    write(calls, choose) {
      const expression = choose(POSITIONAL_EXPRESSIONS);
      const place = choose(["first", "first", "first", "last"] as const);
      return withExtra(calls, choose, expression, place);
    },
  },
  {
    kind: "calls-as-values",
    write: (calls, choose) => withArgument(calls, choose, () => choose(CALL_VALUES)),
  },
  {
    kind: "chained-calls",
    write(calls, choose) {
      const target = Math.floor(choose([0, 0.5, 0.99]) * calls.length);
      const renamed = calls.map((call, index) =>
        index === target ? { ...call, name: chainedName(call.name, choose) } : call,
      );
      if (choose([true, true, true, false])) return pythonCallList(renamed, choose);
      // A chain as an argument's value: unparsed text without keywords, `{name: {…}}` with them.
      return withArgument(calls, choose, () =>
        choose(["x.y().z()", "x.y(b=1).z(c=2)", "a.b(1).c", "s.strip().lower()", "a()()", "obj.m(k=1).n()"]),
      );
    },
  },
];
