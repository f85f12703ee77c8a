/** Grading cases that expect several calls as a set (`calls`, BFCL parallel) or some call whatever it is (`any_call`). */
import type { ExpectedCall } from "../cases/schema.js";
import type { ToolSpec } from "../tools/types.js";
import { assignCalls, type CallPair } from "./match-calls.js";
import { resolveToolName } from "./resolve-tool.js";
import {
  describeCalls,
  failedBeforeArguments,
  type Reading,
  type Verdict,
  type VerdictBase,
  verdict,
} from "./verdict.js";

function noCallVerdict(base: VerdictBase, reading: Reading, wanted: string): Verdict {
  const reason = reading.malformed
    ? "malformed call attempt: no call could be read"
    : `no call; expected ${wanted}`;
  return failedBeforeArguments(base, reason);
}

function failureReason(
  expected: readonly ExpectedCall[],
  reading: Reading,
  pairs: readonly CallPair[],
): string {
  const problems: string[] = [];
  if (reading.calls.length !== expected.length) {
    problems.push(`${reading.calls.length} calls; expected ${expected.length}`);
  }
  expected.forEach((want, index) => {
    const pair = pairs.find((p) => p.expected === index && p.toolOk);
    if (!pair) problems.push(`no call to ${want.name} matches expected call #${index + 1}`);
    else if (!pair.argsOk) {
      problems.push(
        `wrong arguments in call to ${want.name} (#${index + 1}): ${pair.check.mismatched.join("; ")}`,
      );
    }
  });
  return problems.join("; ");
}

/**
 * Several expected calls, matched as a set by optimal assignment: the case passes when as many calls
 * were made as expected and every assigned pair has the right tool and arguments, in any order.
 */
export function gradeCalls(
  base: VerdictBase,
  expected: readonly ExpectedCall[],
  tools: readonly ToolSpec[],
  reading: Reading,
): Verdict {
  if (reading.calls.length === 0) return noCallVerdict(base, reading, `${expected.length} calls`);
  const pairs = assignCalls(expected, reading.calls, tools);
  const toolOk = expected.every((_, index) => pairs.some((p) => p.expected === index && p.toolOk));
  const argsOk = expected.every((_, index) => pairs.some((p) => p.expected === index && p.argsOk));
  const passed = argsOk && reading.calls.length === expected.length;
  const assignment = expected.map(
    (_, index) => pairs.find((p) => p.expected === index && p.toolOk)?.actual ?? null,
  );
  const extra = [...new Set(pairs.filter((p) => p.toolOk).flatMap((p) => p.check.extra))];
  const mangled = pairs.some((p) => p.toolOk && p.mangled);
  const reason = passed
    ? `correct calls: ${expected.map((call) => call.name).join(", ")}${extra.length > 0 ? ` (extra: ${extra.join(", ")})` : ""}${mangled ? " (name mangled)" : ""}`
    : failureReason(expected, reading, pairs);
  return verdict(base, {
    passed,
    tool_ok: toolOk,
    args_ok: argsOk,
    extra,
    spurious: null,
    answer_ok: null,
    reason,
    name_mangled: mangled ? true : undefined,
    assignment,
  });
}

/**
 * Some call, arguments unchecked (BFCL live_relevance: too many right answers to list). Every call must
 * name an offered tool: a call to a tool nobody offered is not a relevant one.
 */
export function gradeAnyCall(base: VerdictBase, tools: readonly ToolSpec[], reading: Reading): Verdict {
  if (reading.calls.length === 0) return noCallVerdict(base, reading, "a call to an offered tool");
  const resolved = reading.calls.map((call) => resolveToolName(call.name, tools));
  const unknown = reading.calls.filter((_, index) => resolved[index] === undefined);
  const toolOk = unknown.length === 0;
  const mangled = resolved.some((r) => r?.mangled === true);
  const reason = toolOk
    ? `called ${describeCalls(reading.calls)} (any call to an offered tool passes)${mangled ? " (name mangled)" : ""}`
    : `called a tool that is not offered: ${describeCalls(unknown)}`;
  // No argument is expected, so every call that reaches an offered tool has its arguments right, vacuously.
  return verdict(base, {
    passed: toolOk,
    tool_ok: toolOk,
    args_ok: toolOk,
    extra: [],
    spurious: null,
    answer_ok: null,
    reason,
    name_mangled: mangled ? true : undefined,
  });
}
