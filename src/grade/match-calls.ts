/** Matches extracted calls to expected ones as a set: an optimal assignment (Hungarian method), never greedy. */
import { munkres } from "munkres";
import type { ExpectedCall } from "../cases/schema.js";
import type { Call, ToolSpec } from "../tools/types.js";
import { type ArgumentCheck, compareArguments } from "./compare.js";
import { resolveToolName } from "./resolve-tool.js";

/** One expected call and the extracted call assigned to it. */
export interface CallPair {
  expected: number;
  actual: number;
  toolOk: boolean;
  argsOk: boolean;
  mangled: boolean;
  check: ArgumentCheck;
}

function pairFor(
  expected: ExpectedCall,
  actual: Call,
  indices: [number, number],
  tools: readonly ToolSpec[],
): CallPair {
  const resolved = resolveToolName(actual.name, tools);
  const [e, a] = indices;
  if (resolved?.tool.name !== expected.name) {
    return {
      expected: e,
      actual: a,
      toolOk: false,
      argsOk: false,
      mangled: false,
      check: { mismatched: [], extra: [] },
    };
  }
  const check = compareArguments(resolved.tool, expected.arguments, actual.arguments);
  return {
    expected: e,
    actual: a,
    toolOk: true,
    argsOk: check.mismatched.length === 0,
    mangled: resolved.mangled,
    check,
  };
}

/**
 * Pairs expected calls with extracted ones so that, first, the fewest pairs call the wrong tool and, then,
 * the fewest have wrong arguments. A greedy pass can spend the only call that fits one expectation on
 * another that several calls fit; the assignment cannot (BFCL's own parallel checker is that greedy pass:
 * ShishirPatil/gorilla, berkeley-function-call-leaderboard/bfcl_eval/eval_checker/ast_eval/ast_checker.py,
 * parallel_function_checker_no_order). Returns one pair per assigned expected call.
 * @example assignCalls([weatherBerlin, weatherParis], [callParis, callBerlin], tools) // pairs 0↔1 and 1↔0, both exact
 */
export function assignCalls(
  expected: readonly ExpectedCall[],
  actual: readonly Call[],
  tools: readonly ToolSpec[],
): CallPair[] {
  if (expected.length === 0 || actual.length === 0) return [];
  const pairs = expected.map((want, e) => actual.map((call, a) => pairFor(want, call, [e, a], tools)));
  // A wrong tool outweighs every argument mismatch together, so the ranking is lexicographic.
  const wrongTool = expected.length + actual.length + 1;
  const cost = pairs.map((row) => row.map((pair) => (!pair.toolOk ? wrongTool : pair.argsOk ? 0 : 1)));
  return munkres(cost).map(([e, a]) => pairs[e]?.[a] as CallPair);
}
