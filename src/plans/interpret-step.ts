/** Turning one step of the reader's tree into a draft step, recording everything that had to be forgiven. */
import type { DraftStep } from "./model.js";
import {
  type CallParts,
  canonicalFields,
  entryValue,
  readCanonical,
  readToolCall,
  type StepReport,
} from "./tool-call.js";
import type { Node, ObjectNode } from "./tree.js";

const STEP_KEYS = ["step", "query"] as const;
/** Keys planners use for dependencies instead of "depends_on": read, but reported. */
const DEPENDENCY_ALIASES = ["dependsOn", "depends on", "depends", "dependencies", "dependency", "Depends_on"];
const NO_PARTS: CallParts = { tool: null, inputs: [], prompt: "", placeholders: [] };

function fromStepKey(node: ObjectNode, key: string, value: Node | null, report: StepReport): CallParts {
  const parts = value ? readToolCall(value, report) : null;
  if (parts) return parts;
  // `{"tool": "T2S", "step": "Fetch …"}`: the tool is named apart from the prompt.
  if (entryValue(node, "tool") !== undefined && value?.kind === "string") {
    return readCanonical({ ...canonicalFields(node), prompt: value }, report);
  }
  report.add("invalid-tool-call", `"${key}" does not hold a tool call such as T2S([], "…")`);
  return { ...NO_PARTS, prompt: value?.kind === "string" ? value.value : "" };
}

function readParts(node: ObjectNode, report: StepReport): CallParts {
  for (const key of STEP_KEYS) {
    const value = entryValue(node, key);
    if (value !== undefined) return fromStepKey(node, key, value, report);
  }
  if (entryValue(node, "tool") !== undefined) return readCanonical(canonicalFields(node), report);
  for (const entry of node.entries) {
    const parts = entry.value ? readToolCall(entry.value, report) : null;
    if (parts) {
      report.add(
        "missing-step-key",
        `the tool call sits under "${entry.key ?? ""}" instead of "step" or "query"`,
      );
      return parts;
    }
  }
  report.add("missing-step-key", 'the step has no "step" or "query" key with a tool call');
  return NO_PARTS;
}

function readDependency(item: Node, report: StepReport): number[] {
  if (item.kind === "number" && Number.isInteger(item.value) && item.value >= 0) return [item.value];
  if (item.kind === "string" && /^\s*\d+\s*$/.test(item.value)) return [Number(item.value)];
  // `[(1)]` or `["1, 2"]`: wrong, but the step numbers are plain to see, so they are kept.
  const text = item.kind === "group" ? item.raw : item.kind === "string" ? item.value : "";
  report.add("invalid-depends-on", `depends_on holds ${describe(item)}, not a step number`);
  return (text.match(/\d+/g) ?? []).map(Number);
}

function describe(node: Node): string {
  if (node.kind === "group") return `(${node.raw})`;
  if (node.kind === "string") return JSON.stringify(node.value);
  if (node.kind === "word" || node.kind === "number") return String(node.value);
  return `a ${node.kind}`;
}

function readDependencyList(node: Node | null, report: StepReport): number[] {
  if (node?.kind === "array") return node.items.flatMap((item) => readDependency(item, report));
  if (node === null) {
    report.add("invalid-depends-on", "depends_on has no value");
    return [];
  }
  if (node.kind === "word" && /^(null|none)$/i.test(node.value)) {
    report.add("invalid-depends-on", `depends_on is ${node.value}; write [] for no dependencies`);
    return [];
  }
  return readDependency(node, report);
}

function dedupe(steps: readonly number[], report: StepReport): number[] {
  const unique = [...new Set(steps)];
  if (unique.length < steps.length) report.add("duplicate-dependency", "depends_on lists a step twice");
  return unique;
}

function readDependsOn(node: ObjectNode, report: StepReport): number[] {
  const value = entryValue(node, "depends_on");
  if (value !== undefined) return dedupe(readDependencyList(value, report), report);
  const alias = DEPENDENCY_ALIASES.find((key) => entryValue(node, key) !== undefined);
  if (alias === undefined) {
    report.add("missing-depends-on", 'the step has no "depends_on" key');
    return [];
  }
  report.add("missing-depends-on", `the dependencies are under "${alias}" instead of "depends_on"`);
  return dedupe(readDependencyList(entryValue(node, alias) ?? null, report), report);
}

function draft(id: number, parts: CallParts, depends_on: number[]): DraftStep {
  const { tool, inputs, prompt, placeholders } = parts;
  return { id, tool, inputs, prompt, depends_on, placeholders };
}

/** Reads the value stored under a step number; `id` has already been decided by the caller. */
export function readStep(value: Node | null, id: number, report: StepReport): DraftStep {
  if (value?.kind === "object") {
    const parts = readParts(value, report);
    return draft(id, parts, readDependsOn(value, report));
  }
  const parts = value ? readToolCall(value, report) : null;
  report.add("missing-step-key", 'the step is not an object {"step": …, "depends_on": […]}');
  report.add("missing-depends-on", 'the step has no "depends_on" key');
  return draft(id, parts ?? NO_PARTS, []);
}
