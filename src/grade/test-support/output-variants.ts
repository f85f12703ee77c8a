/**
 * Outputs to grade a case with, beyond its oracle: the shapes and slips real models produce (prose around the call,
 * thinking, fences, truncation, other tools, changed values and names, extra, missing and repeated calls, each kind of
 * no-call reply). Used to pin that the grader's caches never change a verdict (grade-memo.test.ts). The speed
 * benches grade other sets: bench/grade.ts a mix of shapes, bench/grade-in-process.ts the oracle outputs.
 */
import {
  anyCall,
  behaviourReply,
  expectedCalls,
  prose,
  referenceOutput,
  renderCalls,
} from "../../backends/reference-outputs.js";
import { type Case, PROTOCOLS, type Protocol } from "../../cases/schema.js";
import type { Call } from "../../tools/types.js";

type Value = unknown;

/** A value as a sloppy model writes it: text shouted with a trailing "!", numbers off by one or spelled as text. */
function changed(value: Value, how: "shout" | "shift" | "spell"): Value {
  if (typeof value === "string") return how === "shout" ? `${value.toUpperCase()}!` : `${value} `;
  if (typeof value === "number") return how === "spell" ? String(value) : value + 1;
  if (typeof value === "boolean") return how === "spell" ? String(value) : !value;
  if (Array.isArray(value)) return how === "shift" ? value.slice(1) : value.map((v) => changed(v, how));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, changed(v, how)]));
  }
  return value;
}

function withArguments(
  calls: readonly Call[],
  edit: (args: Record<string, unknown>) => Record<string, unknown>,
) {
  return calls.map((call) => ({ name: call.name, arguments: edit({ ...call.arguments }) }));
}

function withoutFirst(args: Record<string, unknown>): Record<string, unknown> {
  const [first] = Object.keys(args);
  if (first !== undefined) delete args[first];
  return args;
}

/** `name(key='value', n=2)`: a call in Python syntax. */
function pythonCall(call: Call): string {
  const args = Object.entries(call.arguments).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${call.name}(${args.join(", ")})`;
}

/** Every variant of one case's output under one protocol; `other` is another case, whose calls are wrong here. */
export function outputVariants(testCase: Case, protocol: Protocol, other: Case): string[] {
  const oracle = referenceOutput("oracle", testCase, protocol);
  const calls = expectedCalls(testCase) ?? [anyCall(testCase)];
  const render = (list: readonly Call[]) => renderCalls(protocol, list);
  const edited = (how: "shout" | "shift" | "spell") =>
    render(withArguments(calls, (args) => changed(args, how) as Record<string, unknown>));
  const out = [
    oracle,
    referenceOutput("always-call", testCase, protocol),
    referenceOutput("never-call", testCase, protocol),
    referenceOutput("oracle", other, protocol),
    prose(protocol, behaviourReply(testCase, "answer")),
    prose(protocol, behaviourReply(testCase, "refusal")),
    prose(protocol, behaviourReply(testCase, "question")),
    prose(protocol, "Я не могу этого сделать: у меня нет подходящего инструмента."),
    prose(protocol, "Уточните, пожалуйста, какой город вы имеете в виду?"),
    edited("shout"),
    edited("shift"),
    edited("spell"),
    render(withArguments(calls, withoutFirst)),
    render(withArguments(calls, (args) => ({ ...args, unit: "celsius", note: "extra" }))),
    render(calls.map((call) => ({ name: `functions.${call.name}`, arguments: call.arguments }))),
    render(
      calls.map((call) => ({ name: call.name.toUpperCase().replace(/_/g, "-"), arguments: call.arguments })),
    ),
    render(calls.map((call) => ({ name: call.name.replace(/\./g, "_"), arguments: call.arguments }))),
    render([...calls, ...calls]),
    render([...calls].reverse()),
    // The calls as another protocol, or BFCL's Python style, would write them.
    ...PROTOCOLS.filter((other) => other !== protocol).map((other) => renderCalls(other, calls)),
    `[${calls.map(pythonCall).join(", ")}]`,
    `Calling ${calls.map(pythonCall).join(" and ")} now.`,
  ];
  if (protocol !== "native") {
    out.push(
      `<think>The user wants something; let me decide which tool fits best.</think>\n${oracle}`,
      `Sure! Here is the call:\n\`\`\`json\n${oracle}\n\`\`\`\nLet me know if you need anything else.`,
      `I will use \`${oracle}\` to do that.`,
      oracle.slice(0, Math.ceil(oracle.length * 0.7)),
      `${oracle}<|im_end|>${oracle}`,
      '{"name": "calculator", "arguments": {"expression": "2+2"',
      // Read differently with and without the 2.0 reading of mentions and plain lines.
      `I would first write \`${renderCalls("json", [anyCall(other)])}\` but instead:\n${oracle}`,
      `${renderCalls("plain", calls)}\n${calls.map(pythonCall).join("\n")}`,
    );
  }
  return out;
}
