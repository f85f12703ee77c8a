import { describe, expect, it } from "vitest";
import { parsePyJson } from "../../extract/python-json.js";
import type { PyCall, PyDict } from "../../extract/python-value.js";
import { type BfclMode, checkBfclCalls } from "./checker.js";

/** A question from JSON text (Python's number rules), and calls from BFCL's decoded form `[{name: {args}}]`. */
function problem(category: string, functions: string, groundTruth: string) {
  return {
    category,
    functions: parsePyJson(functions) ?? null,
    groundTruth: parsePyJson(groundTruth) ?? null,
  };
}

function calls(text: string): PyCall[] {
  return (parsePyJson(text) as PyDict[]).map((entry) => {
    const [[name, args]] = [...entry] as [[string, PyDict]];
    return { name, arguments: args };
  });
}

const AREA = `[{"name": "geo.area", "parameters": {"type": "dict", "properties": {
  "base": {"type": "integer"}, "height": {"type": "float"}, "unit": {"type": "string"},
  "points": {"type": "array", "items": {"type": "float"}}, "opts": {"type": "dict"}, "flag": {"type": "boolean"}},
  "required": ["base", "height"]}}]`;
const AREA_ANSWER = `[{"geo.area": {"base": [10], "height": [5.0], "unit": ["square meters", ""],
  "points": [[1.0, 2.5], ""], "opts": [{"mode": ["fast"], "depth": ["", 2]}, ""], "flag": [true, ""]}}]`;

function simple(output: string, mode: BfclMode = "prompt") {
  return checkBfclCalls(problem("simple_python", AREA, AREA_ANSWER), calls(output), mode);
}

describe("BFCL's checker rules (hand-checked against BFCL's ast_checker)", () => {
  it.each([
    ['[{"geo.area": {"base": 10, "height": 5.0}}]', true, ""],
    ['[{"geo.area": {"base": 10, "height": 5}}]', true, "an int where a float is declared is promoted"],
    ['[{"geo.area": {"base": 10.0, "height": 5.0}}]', false, "a float where an int is declared"],
    ['[{"geo.area": {"base": "10", "height": 5.0}}]', false, "a number as text"],
    ['[{"geo.area": {"base": 10, "height": 5.0, "flag": "true"}}]', false, "a boolean as text"],
    ['[{"geo.area": {"base": 10, "height": 5.0, "flag": 1}}]', false, "1 for a boolean"],
    [
      '[{"geo.area": {"base": 10, "height": 5.0, "unit": "Square-Meters"}}]',
      true,
      "case, spaces and -_ folded",
    ],
    ['[{"geo.area": {"base": 10, "height": 5.0, "unit": "square meters!"}}]', false, "! is not folded"],
    ['[{"geo.area": {"base": 10, "height": 5.0, "unit": "\\"square meters\\""}}]', false, "quotes are not"],
    ['[{"geo.area": {"base": 10, "height": 5.0, "points": [1.0, 2.5]}}]', true, ""],
    ['[{"geo.area": {"base": 10, "height": 5.0, "points": "[1.0, 2.5]"}}]', false, "a list as JSON text"],
    ['[{"geo.area": {"base": 10, "height": 5.0, "opts": {"mode": "FAST"}}}]', true, "dict values folded too"],
    [
      '[{"geo.area": {"base": 10, "height": 5.0, "opts": {"mode": "fast", "x": 1}}}]',
      false,
      "an extra dict key",
    ],
    ['[{"geo.area": {"base": 10, "height": 5.0, "extra": 1}}]', false, "an extra argument"],
    ['[{"geo.area": {"base": 10}}]', false, "a required argument missing"],
    ['[{"GEO.AREA": {"base": 10, "height": 5.0}}]', false, "names are exact"],
    [
      '[{"geo.area": {"base": 10, "height": 5.0}}, {"geo.area": {"base": 10, "height": 5.0}}]',
      false,
      "two calls",
    ],
  ])("%s → %s (%s)", (output, valid) => {
    expect(simple(output).valid).toBe(valid);
  });

  it('no int→float promotion inside lists, unless the list is optional ("" ends the element type check)', () => {
    const given = calls('[{"geo.area": {"base": 10, "height": 5.0, "points": [1, 2.5]}}]');
    const required = AREA_ANSWER.replace('"points": [[1.0, 2.5], ""]', '"points": [[1.0, 2.5]]');
    expect(checkBfclCalls(problem("simple_python", AREA, required), given, "prompt").error_type).toBe(
      "type_error:nested",
    );
    // With "" accepted the element check passes, and then Python's [1, 2.5] == [1.0, 2.5] holds.
    expect(simple('[{"geo.area": {"base": 10, "height": 5.0, "points": [1, 2.5]}}]').valid).toBe(true);
  });

  it("fc mode: a dotted name must arrive with underscores; prompt mode: as written", () => {
    expect(simple('[{"geo_area": {"base": 10, "height": 5.0}}]', "fc").valid).toBe(true);
    expect(simple('[{"geo.area": {"base": 10, "height": 5.0}}]', "fc").valid).toBe(false);
    expect(simple('[{"geo_area": {"base": 10, "height": 5.0}}]', "prompt").error_type).toBe(
      "simple_function_checker:wrong_func_name",
    );
  });

  it("required comes from the schema, even where the answer marks the argument optional", () => {
    const answer = AREA_ANSWER.replace('"base": [10]', '"base": [10, ""]');
    const omitted = calls('[{"geo.area": {"height": 5.0}}]');
    expect(checkBfclCalls(problem("simple_python", AREA, answer), omitted, "prompt").error_type).toBe(
      "simple_function_checker:missing_required",
    );
  });

  it("an answer argument the function does not declare is unexpected when given", () => {
    const answer = AREA_ANSWER.replace('"base": [10]', '"base": [10], "ghost": ["", 1]');
    const given = calls('[{"geo.area": {"base": 10, "height": 5.0, "ghost": 1}}]');
    expect(checkBfclCalls(problem("simple_python", AREA, answer), given, "prompt").error_type).toBe(
      "simple_function_checker:unexpected_param",
    );
  });

  it("matches parallel calls greedily: an earlier expectation can take the call a later one needed", () => {
    const functions = `[{"name": "f", "parameters": {"type": "dict", "properties": {"x": {"type": "string"}}, "required": []}}]`;
    // Expectation 1 accepts "a" or "b"; expectation 2 only "a". Output order [a, b]: 1 takes "a", 2 finds nothing,
    // though pairing 1↔b and 2↔a would pass.
    const answer = '[{"f": {"x": ["a", "b"]}}, {"f": {"x": ["a"]}}]';
    const given = calls('[{"f": {"x": "a"}}, {"f": {"x": "b"}}]');
    expect(checkBfclCalls(problem("parallel", functions, answer), given, "prompt")).toMatchObject({
      valid: false,
      error_type: "parallel_function_checker_no_order:cannot_find_match",
    });
    const reversed = calls('[{"f": {"x": "b"}}, {"f": {"x": "a"}}]');
    expect(checkBfclCalls(problem("parallel", functions, answer), reversed, "prompt").valid).toBe(true);
  });

  it("an empty list of accepted values fails every output", () => {
    const answer = AREA_ANSWER.replace('"base": [10]', '"base": []');
    expect(
      checkBfclCalls(
        problem("simple_python", AREA, answer),
        calls('[{"geo.area": {"height": 5.0}}]'),
        "prompt",
      ).valid,
    ).toBe(false);
  });

  it("what BFCL's checker would crash on is a failed verdict that says so", () => {
    const untyped = AREA.replace('"unit": {"type": "string"}', '"unit": {"type": "number"}');
    const given = calls('[{"geo.area": {"base": 10, "height": 5.0, "unit": 2}}]');
    expect(checkBfclCalls(problem("simple_python", untyped, AREA_ANSWER), given, "prompt")).toMatchObject({
      valid: false,
      error_type: "exception:KeyError",
    });
  });
});
