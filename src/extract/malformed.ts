/** Tells a failed call attempt from prose that merely talks about tools. */
import { findFences } from "./scanner.js";

/** Opening tags of the tagged protocols; in a reply without calls they mean a block that could not be read. */
const TAG_MARKERS = ["<tool_call", "<function=", "<｜tool▁call"];
/**
 * Under the 2.0 mention rule a tag is an attempt only when a call body follows it (`{`, `<`, `[`) or the text
 * ends there (cut off); "I would send a <tool_call> block" names the tag and is prose.
 */
const TAG_OPENING = /<tool_call>\s*(?:[{<[]|$)|<function=[\w.-]+>|<｜tool▁call/;
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
  options: { plainLine: boolean; mentions?: boolean } = { plainLine: true },
): boolean {
  const tagged = options.mentions
    ? TAG_OPENING.test(text)
    : TAG_MARKERS.some((marker) => text.includes(marker));
  if (tagged) return true;
  if ((options.plainLine && TOOL_LINE.test(text)) || CALL_KEY.test(text)) return true;
  for (const fence of findFences(text)) {
    const isJson = fence.info === "" || fence.info.toLowerCase().startsWith("json");
    if (isJson && FENCE_CALL_WORDS.test(text.slice(fence.bodyStart, fence.bodyEnd))) return true;
  }
  return false;
}
