/**
 * The rules every suite's case obeys beyond its fields' shapes: the user speaks last, each tool is offered once,
 * every expected tool is offered. Without the schema library, so the quick check (quick-check.ts) applies them as
 * the case schema does (schema.ts) without loading zod.
 */

/** A `tools` entry: a catalogue name, or a tool the case defines itself. */
type OfferedEntry = string | { name: string };

/** What the rules read of a case (a case of the schema's shape is one). */
export interface RuledCase {
  messages: readonly { role: string }[];
  tools: readonly OfferedEntry[];
  expect: { call: { name: string } } | { calls: readonly { name: string }[] } | object;
}

/** The name a `tools` entry offers: a catalogue name, or a definition's name. */
export function offeredName(tool: OfferedEntry): string {
  return typeof tool === "string" ? tool : tool.name;
}

function expectedNames(expect: RuledCase["expect"]): string[] {
  if ("call" in expect) return [expect.call.name];
  return "calls" in expect ? expect.calls.map((call) => call.name) : [];
}

/** Reports each broken rule with the path of the field at fault. */
export function caseRuleIssues(c: RuledCase, report: (path: string[], message: string) => void): void {
  const last = c.messages.at(-1);
  if (last?.role !== "user") report(["messages"], "the last message must be the user turn");
  const names = c.tools.map(offeredName);
  if (new Set(names).size !== names.length) report(["tools"], "a tool is offered twice");
  const path = "call" in c.expect ? ["expect", "call", "name"] : ["expect", "calls"];
  for (const name of expectedNames(c.expect)) {
    if (!names.includes(name)) report(path, `${name} is not offered`);
  }
}

/** The case-wide rules alone, on a value already of the case's shape (src/cases/quick-check.ts). */
export function obeysCaseRules(c: RuledCase): boolean {
  let obeys = true;
  caseRuleIssues(c, () => {
    obeys = false;
  });
  return obeys;
}
