/**
 * The system prompts, one per protocol, in one place. Their text is part of the benchmark: changing a word changes
 * PROMPT_VERSION, and every results file records each prompt's sha256.
 */
import { createHash } from "node:crypto";
import type { Protocol } from "../cases/vocabulary.js";
import { toJsonSchema } from "../tools/json-schema.js";
import type { ToolSpec } from "../tools/types.js";

export const PROMPT_VERSION = "1.0.0";

/**
 * Whether a suite may need several calls in one turn (BFCL's parallel categories). ToolUse.1 never does: its prompt
 * asks for exactly one call. The choice is per suite, never per case, so the prompt reveals nothing about a case.
 */
export interface PromptOptions {
  parallelCalls: boolean;
  /** Experiments (`--system-prompt-file`): a protocol's prompt replaced by this template. */
  overrides?: Partial<Record<Protocol, string>>;
}

/** Where an overriding prompt lists the offered tools (one JSON Schema per line, as in the standard prompt). */
export const TOOLS_PLACEHOLDER = "{{tools}}";

export const SINGLE_CALL: PromptOptions = { parallelCalls: false };

const CALL_RULE = {
  single:
    "- If a tool is needed and you know every required argument, call exactly one tool and write nothing else.",
  parallel:
    "- If tools are needed and you know every required argument, make every call the request needs (one call per task) and write nothing else.",
};

const RULES = (options: PromptOptions) =>
  [
    "Decide for each user message whether one of the tools is needed.",
    options.parallelCalls ? CALL_RULE.parallel : CALL_RULE.single,
    "- If no tool fits, or the user asks you not to use tools, answer directly in plain text without any call.",
    "- If a tool is needed but a required argument is missing and cannot be inferred from the conversation, ask the user for it instead of calling.",
    "Tool results from earlier turns are shown to you as messages that start with [tool result].",
  ].join("\n");

const SEVERAL: Record<Exclude<Protocol, "native">, string> = {
  json: "For several calls, reply with a JSON list of such objects.",
  xml: "For several calls, write one such block per call.",
  plain: "For several calls, write one such line per call.",
};

const FORMATS: Record<Exclude<Protocol, "native">, string> = {
  json: [
    "To call a tool, reply with a single JSON object and nothing else:",
    '{"name": "<tool name>", "arguments": {"<parameter>": <value>, ...}}',
    'Example: {"name": "get_weather", "arguments": {"city": "Berlin"}}',
  ].join("\n"),
  xml: [
    "To call a tool, reply with a single block in this exact format and nothing else:",
    "<tool_call><function=TOOL_NAME><parameter=PARAMETER_NAME>value</parameter></function></tool_call>",
    "Example: <tool_call><function=get_weather><parameter=city>Berlin</parameter></function></tool_call>",
  ].join("\n"),
  plain: [
    "To call a tool, reply with a single line in this exact format and nothing else:",
    "TOOL <tool name> | <parameter>=<value> | <parameter>=<value>",
    "Example: TOOL get_weather | city=Berlin",
  ].join("\n"),
};

/** The offered tools as a prompt lists them: one JSON Schema per line, in the case's order. */
export function declareTools(tools: readonly ToolSpec[]): string {
  return tools.map((tool) => JSON.stringify(toJsonSchema(tool))).join("\n");
}

/** The system prompt for a protocol and the tools offered in this turn, in the case's order. */
export function systemPrompt(protocol: Protocol, tools: readonly ToolSpec[], options = SINGLE_CALL): string {
  return declaredSystemPrompt(protocol, declareTools(tools), options);
}

/**
 * `systemPrompt` with the tools already declared (`declareTools`): render.ts declares each offered list once per
 * run instead of once per request.
 */
export function declaredSystemPrompt(protocol: Protocol, declared: string, options = SINGLE_CALL): string {
  const override = options.overrides?.[protocol];
  if (override !== undefined) return override.replaceAll(TOOLS_PLACEHOLDER, declared);
  const rules = RULES(options);
  if (protocol === "native") return `You are a helpful assistant with access to tools.\n\n${rules}`;
  const format = options.parallelCalls ? `${FORMATS[protocol]}\n${SEVERAL[protocol]}` : FORMATS[protocol];
  return `You are a helpful assistant with access to these tools, given as JSON Schema:\n${declared}\n\n${format}\n\n${rules}`;
}

/** The fixed message that carries a tool's result back in the text protocols. */
export function toolResultMessage(toolName: string, content: string): string {
  return `[tool result] ${toolName}: ${content}`;
}

/** sha256 of each protocol's prompt template (rendered with no tools), recorded in every results file. */
export function promptDigests(options = SINGLE_CALL): Record<Protocol, string> {
  const digest = (protocol: Protocol) =>
    createHash("sha256")
      .update(systemPrompt(protocol, [], options))
      .digest("hex");
  return { json: digest("json"), xml: digest("xml"), plain: digest("plain"), native: digest("native") };
}
