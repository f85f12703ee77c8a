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
/**
 * Under the mention rule a line that opens with the word TOOL and goes on as a sentence ("TOOL calls aren't needed
 * here.", «TOOL translate здесь не поможет») is prose; an attempt has a `|`, or at most a name and a word after TOOL.
 */
const TOOL_LINES = /^[ \t`]*TOOL(?:[ \t\r|:][^\n]*)?$/gm;

function isToolLineAttempt(line: string): boolean {
  const rest = line.replace(/^[ \t`]*TOOL/, "");
  if (rest.includes("|")) return true;
  return (rest.match(/[\p{L}\p{N}_.'-]+/gu) ?? []).length < 3;
}

/** A Python-style call of an offered tool opening a line whose arguments never closed: `get_time(timezone="Asia/…"`. */
function unclosedPythonCall(text: string, toolNames: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(/^[ \t[]*([\p{L}_][\p{L}\p{N}_.-]*)\(/gmu)) {
    if (!toolNames.has(match[1] as string)) continue;
    if (!text.slice(match.index + match[0].length).includes(")")) return true;
  }
  return false;
}
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
  options: { plainLine: boolean; mentions?: boolean; tools?: ReadonlySet<string> } = { plainLine: true },
): boolean {
  const tagged = options.mentions
    ? TAG_OPENING.test(text)
    : TAG_MARKERS.some((marker) => text.includes(marker));
  if (tagged) return true;
  if (CALL_KEY.test(text)) return true;
  if (options.plainLine) {
    const lines = options.mentions ? (text.match(TOOL_LINES) ?? []).filter(isToolLineAttempt) : [];
    if (options.mentions ? lines.length > 0 : TOOL_LINE.test(text)) return true;
  }
  if (options.mentions && options.tools && unclosedPythonCall(text, options.tools)) return true;
  for (const fence of findFences(text)) {
    const isJson = fence.info === "" || fence.info.toLowerCase().startsWith("json");
    if (isJson && FENCE_CALL_WORDS.test(text.slice(fence.bodyStart, fence.bodyEnd))) return true;
  }
  return false;
}
