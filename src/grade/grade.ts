/** The grader: one case and one raw output in, one verdict out. Pure and deterministic. */

import { isMentions } from "../cases/mentions.js";
import type { Case, ExpectedCall } from "../cases/schema.js";
import { hasEmptyName } from "../extract/broken-shapes.js";
import { type Extraction, extractCalls } from "../extract/index.js";
import type { Call, ToolSpec } from "../tools/types.js";
import {
  hasConstraints,
  metThroughGrouping,
  unmetConstraints,
  unmetConstraintsAsSubstrings,
} from "./answer.js";
import { type Behaviour, type ReplyReading, readBehaviour } from "./behaviour.js";
import { argumentLeniency, compareArguments } from "./compare.js";
import type { NoCallExpectation } from "./expectation.js";
import { gradeAnyCall, gradeCalls } from "./grade-calls.js";
import { decodeNativeReply } from "./native.js";
import { offeredTools } from "./offered.js";
import type { Output } from "./output.js";
import { type ResolvedTool, resolveToolName } from "./resolve-tool.js";
import { type GradingRules, TOOLUSE_RULES } from "./rules.js";
import {
  describeCalls,
  extraNote,
  failedBeforeArguments,
  type Reading,
  type Verdict,
  type VerdictBase,
  verdict,
} from "./verdict.js";

export { offeredTools } from "./offered.js";
/** The grader's input type, re-exported with the grader (modules below it import it from output.ts). */
export type { Output } from "./output.js";

function read(output: Output, tools: readonly ToolSpec[], rules: GradingRules): Reading | Extraction {
  const plainLine = !rules.plainLineOnlyInPlain || output.protocol === "plain";
  const options = {
    tools,
    plainLine,
    mentions: rules.mentions,
    dialects: rules.dialects,
    truncated: rules.truncated,
    repairedJson: rules.repairedJson,
    broken: rules.broken,
  };
  if (output.protocol !== "native") return extractCalls(output.output, options);
  const reply = decodeNativeReply(output.output);
  // The runtime's parser is what native mode tests: beside runtime calls, a call left in the content is malformed.
  const leftover = extractCalls(reply.content, options);
  // E12: with no runtime call at all, a call standing as the content is the model's call, read under a named leniency.
  if (
    rules.nativeContentCalls === "named" &&
    reply.calls.length === 0 &&
    !reply.malformed &&
    leftover.calls.length > 0
  ) {
    // Not an extraction of the output (that is the message JSON): no shape, but its dialect or repair is still named.
    const { shape: _shape, ...read } = leftover;
    return { ...read, fromContent: true };
  }
  // E11: a call to an empty name is the runtime handing back a call to nothing, a malformed attempt under 2.0.
  const nameless = rules.broken === "attempt" && reply.calls.some(hasEmptyName);
  const calls = nameless ? reply.calls.filter((call) => !hasEmptyName(call)) : reply.calls;
  const malformed = nameless || reply.malformed || leftover.calls.length > 0 || leftover.malformed;
  return { calls, prose: leftover.prose, malformed: calls.length === 0 && malformed };
}

/** Grades one output against its case, under the 2.0 rules unless others are given (see profiles.ts). */
export function grade(testCase: Case, output: Output, rules: GradingRules = TOOLUSE_RULES): Verdict {
  return gradeAndRead(testCase, output, rules).verdict;
}

/**
 * {@link grade}, also returning how the raw text was read (the extraction; undefined for native replies, whose calls
 * the runtime read), so a profile grading the same output again can reuse it.
 */
export function gradeAndRead(
  testCase: Case,
  output: Output,
  rules: GradingRules = TOOLUSE_RULES,
): { verdict: Verdict; extraction: Extraction | undefined } {
  const tools = offeredTools(testCase);
  const reading = read(output, tools, rules);
  const base: VerdictBase = {
    id: testCase.id,
    protocol: output.protocol,
    calls: reading.calls,
    malformed: reading.malformed,
  };
  const expect = testCase.expect;
  const graded =
    "call" in expect
      ? gradeCall(base, expect.call, tools, reading)
      : "calls" in expect
        ? gradeCalls(base, expect.calls, tools, reading)
        : "any_call" in expect
          ? gradeAnyCall(base, tools, reading)
          : gradeNoCall(base, expect, reading, rules);
  if ("dialect" in reading && reading.dialect !== undefined && graded.calls.length > 0)
    nameLeniency(graded, `dialect=${reading.dialect}`);
  if ("fromContent" in reading && reading.fromContent === true && graded.calls.length > 0)
    nameLeniency(graded, "native=content_call");
  // E9 under `tooluse`: a call read from repaired JSON is a call, and the verdict says the text needed a repair.
  if ("repairedJson" in reading && reading.repairedJson === true && graded.calls.length > 0)
    nameLeniency(graded, "json=repaired");
  // E17: a call object whose keys are respelled (Gemini's `functionCall`, PascalCase `Arguments`) is read, and named.
  if ("respelledKeys" in reading && reading.respelledKeys === true && graded.calls.length > 0)
    nameLeniency(graded, "json=respelled_keys");
  if ("cutTail" in reading && reading.cutTail === true && graded.calls.length > 0) failForCutTail(graded);
  // Only an extraction has a shape: a native reading is assembled from the runtime's calls.
  return { verdict: graded, extraction: "shape" in reading ? reading : undefined };
}

/**
 * Calls read in a dialect beyond SPEC §3.1's chain, or from JSON that needed a repair (E9), are a leniency, named like
 * the others: `dialect=pythonic` or `json=repaired` in the verdict's `lenient` list and its reason
 * (docs/spec-conformance.md, "Leniencies").
 */
function nameLeniency(graded: Verdict, name: string): void {
  const earlier = graded.lenient ?? [];
  graded.lenient = [...earlier, name];
  graded.reason =
    earlier.length > 0
      ? graded.reason.replace(/\(lenient: ([^)]*)\)/, (_note, list: string) => `(lenient: ${list}, ${name})`)
      : `${graded.reason} (lenient: ${name})`;
}

/**
 * E8's cut tail (2.9.0): the calls were read, and after them the output stopped inside another call. The output is a
 * malformed attempt beside its calls, and it fails: the model did not end its turn, it ran on (a runaway repeat, or
 * a next call nobody can read), and a runtime would have run out of tokens inside the call.
 */
function failForCutTail(graded: Verdict): void {
  graded.malformed = true;
  graded.passed = false;
  graded.reason = `${graded.reason}; then a call cut off at the end of the output (malformed)`;
}

/** The behaviours each no-call expectation accepts; `abstain` is 1.0's word for "answer or refuse". */
const ACCEPTED: Record<NoCallExpectation["no_call"], readonly Behaviour[]> = {
  answer: ["answer"],
  refuse: ["refusal"],
  clarify: ["question"],
  abstain: ["answer", "refusal"],
};

const DESCRIBED: Record<Behaviour, string> = {
  answer: "answers",
  refusal: "refuses",
  question: "asks a question",
};

/**
 * The behaviour a no-call case sees. A refusal that also gives content ("I can't browse, but the Wall fell in 1989")
 * refuses on a refuse case and answers on an answer case: the case asked for the content, and it is there
 * (docs/reply-roles.md, "Refusal with content").
 */
function behaviourFor(reply: Omit<ReplyReading, "units">, expect: NoCallExpectation): Behaviour {
  return reply.behaviour === "refusal" && reply.informative && expect.no_call === "answer"
    ? "answer"
    : reply.behaviour;
}

function gradeNoCall(
  base: VerdictBase,
  expect: NoCallExpectation,
  reading: Reading,
  rules: GradingRules,
): Verdict {
  const spurious = reading.calls.length > 0;
  const constrained = hasConstraints(expect);
  const unmetOf = rules.constraints === "words" ? unmetConstraints : unmetConstraintsAsSubstrings;
  const unmet = constrained ? unmetOf(reading.prose, expect) : [];
  const answerOk = constrained ? unmet.length === 0 : null;
  // An attempt to call that could not be parsed is not an abstention (BFCL counts it as one; we do not: issue 9).
  const attempted = spurious || reading.malformed;
  const behaviour =
    rules.behaviourAware && !attempted ? behaviourFor(readBehaviour(reading.prose), expect) : undefined;
  const behaviourOk = behaviour === undefined || ACCEPTED[expect.no_call].includes(behaviour);
  const passed = !attempted && behaviourOk && answerOk !== false;
  const reason = spurious
    ? `expected no call (${expect.no_call}); got ${describeCalls(reading.calls)}`
    : reading.malformed
      ? `expected no call (${expect.no_call}); got a malformed call attempt`
      : !behaviourOk
        ? `no call, but the reply ${DESCRIBED[behaviour as Behaviour]}; expected ${expect.no_call}`
        : answerOk === false
          ? `no call, but the answer fails its constraints: ${unmet.join("; ")}`
          : `no call, as expected (${expect.no_call})`;
  const graded = verdict(base, {
    passed,
    tool_ok: null,
    args_ok: null,
    extra: null,
    spurious,
    answer_ok: answerOk,
    reason,
    behaviour,
  });
  if (answerOk === true && rules.constraints === "words" && metThroughGrouping(reading.prose, expect))
    nameLeniency(graded, "answer=grouped_number");
  return graded;
}

/** ToolUse.1's rule: exactly one call, to the expected tool, with the expected arguments. */
function gradeCall(
  base: VerdictBase,
  expected: ExpectedCall,
  tools: readonly ToolSpec[],
  reading: Reading,
): Verdict {
  if (reading.calls.length === 0) {
    return failedBeforeArguments(
      base,
      reading.malformed ? "malformed call attempt: no call could be read" : "no call; expected one",
    );
  }
  // With several calls the case fails, but tool and argument accuracy still describe the best of them.
  const candidates: { call: Call; resolved: ResolvedTool }[] = [];
  for (const call of reading.calls) {
    const resolved = resolveToolName(call.name, tools);
    if (resolved?.tool.name === expected.name) candidates.push({ call, resolved });
  }
  if (candidates.length === 0) {
    return failedBeforeArguments(
      base,
      `wrong tool: expected ${expected.name}, got ${describeCalls(reading.calls)}`,
    );
  }
  const checks = candidates.map(({ call, resolved }) => ({
    check: compareArguments(resolved.tool, expected.arguments, call.arguments),
    mangled: resolved.mangled,
    name: call.name,
    tool: resolved.tool,
    args: call.arguments,
  }));
  const best =
    checks.find(({ check }) => check.mismatched.length === 0) ?? (checks[0] as (typeof checks)[number]);
  const argsOk = best.check.mismatched.length === 0;
  const single = reading.calls.length === 1;
  const mangledNote = best.mangled ? ` (name mangled: ${best.name} for ${expected.name})` : "";
  const lenient = argsOk ? leniencies(best.tool, expected, best.args) : [];
  const lenientNote = lenient.length > 0 ? ` (lenient: ${lenient.join(", ")})` : "";
  const reason = !single
    ? `${reading.calls.length} calls; exactly one expected`
    : argsOk
      ? `correct call to ${expected.name}${extraNote(best.check)}${mangledNote}${lenientNote}`
      : `wrong arguments: ${best.check.mismatched.join("; ")}${mangledNote}`;
  return verdict(base, {
    passed: single && argsOk,
    tool_ok: true,
    args_ok: argsOk,
    extra: best.check.extra,
    spurious: null,
    answer_ok: null,
    reason,
    name_mangled: best.mangled ? true : undefined,
    lenient: lenient.length > 0 ? lenient : undefined,
  });
}

/** `argument=leniency` for every expected argument that matched only through a written leniency. */
function leniencies(tool: ToolSpec, expected: ExpectedCall, args: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(expected.arguments)) {
    // Free text the case judges by what it mentions (docs/corpus.md), not by equality as SPEC §3.2 says.
    if (isMentions(expected.arguments[name])) {
      out.push(`${name}=mentions`);
      continue;
    }
    const parameter = tool.parameters.find((p) => p.name === name);
    if (!parameter || parameter.schema) continue;
    const used = argumentLeniency(expected.arguments, name, parameter, args[name]);
    if (used) out.push(`${name}=${used}`);
  }
  return out;
}
