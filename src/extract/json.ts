/** JSON call objects: bare, fenced, embedded in prose, lists of calls, `tool_calls` and OpenAI shapes. */
import type { Call } from "../tools/types.js";
import { callsFromValue } from "./call-shape.js";
import { type Fence, findFences, widenToFence } from "./scanner.js";
import type { Extractor, Span } from "./types.js";

/**
 * Takes every balanced `{…}`/`[…]` span of the text, read as lenient JSON (the shared scan), and keeps
 * those that are calls. A span inside a Markdown fence consumes the whole fence.
 * @example extractJson('Sure! {"name": "get_weather", "arguments": {"city": "Berlin"}}', context).calls
 * // [{ name: "get_weather", arguments: { city: "Berlin" } }]
 */
export const extractJson: Extractor = (text, context) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  let fences: Fence[] | undefined;
  for (const { span, parsed } of context.jsonCandidates()) {
    if (!parsed.ok) continue;
    const found = callsFromValue(parsed.value, {
      toolNames: context.toolNames,
      spellings: context.keySpellings,
    });
    if (found.length === 0) continue;
    calls.push(...found);
    fences ??= findFences(text);
    spans.push(widenToFence(span, fences));
  }
  return { calls, spans };
};
