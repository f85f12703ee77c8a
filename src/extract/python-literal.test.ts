import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";
import { parsePyJson, pyJsonText } from "./python-json.js";
import { readPythonArguments, readPythonCallList } from "./python-literal.js";
import { PyFloat, PyTuple, toJsonValue } from "./python-value.js";

function read(text: string) {
  return readPythonCallList(text)?.map((call) => ({
    name: call.name,
    arguments: toJsonValue(call.arguments),
  }));
}

describe("Python call syntax, read as ast.parse reads it", () => {
  it.each([
    ["[f(note='patient\\'s data')]", { note: "patient's data" }],
    ["[f(s='\\xa0')]", { s: "\u00a0" }],
    ['[f(s="\\u00e9\\U0001F600")]', { s: "é😀" }],
    ["[f(s='tab\\there', n='\\101')]", { s: "tab\there", n: "A" }],
    ["[f(s=r'C:\\new')]", { s: "C:\\new" }],
    ["[f(s='a' 'b')]", { s: "ab" }],
    ["[f(s='''multi\nline''')]", { s: "multi\nline" }],
    ["[f(s='unknown \\d escape')]", { s: "unknown \\d escape" }],
    ["[f(año_vehiculo=2020)]", { año_vehiculo: 2020 }],
    ["[f(a=-3, b=+2, c=1_000, d=0x1F, e=1e3, g=.5)]", { a: -3, b: 2, c: 1000, d: 31, e: 1000, g: 0.5 }],
    ["[f(a=True, b=None, c=(1, 2), d={'k': [1, 2]})]", { a: true, b: null, c: [1, 2], d: { k: [1, 2] } }],
  ])("%s", (text, args) => {
    expect(read(text)).toEqual([{ name: "f", arguments: args }]);
  });

  it("keeps what BFCL tells apart: floats from ints, tuples from lists, big ints exactly", () => {
    const [call] = readPythonCallList("[f(a=5.0, b=5, c=(1,), d=123456789012345678901234567890)]") ?? [];
    expect(call?.arguments.get("a")).toEqual(new PyFloat(5));
    expect(call?.arguments.get("b")).toBe(5);
    expect(call?.arguments.get("c")).toEqual(new PyTuple([1]));
    expect(call?.arguments.get("d")).toBe(123456789012345678901234567890n);
  });

  it("reads dotted names, several calls, and a single call without brackets", () => {
    expect(read("[math.factorial(n=5), b.c(x='y')]")?.map((c) => c.name)).toEqual(["math.factorial", "b.c"]);
    expect(read("  f(x=1)  ")).toEqual([{ name: "f", arguments: { x: 1 } }]);
  });

  it.each([
    "[f(x=1, x=2)]",
    "[f(x=1)",
    "[f(x='unterminated)]",
    "[f(x=007)]",
    "[f(x=1j)]",
    "[f(x=b'bytes')]",
    '[f(x="\\xZZ")]',
    "[f(1)]",
    "[f(x=name)]",
    "[f(x='a'\n'b' + 1)]",
  ])("refuses %s", (text) => {
    expect(readPythonCallList(text)).toBeUndefined();
  });

  it("BFCL's decoder options: bare names read as their text, positional arguments dropped", () => {
    const [call] =
      readPythonCallList("[f(1, unit=celsius)]", { namesAsStrings: true, ignorePositional: true }) ?? [];
    expect(toJsonValue(call?.arguments ?? new Map())).toEqual({ unit: "celsius" });
  });

  it("never throws and stays fast on any text (property)", () => {
    const pieces = fc.constantFrom(
      "[",
      "]",
      "(",
      ")",
      "{",
      "}",
      "'",
      '"',
      "\\",
      "=",
      ",",
      ":",
      "f",
      "x",
      "1",
      ".",
      "e",
      "\n",
      " ",
      "ñ",
      "\\x",
      "\\u",
      "'''",
      "#",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces, { maxLength: 200 }).map((p) => p.join("")),
        ),
        (text) => {
          const started = performance.now();
          readPythonCallList(text);
          readPythonCallList(text, { namesAsStrings: true, ignorePositional: true });
          readPythonArguments(text, text.indexOf("("));
          extractCalls(text);
          expect(performance.now() - started).toBeLessThan(1000);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("stays linear on deep nesting", () => {
    expect(readPythonCallList(`[f(x=${"[".repeat(100_000)})]`)).toBeUndefined();
    expect(readPythonCallList(`[f(x=${"(".repeat(100_000)})]`)).toBeUndefined();
  });
});

describe("the extractor reads Python-style calls it used to drop", () => {
  const tool = (name: string) => ({ name, description: "", aliases: [], parameters: [] });

  it("escaped quotes, \\x escapes and non-ASCII argument names", () => {
    const tools = [tool("save_note"), tool("registrar_vehiculo")];
    expect(extractCalls("[save_note(note='patient\\'s data')]", { tools }).calls).toEqual([
      { name: "save_note", arguments: { note: "patient's data" } },
    ]);
    expect(extractCalls("[save_note(note='a\\xa0b')]", { tools }).calls).toEqual([
      { name: "save_note", arguments: { note: "a\u00a0b" } },
    ]);
    expect(extractCalls("[registrar_vehiculo(año_vehiculo=2020)]", { tools }).calls).toEqual([
      { name: "registrar_vehiculo", arguments: { año_vehiculo: 2020 } },
    ]);
  });
});

describe("JSON with Python's number types", () => {
  it("tells 5.0 from 5, keeps big ints exact, reads NaN and Infinity, keeps the last of repeated keys", () => {
    expect(parsePyJson("[5.0, 5, 1e2, -0.5]")).toEqual([
      new PyFloat(5),
      5,
      new PyFloat(100),
      new PyFloat(-0.5),
    ]);
    expect(parsePyJson("123456789012345678901234567890")).toBe(123456789012345678901234567890n);
    expect(parsePyJson('{"a": 1, "a": 2}')).toEqual(new Map([["a", 2]]));
    expect((parsePyJson("[NaN, Infinity]") as PyFloat[]).map((v) => v.value)).toEqual([Number.NaN, Infinity]);
    expect(parsePyJson('{"a": [1, ')).toBeUndefined();
    expect(parsePyJson("[1,]")).toBeUndefined();
  });

  it("writes values back so Python reads the same types", () => {
    const text = '{"f": [5.0, 5, "x\\"y", null, true, {"k": 1e+21}]}';
    expect(pyJsonText(parsePyJson(text) ?? null)).toBe('{"f": [5.0, 5, "x\\"y", null, true, {"k": 1e+21}]}');
  });

  it("never throws (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        parsePyJson(text);
      }),
      { numRuns: 2000 },
    );
  });
});
