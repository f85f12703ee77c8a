/**
 * Structured answers from a model: find the reply's JSON object by the one rule every judge shares
 * (reply-object.ts: reasoning removed, the last valid top-level object), parse it strictly with zod, check what code
 * can check, and on failure ask ONCE more with the error shown. A second failure is a recorded failure: a score is
 * never guessed from a reply that does not parse.
 */
import type { z } from "zod";
import type { ChatMessage } from "../../backends/types.js";
import { formatPath } from "../../errors.js";
import type { Prompt } from "../../runner/ask.js";
import type { ModelSession } from "../../runner/session.js";
import { answerPart, replyObject } from "../reply-object.js";

export type FailureCode = "request-error" | "malformed" | "out-of-range" | "empty";

export type Structured<T> =
  | { ok: true; value: T; raw: string[] }
  | { ok: false; code: FailureCode; message: string; raw: string[] };

export interface StructuredSpec<T> {
  /** The JSON object's shape, exactly as docs/prompts.md gives it (a reply's JSON never chooses its own layout). */
  schema: z.ZodType<T>;
  /**
   * A second layout to read when the reply holds no JSON object (e.g. the paper's `<explanation> | <score> |`), from
   * the reply without its reasoning blocks: the value (marked with its layout), or null. It bypasses the schema,
   * never the checks. Leniency: documented in docs/prompts.md.
   */
  fallback?: (answer: string) => T | null;
  /** Checks a repair could fix (a number out of its range, a step the plan lacks): a message, or null if fine. */
  check?: (value: T) => string | null;
}

type Reading<T> = { ok: true; value: T } | { ok: false; code: FailureCode; message: string };

export function readStructured<T>(text: string, spec: StructuredSpec<T>): Reading<T> {
  const found = replyObject(text);
  let value: T;
  if (found.ok) {
    const parsed = spec.schema.safeParse(found.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, code: "malformed", message: `${formatPath(issue?.path ?? [])}: ${issue?.message}` };
    }
    value = parsed.data;
  } else {
    const alternative = spec.fallback?.(answerPart(text)) ?? null;
    if (alternative === null) return { ok: false, code: "malformed", message: found.message };
    value = alternative;
  }
  const problem = spec.check?.(value) ?? null;
  if (problem !== null) return { ok: false, code: "out-of-range", message: problem };
  return { ok: true, value };
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
