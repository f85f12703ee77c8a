/**
 * `"name": null` is an explicit no-call (extraction rule E6): JSON-mode replies such as
 * `{"name": null, "arguments": {}, "response": "Canberra."}` say "no tool" in the call's own shape. The reply
 * is not malformed, and its text field is the prose the answer constraints and the behaviour are read from.
 */
import { isRecord } from "./call-shape.js";
import type { JsonCandidate } from "./types.js";

const TEXT_FIELDS = ["response", "content", "answer", "text", "message"];

/** The reply's prose when the whole reply is one object with `name: null`; undefined otherwise. */
export function explicitNoCall(text: string, candidates: readonly JsonCandidate[]): string | undefined {
  for (const { span, parsed } of candidates) {
    if (!parsed.ok || !isRecord(parsed.value) || parsed.value.name !== null) continue;
    const outside = (text.slice(0, span.start) + text.slice(span.end)).replace(/```[a-z]*|```/gi, "").trim();
    if (outside !== "") continue;
    const value = parsed.value;
    const field = TEXT_FIELDS.find((key) => typeof value[key] === "string");
    return field === undefined ? "" : (value[field] as string);
  }
  return undefined;
}
