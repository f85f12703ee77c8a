/** Reading a tool call (`T2S([], "…")`, `RAG((1), "…")`, `LLM("… (1) …")`, or a canonical object) into step parts. */
import { type Placeholder, type PlaceholderRef, TOOLS, type Tool } from "./model.js";
import {
  outputSteps,
  type PlaceholderReading,
  readPlaceholderGroup,
  readPromptPlaceholders,
} from "./placeholders.js";
import { Reader } from "./reader.js";
import { looksLikeCall } from "./shapes.js";
import type { CallNode, Node, ObjectNode } from "./tree.js";
import { type Violation, violation } from "./violations.js";

/** The part of a step that the tool call determines. */
export interface CallParts {
  tool: Tool | null;
  inputs: number[];
  prompt: string;
  placeholders: Placeholder[];
}

/** Collects the violations of one step, so every reader below can report without knowing the step's number. */
export class StepReport {
  readonly violations: Violation[] = [];
  constructor(readonly step: number) {}
  add(code: Violation["code"], message: string): void {
    this.violations.push(violation(this.step, code, message));
  }
}

export function entryValue(node: ObjectNode, key: string): Node | null | undefined {
  const entry = node.entries.find((e) => e.key === key);
  return entry ? entry.value : undefined;
}

function readTool(name: string, report: StepReport): Tool | null {
  if ((TOOLS as readonly string[]).includes(name)) return name as Tool;
  const folded = TOOLS.find((tool) => tool === name.toUpperCase());
  if (folded) {
    report.add("tool-name-case", `the tool ${name} is written ${folded}`);
    return folded;
  }
  report.add("unknown-tool", `${name} is not a tool; the tools are T2S, RAG and LLM`);
  return null;
}

/** One argument of the input list: `[]`, `(1)`, `((1), (2))`, `[(1), (2)]`; bare numbers are kept but flagged. */
function readInputArgument(node: Node): PlaceholderReading {
  switch (node.kind) {
    case "group":
      return readPlaceholderGroup(node.raw);
    case "array": {
      const readings = node.items.map(readInputArgument);
      return { refs: readings.flatMap((r) => r.refs), malformed: readings.flatMap((r) => r.malformed) };
    }
    case "number":
      return { refs: [{ kind: "step", step: node.value }], malformed: [String(node.value)] };
    case "string":
      return readPlaceholderGroup(node.value);
    default:
      return { refs: [], malformed: [node.kind === "word" ? node.value : `a ${node.kind}`] };
  }
}

function withWhere(refs: readonly PlaceholderRef[], where: Placeholder["where"]): Placeholder[] {
  // Built field by field: spreading objects of several shapes is slow in V8, and this runs for every placeholder.
  return refs.map((ref) =>
    ref.kind === "query" ? { kind: ref.kind, where } : { kind: ref.kind, step: ref.step, where },
  );
}

function flagMalformed(malformed: readonly string[], report: StepReport): void {
  for (const text of malformed)
    report.add("malformed-placeholder", `${text} is not a placeholder; write (k) per step`);
}

function readPrompt(args: readonly Node[], report: StepReport): string {
  const strings = args.filter((arg) => arg.kind === "string").map((arg) => arg.value);
  if (strings.length === 0) report.add("invalid-tool-call", "the tool call has no prompt string");
  if (strings.length > 1) report.add("invalid-tool-call", "the tool call has more than one prompt string");
  const last = args.at(-1);
  if (last && last.kind !== "string" && strings.length > 0)
    report.add("invalid-tool-call", "something follows the prompt in the tool call");
  return strings.join(" ");
}

export function readCall(call: CallNode, report: StepReport): CallParts {
  const tool = readTool(call.name, report);
  const prompt = readPrompt(call.args, report);
  const firstString = call.args.findIndex((arg) => arg.kind === "string");
  const lists = call.args.slice(0, firstString === -1 ? call.args.length : firstString);
  const listReading = lists.map(readInputArgument);
  const listRefs = listReading.flatMap((r) => r.refs);
  flagMalformed(
    listReading.flatMap((r) => r.malformed),
    report,
  );
  if ((tool === "T2S" || tool === "RAG") && lists.length === 0)
    report.add(
      "missing-input-list",
      `${tool} takes its placeholder list first: ${tool}([], "…") or ${tool}((1), "…")`,
    );
  if (tool === "LLM" && lists.length > 0)
    report.add(
      "invalid-tool-call",
      "LLM takes no placeholder list; its placeholders belong inside the prompt",
    );
  const inPrompt = readPromptPlaceholders(prompt);
  flagMalformed(inPrompt.malformed, report);
  const inputs = tool === "LLM" || lists.length === 0 ? outputSteps(inPrompt.refs) : outputSteps(listRefs);
  return {
    tool,
    inputs,
    prompt,
    placeholders: [...withWhere(listRefs, "inputs"), ...withWhere(inPrompt.refs, "prompt")],
  };
}

/** The fields of the canonical shape `{"tool", "prompt", "inputs"}`, each as the reader found it (or undefined). */
export interface CanonicalFields {
  tool: Node | null | undefined;
  prompt: Node | null | undefined;
  inputs: Node | null | undefined;
}

/** The canonical shape: here numbers are the right way to write inputs, so they are not flagged. */
export function readCanonical(fields: CanonicalFields, report: StepReport): CallParts {
  const tool = fields.tool?.kind === "string" ? readTool(fields.tool.value, report) : null;
  if (fields.tool?.kind !== "string") report.add("missing-step-key", 'the step has no "tool" string');
  const prompt = fields.prompt?.kind === "string" ? fields.prompt.value : "";
  if (fields.prompt?.kind !== "string") report.add("invalid-tool-call", 'the step has no "prompt" string');
  const listed = fields.inputs?.kind === "array" ? fields.inputs.items : [];
  const listRefs: PlaceholderRef[] = listed.flatMap((item) =>
    item.kind === "number" ? [{ kind: "step" as const, step: item.value }] : readInputArgument(item).refs,
  );
  const inPrompt = readPromptPlaceholders(prompt);
  flagMalformed(inPrompt.malformed, report);
  const inputs = tool === "LLM" ? outputSteps(inPrompt.refs) : outputSteps(listRefs);
  const fromList = tool === "LLM" ? [] : withWhere(listRefs, "inputs");
  return { tool, inputs, prompt, placeholders: [...fromList, ...withWhere(inPrompt.refs, "prompt")] };
}

export function canonicalFields(node: ObjectNode): CanonicalFields {
  return {
    tool: entryValue(node, "tool"),
    prompt: entryValue(node, "prompt"),
    inputs: entryValue(node, "inputs"),
  };
}

/**
 * A call written inside a JSON string (`"step": "T2S([], 'Fetch …')"`): a valid-JSON variant, so only the
 * call's own flaws are reported, and single quotes inside are the natural way to avoid escaping.
 */
function readCallInString(text: string, report: StepReport): CallParts | null {
  if (!looksLikeCall(text)) return null;
  const reader = new Reader(text);
  const node = reader.value();
  if (node?.kind !== "call") return null;
  for (const issue of reader.issues)
    if (issue.code !== "single-quotes" && issue.code !== "trailing-comma")
      report.add(issue.code, issue.message);
  return readCall(node, report);
}

/** Reads whatever sits under "step"/"query"; null when it is not a tool call in any recognisable shape. */
export function readToolCall(node: Node, report: StepReport): CallParts | null {
  if (node.kind === "call") return readCall(node, report);
  if (node.kind === "string") return readCallInString(node.value, report);
  if (node.kind === "object" && entryValue(node, "tool") !== undefined)
    return readCanonical(canonicalFields(node), report);
  return null;
}
