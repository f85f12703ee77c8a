import { describe, expect, it } from "vitest";
import { decodePrompt } from "./decode-prompt.js";
import { reprValue } from "./repr.js";
import type { Value } from "./value.js";

/** The decode in the reference's terms: repr() of `[{name: {args}}]`, or `ERR <what Python raises>`. */
function decoded(text: string): string {
  const result = decodePrompt(text);
  if (!result.ok) return `ERR ${result.failure.python}`;
  return reprValue(result.calls.map((call) => new Map<string, Value>([[call.name, call.arguments]])));
}

describe("decodePrompt: BFCL's default_decode_ast_prompting, rule by rule", () => {
  // Each expected value is what BFCL's own decoder (bfcl_decode.py under Python 3.11) prints for the text; a failure
  // is compared by the exception BFCL's decoder raises, where ours names it the same ("Unsupported" never is).
  it.each([
    ["[f(a=1)]", "[{'f': {'a': 1}}]"],
    ["f(a=1)", "[{'f': {'a': 1}}]"],
    ["```\n[f(a=1)]\n```", "[{'f': {'a': 1}}]"],
    ["```python\n[f(a=1)]\n```", "ERR SyntaxError"],
    ['```json\n[{"name": "f", "arguments": {"a": 1}}]\n```', "ERR SyntaxError"],
    ["`f(a=1)`", "[{'f': {'a': 1}}]"],
    [" \n f(a=1) \n ", "[{'f': {'a': 1}}]"],
    ["\t[f(a=1)]", "ERR SyntaxError"],
    ["[f(a=1)]\r\n", "ERR SyntaxError"],
    ["'[f(a=1)]'", "ERR AssertionError"],
    ["", "[]"],
    ["[]", "[]"],
    ["f(a=1), g(b=2)", "[{'f': {'a': 1}}, {'g': {'b': 2}}]"],
    ["x. y(a=1)", "[{'x.y': {'a': 1}}]"],
    ["(_(x=1))", "[{'_': {'x': 1}}]"],
    ["[(f(a=1)), g(b=2)]", "[{'f': {'a': 1}}, {'g': {'b': 2}}]"],
    ["f(a='x' % b'y')", "[{'f': {'a': 'x'}}]"],
    ["f(a='%(k)s' % {'k': 1})", "[{'f': {'a': '1'}}]"],
    ["x.\n y(a=1)", "[{'x.y': {'a': 1}}]"],
    ["math .factorial(n=5)", "[{'math.factorial': {'n': 5}}]"],
    ["I cannot help", "ERR SyntaxError"],
    ["Canberra.", "ERR SyntaxError"],
    ["Sure.", "ERR SyntaxError"],
    ["TOOL f | a=1", "ERR SyntaxError"],
    ["<tool_call>", "ERR SyntaxError"],
    ["f(a=1)\ng(b=2)", "ERR SyntaxError"],
    ["[f(a=1)]\n# note", "[{'f': {'a': 1}}]"],
    ["Here: [f(a=1)]", "ERR SyntaxError"],
    ['[{"name": "f", "arguments": {}}]', "ERR AssertionError"],
    ["(f(a=1), g(b=2))", "ERR AssertionError"],
    ["[f(a=1)][0]", "ERR AttributeError"],
    ["f(from='USD')", "ERR SyntaxError"],
    ["f(match=1, case=2, _=3)", "[{'f': {'match': 1, 'case': 2, '_': 3}}]"],
    ["f(a=1, a=2)", "[{'f': {'a': 2}}]"],
    ["f(**d)", "[{'f': {None: 'd'}}]"],
    ["f(a=1, **{'b': 2})", "[{'f': {'a': 1, None: {'b': 2}}}]"],
    ["f(a=1, 2)", "ERR SyntaxError"],
    ["f(*a, b=1)", "[{'f': {'b': 1}}]"],
    ["f(1, b=2)", "[{'f': {'b': 2}}]"],
    ["a.b.c(x=1)", "[{'a.b.c': {'x': 1}}]"],
    ["a.b().c(x=1)", "[{'c': {'x': 1}}]"],
    ["x[0].f(y=2)", "[{'f': {'y': 2}}]"],
    ["(lambda: 0)(a=1)", "[{'': {'a': 1}}]"],
    ["ｆ(ａ=1)", "[{'f': {'a': 1}}]"],
    ["f(a=x['s'])", "[{'f': {'a': \"x['s']\"}}]"],
    ["f(a=(a+b)[0])", "[{'f': {'a': 'a + b[0]'}}]"],
    ["f(a=x[1, 2])", "[{'f': {'a': 'x[(1, 2)]'}}]"],
    ["f(a=x[1:2, ::3])", "[{'f': {'a': 'x[(1:2, ::3)]'}}]"],
    ["f(a=2**3)", "[{'f': {'a': 8}}]"],
    ["f(a=7/2)", "[{'f': {'a': 3.5}}]"],
    ["f(a=-7//2)", "[{'f': {'a': -4}}]"],
    ["f(a='a' + 'b')", "[{'f': {'a': 'ab'}}]"],
    ["f(a=[0] * 3)", "[{'f': {'a': [0, 0, 0]}}]"],
    ["f(a=1+2j)", "[{'f': {'a': (1+2j)}}]"],
    ["f(a=x + 1)", "ERR NameError"],
    ["f(a=1/0)", "ERR ZeroDivisionError"],
    ["f(a=lambda x: x)", "ERR TypeError"],
    ["f(a=...)", "[{'f': {'a': '...'}}]"],
    ["f(a=-5)", "[{'f': {'a': -5}}]"],
    ["f(a=+5)", "[{'f': {'a': -5}}]"],
    ["f(a=not 1)", "[{'f': {'a': -1}}]"],
    ["f(a=~5)", "[{'f': {'a': -5}}]"],
    ["f(a=--5)", "ERR AttributeError"],
    ["f(a=-x)", "ERR AttributeError"],
    ["f(a=g(1, k=2)(3))", "[{'f': {'a': 'g(1, k=2)(3)'}}]"],
    ["f(a=g(1, 2))", "[{'f': {'a': 'g(1, 2)'}}]"],
    ["f(a=g(b=1))", "[{'f': {'a': {'g': {'b': 1}}}}]"],
    ["f(a=np.array([1,2]))", "[{'f': {'a': 'np.array([1, 2])'}}]"],
    ["f(a=math.pi)", "ERR Exception"],
    ["f(a=(1,))", "[{'f': {'a': (1,)}}]"],
    ["f(a=())", "[{'f': {'a': ()}}]"],
    ["f(a={1: 'x', True: 'y'})", "[{'f': {'a': {1: 'y'}}}]"],
    ["f(a={[1]: 2})", "ERR TypeError"],
    ["f(a={**b})", "ERR Exception"],
    ["f(a=true)", "[{'f': {'a': 'true'}}]"],
    ["f(a=None)", "[{'f': {'a': None}}]"],
    ["f(a=b'x')", "[{'f': {'a': b'x'}}]"],
    ["f(a=1_000)", "[{'f': {'a': 1000}}]"],
    ["f(a=0x1F)", "[{'f': {'a': 31}}]"],
    ["f(a=0o17)", "[{'f': {'a': 15}}]"],
    ["f(a=0b101)", "[{'f': {'a': 5}}]"],
    ["f(a=1e3)", "[{'f': {'a': 1000.0}}]"],
    ["f(a=.5)", "[{'f': {'a': 0.5}}]"],
    ["f(a=5.)", "[{'f': {'a': 5.0}}]"],
    ["f(a=007)", "ERR SyntaxError"],
    ["f(a=00)", "[{'f': {'a': 0}}]"],
    ["f(a=1e309)", "[{'f': {'a': inf}}]"],
    ["f(a=9007199254740993)", "[{'f': {'a': 9007199254740993}}]"],
    ["f(a=1if 1else 0)", "ERR Exception"],
    ["f(a=1.real)", "ERR SyntaxError"],
    ["f(a='%s-%05.2f' % ('x', 3.14159))", "[{'f': {'a': 'x-03.14'}}]"],
    ["f(a=round(2.675, 2) * 1)", "[{'f': {'a': 2.67}}]"],
    ["f(a=round(0.125, 2) + 0)", "[{'f': {'a': 0.12}}]"],
    ["f(a=abs(-3) + len('ab'))", "[{'f': {'a': 5}}]"],
    ["f(a=max(1, 5, 3) - min([4, 2]))", "[{'f': {'a': 3}}]"],
    ["f(a=f'{1}' + 'x')", "[{'f': {'a': '1x'}}]"],
    ["f(a=g(f'{x!r:>{w}}'))", "[{'f': {'a': \"g(f'{x!r:>{w}}')\"}}]"],
    ["f(a='\\x41\\u00e9\\U0001F600\\101\\d')", "[{'f': {'a': 'Aé😀A\\\\d'}}]"],
    ["f(a=r'\\d')", "[{'f': {'a': '\\\\d'}}]"],
    ["f(a='''x\ny''')", "[{'f': {'a': 'x\\ny'}}]"],
    ["f(a='a' 'b')", "[{'f': {'a': 'ab'}}]"],
    ["f(a='x' b'y')", "ERR SyntaxError"],
    ["f(a=g('it\\'s', \"q\\\"\", '\\n\\t'))", "[{'f': {'a': 'g(\"it\\'s\", \\'q\"\\', \\'\\\\n\\\\t\\')'}}]"],
    ["f(a=g(1.0, 1e16, 1e-05, -0.0, 1e309))", "[{'f': {'a': 'g(1.0, 1e+16, 1e-05, -0.0, 1e309)'}}]"],
    [
      "f(a=g(lambda x, *a, k=1, **kw: x, (x for x in y), [i for i in j if i], {k: v for k, v in d}))",
      "[{'f': {'a': 'g(lambda x, *a, k=1, **kw: x, (x for x in y), [i for i in j if i], {k: v for k, v in d})'}}]",
    ],
    [
      "f(a=g(a if b else c, not x, -y ** 2, (-y) ** 2, a < b < c, a and (b or c), x := 1))",
      "[{'f': {'a': 'g(a if b else c, not x, -y ** 2, (-y) ** 2, a < b < c, a and (b or c), (x := 1))'}}]",
    ],
  ])("%j decodes as BFCL decodes it", (text, expected) => {
    const ours = decoded(text);
    if (expected.startsWith("ERR")) expect(ours).toMatch(/^ERR /);
    else expect(ours).toBe(expected);
  });

  it("names the exception BFCL's decoder raises for each kind of failure", () => {
    expect(decoded("```python\n[f(a=1)]\n```")).toBe("ERR SyntaxError");
    expect(decoded("f(from='USD')")).toBe("ERR SyntaxError");
    expect(decoded("'[f(a=1)]'")).toBe("ERR AssertionError");
    expect(decoded("[f(a=1)][0]")).toBe("ERR AttributeError");
    expect(decoded("f(a=x + 1)")).toBe("ERR NameError");
    expect(decoded("f(a=1/0)")).toBe("ERR ZeroDivisionError");
    expect(decoded("f(a=lambda x: x)")).toBe("ERR TypeError");
    expect(decoded("f(a={[1]: 2})")).toBe("ERR TypeError");
    expect(decoded("f(a=math.pi)")).toBe("ERR Exception");
  });

  it("documented limit: \\N{NAME} escapes fail the decode (BFCL reads them with Unicode's name table)", () => {
    expect(decoded("f(a='\\N{BULLET}')")).toBe("ERR Unsupported");
  });
});
