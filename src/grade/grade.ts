/** The ToolUse.1 grader: one case and one raw output in, one verdict out. Pure and deterministic. */
import type { Case, Protocol } from "../cases/schema.js";
import { extractCalls } from "../extract/index.js";
import { CATALOGUE } from "../tools/catalogue.js";
import { argumentMatches } from "../tools/normalise.js";
import type { Call, ToolSpec } from "../tools/types.js";
import { hasConstraints, unmetConstraints } from "./answer.js";
import { decodeNativeReply } from "./native.js";
import { resolveTool } from "./resolve-tool.js";
import type { Verdict } from "./verdict.js";

export interface Output {
  id: string;
  protocol: Protocol;
  output: string;
}

/** The tools a case offers, as full specs. */
export function offeredTools(testCase: Case): ToolSpec[] {
  return testCase.tools.map((name) => CATALOGUE[name]);
}

interface Reading {
  calls: Call[];
  prose: string;
  malformed: boolean;
}

function read(output: Output, tools: readonly ToolSpec[]): Reading {
  if (output.protocol !== "native") return extractCalls(output.output, { tools });
  const reply = decodeNativeReply(output.output);
  // The runtime's parser is what native mode tests: a call left in the content is not a call, but it is malformed.
  const leftover = extractCalls(reply.content, { tools });
  const malformed = reply.malformed || leftover.calls.length > 0 || leftover.malformed;
  return { calls: reply.calls, prose: leftover.prose, malformed: reply.calls.length === 0 && malformed };
}

/** Builds a verdict with its fields in the documented order, so every verdicts file reads the same. */
function verdict(fields: Verdict): Verdict {
  const { id, protocol, passed, calls, tool_ok, args_ok, extra, spurious, malformed, answer_ok, reason } =
    fields;
  return { id, protocol, passed, calls, tool_ok, args_ok, extra, spurious, malformed, answer_ok, reason };
}

/** Grades one output against its case. */
export function grade(testCase: Case, output: Output): Verdict {
  const tools = offeredTools(testCase);
  const reading = read(output, tools);
  const base = {
    id: testCase.id,
    protocol: output.protocol,
    calls: reading.calls,
    malformed: reading.malformed,
  };
  const expect = testCase.expect;
  if ("call" in expect) return gradeCall(base, expect.call, tools, reading);
  const spurious = reading.calls.length > 0;
  const constrained = hasConstraints(expect);
  const unmet = constrained ? unmetConstraints(reading.prose, expect) : [];
  const answerOk = constrained ? unmet.length === 0 : null;
  const passed = !spurious && answerOk !== false;
  const reason = spurious
    ? `expected no call (${expect.no_call}); got ${describeCalls(reading.calls)}`
    : answerOk === false
      ? `no call, but the answer fails its constraints: ${unmet.join("; ")}`
      : `no call, as expected (${expect.no_call})`;
  return verdict({
    ...base,
    passed,
    tool_ok: null,
    args_ok: null,
    extra: null,
    spurious,
    answer_ok: answerOk,
    reason,
  });
}

type ExpectedCall = Extract<Case["expect"], { call: unknown }>["call"];

function gradeCall(
  base: Pick<Verdict, "id" | "protocol" | "calls" | "malformed">,
  expected: ExpectedCall,
  tools: readonly ToolSpec[],
  reading: Reading,
): Verdict {
  const notApplicable = { spurious: null, answer_ok: null };
  if (reading.calls.length === 0) {
    const reason = reading.malformed
      ? "malformed call attempt: no call could be read"
      : "no call; expected one";
    return verdict({
      ...base,
      ...notApplicable,
      passed: false,
      tool_ok: false,
      args_ok: false,
      extra: [],
      reason,
    });
  }
  // With several calls the case fails, but tool and argument accuracy still describe the best of them.
  const candidates = reading.calls.filter((call) => resolveTool(call.name, tools)?.name === expected.name);
  if (candidates.length === 0) {
    const reason = `wrong tool: expected ${expected.name}, got ${describeCalls(reading.calls)}`;
    return verdict({
      ...base,
      ...notApplicable,
      passed: false,
      tool_ok: false,
      args_ok: false,
      extra: [],
      reason,
    });
  }
  const tool = tools.find((t) => t.name === expected.name) as ToolSpec;
  const checks = candidates.map((call) => compareArguments(tool, expected.arguments, call.arguments));
  const best = checks.find((check) => check.mismatched.length === 0) ?? (checks[0] as ArgumentCheck);
  const argsOk = best.mismatched.length === 0;
  const single = reading.calls.length === 1;
  const reason = !single
    ? `${reading.calls.length} calls; exactly one expected`
    : argsOk
      ? `correct call to ${expected.name}${best.extra.length > 0 ? ` (extra: ${best.extra.join(", ")})` : ""}`
      : `wrong arguments: ${best.mismatched.join("; ")}`;
  const passed = single && argsOk;
  return verdict({
    ...base,
    ...notApplicable,
    passed,
    tool_ok: true,
    args_ok: argsOk,
    extra: best.extra,
    reason,
  });
}

interface ArgumentCheck {
  mismatched: string[];
  extra: string[];
}

function compareArguments(
  tool: ToolSpec,
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
): ArgumentCheck {
  const mismatched: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const parameter = tool.parameters.find((p) => p.name === name);
    if (!(name in actual)) mismatched.push(`${name} missing`);
    else if (!parameter || !argumentMatches(parameter, want, actual[name])) {
      mismatched.push(`${name}=${JSON.stringify(actual[name])}, expected ${JSON.stringify(want)}`);
    }
  }
  const extra = Object.keys(actual).filter((name) => !(name in expected));
  return { mismatched, extra };
}

function describeCalls(calls: readonly Call[]): string {
  return calls.map((call) => call.name).join(", ");
}
