/** Tells a failed call attempt from prose that merely talks about tools. */
import { findFences } from "./scanner.js";

/** Opening tags of the tagged protocols; in a reply without calls they mean a block that could not be read. */
const TAG_MARKERS = ["<tool_call", "<function=", "<｜tool▁call"];
/** A TOOL line that the plain extractor refused (no name, or not `name | k=v`). */
const TOOL_LINE = /^[ \t`]*TOOL(?:[ \t\r|:]|$)/m;
/** Call-object keys as written in JSON or a Python dict; an object that opens with `name` is a call attempt. */
const CALL_KEY = /["'](?:arguments|parameters|tool_calls|function)["']\s*:|\{\s*["']name["']\s*:/;
const FENCE_CALL_WORDS = /\b(?:name|arguments)\b/;

/**
 * True when text that yielded no call still looks like an attempt at one: a tagged block, a TOOL
 * line, a call-object key, or a JSON fence that mentions name or arguments. Words alone ("I would
 * use the calculator tool") are not an attempt.
 */
export function looksLikeCallAttempt(
  text: string,
  options: { plainLine: boolean } = { plainLine: true },
): boolean {
  if (TAG_MARKERS.some((marker) => text.includes(marker))) return true;
  if ((options.plainLine && TOOL_LINE.test(text)) || CALL_KEY.test(text)) return true;
  for (const fence of findFences(text)) {
    const isJson = fence.info === "" || fence.info.toLowerCase().startsWith("json");
    if (isJson && FENCE_CALL_WORDS.test(text.slice(fence.bodyStart, fence.bodyEnd))) return true;
  }
  return false;
}
