/**
 * LLM(prompt): the prompt with its placeholders filled (earlier outputs inside it) goes to the model; the text that
 * comes back is the output. When a later T2S or RAG step takes this step's output as ids (the extraction step of
 * the plan conventions), the model is asked for them as JSON and the ids are read into rows (interaction_id,
 * topic); ids that no input held are dropped and listed.
 */
import type { Ask, ChatMessage } from "./ask.js";
import { inputIds } from "./inputs.js";
import { INTERACTION_ID, type Rows } from "./output.js";
import { countReply, type Executor, emptyDetails, type StepDetails } from "./step.js";

/** Marks the LLM system prompt (the scripted test model recognises its tool by it). */
export const LLM_ROLE = "You are the reasoning step of a plan that answers a contact-center question.";
/** Added when the step's output feeds a later step's ids. */
export const IDS_INSTRUCTION =
  'Your answer is passed to a later step as interaction ids: reply with JSON only, either a list of ids ["IX0000001", …] or an object mapping each topic to its list of ids.';

export function llmMessages(prompt: string, feedsIds: boolean): ChatMessage[] {
  const system = [
    LLM_ROLE,
    "Use only what the outputs of earlier steps in the prompt say; do not invent figures.",
    ...(feedsIds ? [IDS_INSTRUCTION] : []),
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: prompt },
  ];
}

function jsonValue(text: string): unknown {
  const start = text.search(/[[{]/);
  if (start === -1) return undefined;
  const close = text[start] === "[" ? "]" : "}";
  const end = text.lastIndexOf(close);
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function idsIn(value: unknown): string[] {
  if (typeof value === "string") return value.match(INTERACTION_ID) ?? [];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  return [];
}

/** (interaction_id, topic) rows from an extraction answer: JSON if it parses, else every id in the text. */
export function extractedRows(text: string): Rows {
  const value = jsonValue(text);
  const rows: [string, string | null][] = [];
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [topic, ids] of Object.entries(value as Record<string, unknown>))
      for (const id of idsIn(ids)) rows.push([id, topic]);
  } else {
    for (const id of new Set(idsIn(value ?? text))) rows.push([id, null]);
  }
  return { columns: ["interaction_id", "topic"], rows };
}

/** Keeps the extracted ids that an input held. */
export function keepKnownIds(rows: Rows, known: ReadonlySet<string>, details: StepDetails): Rows {
  const dropped = rows.rows.filter((row) => !known.has(String(row[0])));
  if (dropped.length > 0)
    details.issues.push(
      `dropped ${dropped.length} extracted id(s) that no input held: ${dropped
        .slice(0, 10)
        .map((r) => r[0])
        .join(", ")}`,
    );
  return { columns: rows.columns, rows: rows.rows.filter((row) => known.has(String(row[0]))) };
}

export function llmExecutor(ask: Ask): Executor {
  return {
    async run(request) {
      const details = emptyDetails();
      const messages = llmMessages(request.prompt, request.feedsIds);
      details.requests.push(messages);
      const reply = await ask({ messages }, request.signal);
      countReply(details, reply);
      details.replies.push(reply.text);
      const rows = request.feedsIds
        ? keepKnownIds(extractedRows(reply.text), new Set(inputIds(request.inputs)), details)
        : null;
      return { ok: true, output: { text: reply.text.trim(), rows, insights: null }, details };
    },
  };
}
