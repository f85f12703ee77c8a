/** The tool descriptions as prompt text, rendered from corpus/plans/tools.yaml so every prompt says the same thing. */
import type { CompleteToolDescriptions, ToolCards } from "../tool-descriptions.js";

type Card = ToolCards[keyof ToolCards];
type Column = ToolCards["T2S"]["tables"][number]["columns"][number];

const list = (items: readonly string[], indent: string) =>
  items.map((item) => `${indent}- ${item}`).join("\n");

function column(tools: CompleteToolDescriptions, { name, type, description, values_from }: Column): string {
  if (!values_from) return `  - ${name} (${type}): ${description}`;
  const phrases = tools.triggers[values_from].map((trigger) => trigger.phrase);
  return `  - ${name} (${type}), one of: ${phrases.join(", ")}`;
}

function card(tool: Card, extra: string[]): string {
  return [
    `## ${tool.signature}`,
    tool.summary,
    `Inputs: ${tool.inputs}`,
    `Returns: ${tool.returns}`,
    "Can answer:",
    list(tool.can_answer, ""),
    "Cannot answer:",
    list(tool.cannot_answer, ""),
    ...(tool.rules.length > 0 ? ["Rules:", list(tool.rules, "")] : []),
    ...extra,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * All three tools: what each does, can and cannot answer, and for T2S every table with its columns (the columns
 * that hold call drivers or moments list them).
 * @example renderToolDescriptions(DEFAULT_TOOL_DESCRIPTIONS)
 */
export function renderToolDescriptions(tools: CompleteToolDescriptions): string {
  const { T2S, RAG, LLM } = tools.tools;
  const tables = T2S.tables.flatMap((table) => [
    `- ${table.name}: ${table.description}`,
    ...table.columns.map((c) => column(tools, c)),
  ]);
  const insights = RAG.insights_columns.map((c) => `${c.name} (${c.description})`).join("; ");
  return [
    card(T2S, ["Tables:", ...tables]),
    card(RAG, [
      `Data insights table columns: ${insights}.`,
      `Sample: about ${RAG.sample_size} interactions.`,
    ]),
    card(LLM, []),
  ].join("\n\n");
}
