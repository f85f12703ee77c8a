/**
 * Structured answers from a model: find the JSON object in the reply (fences and prose around it are tolerated),
 * parse it strictly with zod, check what code can check, and on failure ask ONCE more with the error shown.
 * A second failure is a recorded failure: a score is never guessed from a reply that does not parse.
 */
import type { z } from "zod";
import { formatPath } from "../../errors.js";
import type { ChatMessage } from "../../protocols/render.js";
import type { Prompt } from "../../runner/ask.js";
import type { ModelSession } from "./session.js";

export type FailureCode = "request-error" | "malformed" | "out-of-range" | "empty";

export type Structured<T> =
  | { ok: true; value: T; raw: string[] }
  | { ok: false; code: FailureCode; message: string; raw: string[] };

/** Returns the end index (exclusive) of the balanced object starting at `start`, strings respected. */
function objectEnd(text: string, start: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i + 1;
  }
  return null;
}

type Extraction = { ok: true; value: unknown } | { ok: false; message: string };

function firstObject(source: string): Extraction {
  let firstError: string | null = null;
  let tried = 0;
  for (let start = source.indexOf("{"); start !== -1 && tried < 50; start = source.indexOf("{", start + 1)) {
    tried++;
    const end = objectEnd(source, start);
    if (end === null) break;
    try {
      return { ok: true, value: JSON.parse(source.slice(start, end)) };
    } catch (error) {
      firstError ??= (error as Error).message;
    }
  }
  return { ok: false, message: firstError ? `invalid JSON (${firstError})` : "no JSON object in the answer" };
}

/** The first JSON object in a reply: inside a fenced block when there is one, else anywhere in the text. */
export function extractJsonObject(text: string): Extraction {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(text)?.[1];
  const inFence = fenced === undefined ? null : firstObject(fenced);
  return inFence?.ok ? inFence : firstObject(text);
}

export interface StructuredSpec<T> {
  schema: z.ZodType<T>;
  /**
   * A second layout to read when the reply holds no JSON object (e.g. the paper's `<explanation> | <score> |`):
   * the value before schema and checks, or null. Leniency: documented in docs/prompts.md and marked in the value.
   */
  fallback?: (text: string) => unknown;
  /** Checks a repair could fix (a number out of its range, a step the plan lacks): a message, or null if fine. */
  check?: (value: T) => string | null;
}

type Reading<T> = { ok: true; value: T } | { ok: false; code: FailureCode; message: string };

export function readStructured<T>(text: string, spec: StructuredSpec<T>): Reading<T> {
  const extracted = extractJsonObject(text);
  const alternative = extracted.ok ? null : (spec.fallback?.(text) ?? null);
  if (!extracted.ok && alternative === null)
    return { ok: false, code: "malformed", message: extracted.message };
  const parsed = spec.schema.safeParse(extracted.ok ? extracted.value : alternative);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, code: "malformed", message: `${formatPath(issue?.path ?? [])}: ${issue?.message}` };
  }
  const problem = spec.check?.(parsed.data) ?? null;
  if (problem !== null) return { ok: false, code: "out-of-range", message: problem };
  return { ok: true, value: parsed.data };
}

function repairPrompt(prompt: Prompt, answer: string, message: string): Prompt {
  const messages: ChatMessage[] = [
    ...prompt.messages,
    { role: "assistant", content: answer },
    {
      role: "user",
      content: `That answer cannot be used: ${message}. Reply again with only the JSON object, in exactly the format the instructions give.`,
    },
  ];
  return { key: `${prompt.key}#repair`, messages };
}

/** Asks, reads, and repairs once. Request errors (after the session's retries) are failures too, never scores. */
export async function askStructured<T>(
  session: ModelSession,
  prompt: Prompt,
  spec: StructuredSpec<T>,
): Promise<Structured<T>> {
  const raw: string[] = [];
  let current = prompt;
  for (let attempt = 1; ; attempt++) {
    const answer = await session.ask(current);
    if (answer.status !== "ok" || answer.text === null)
      return { ok: false, code: "request-error", message: answer.error ?? "no answer", raw };
    raw.push(answer.text);
    // An empty reply is its own failure (a stalled or filtered model), not a parse error: no repair can help it.
    if (answer.text.trim() === "")
      return { ok: false, code: "empty", message: "the judge answered nothing", raw };
    const reading = readStructured(answer.text, spec);
    if (reading.ok) return { ok: true, value: reading.value, raw };
    if (attempt === 2) return { ...reading, raw };
    current = repairPrompt(prompt, answer.text, reading.message);
  }
}
