/** Tells a failed call attempt from prose that merely talks about tools. */
import { framedAsNotMade, insideSentence, isTemplateText } from "./mentions.js";
import { findFences } from "./scanner.js";
import type { Span } from "./types.js";

/** Opening tags of the tagged protocols; in a reply without calls they mean a block that could not be read. */
const TAG_MARKERS = ["<tool_call", "<function=", "<｜tool▁call"];
/**
 * Under the 2.0 mention rule a tag is an attempt only when a call body follows it (`{`, `<`, `[`) or the text
 * ends there (cut off); "I would send a <tool_call> block" names the tag and is prose. Anthropic's wrapper and invoke
 * tags (E16) are openings under the same reading: a body after the wrapper, a name on the invoke.
 */
const TAG_OPENING =
  /<tool_call>\s*(?:[{<[]|$)|<function=[\w.-]+>|<｜tool▁call|<(?:[A-Za-z][\w-]{0,15}:)?(?:function_calls>\s*<|invoke\s+name\s*=|invoke>\s*<)/g;
/**
 * E7 (2.5.0): the special tokens a serving template opens a call with — Kimi K2's section and call openers, Mistral's
 * `[TOOL_CALLS]`, Llama's `<|python_tag|>`, InternLM's `<|action_start|>` (DeepSeek's `<｜tool▁calls▁begin｜>` is a
 * TAG_OPENING already). Only a model making a call writes one where a call would be, so when no call could be read
 * after it (most often the output was cut inside the arguments) it is a malformed attempt; a sentence that names the
 * token is a mention, like any tag (standsAsAttempt).
 */
const SPECIAL_TOKEN_OPENERS =
  /<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>|\[TOOL_CALLS\]|<\|python_tag\|>|<\|action_start\|>/g;
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
  // E11: `TOOL get_weather city=Rome`, arguments written without the separator, is an attempt whatever its length.
  if (/^[ \t]+[\p{L}_][\p{L}\p{N}_.-]*[ \t]+[\p{L}_][\p{L}\p{N}_]*=/u.test(rest)) return true;
  // (2.6.0) Arguments in brackets after the name (`TOOL convert_currency {amount: 120, …`, `TOOL get_time(tz=…)`): a
  // call written in another shape, an attempt, not a sentence.
  if (/^[ \t]+[\p{L}_][\p{L}\p{N}_.-]*(?:\(|[ \t]*\{[^}\n]*[:=])/u.test(rest)) return true;
  return (rest.match(/[\p{L}\p{N}_.'-]+/gu) ?? []).length < 3;
}

/** A slot where a TOOL line's tool name goes: `<tool name>`, `{tool}`, `[name]`, `...`, `…`, `NAME`. */
const NAME_SLOT =
  /^[ \t`]*TOOL[ \t]+(?:<[^<>\n|]{1,40}>|\{[^{}\n|]{1,40}\}|\[[^\]\n|]{1,40}\]|\.{2,}|…|[A-Z_]*NAME)[ \t]*(?:\||$)/u;

/**
 * (2.7.0, M3) A TOOL line whose name or some value is a slot (`TOOL <tool name> | <parameter>=<value>`,
 * `TOOL convert_currency | amount=<сумма>`) is a template the reply quotes, not a call it could not write.
 */
function isToolLineTemplate(line: string): boolean {
  return NAME_SLOT.test(line) || isTemplateText(line);
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
const CALL_KEYS = new RegExp(CALL_KEY.source, "g");
const FENCE_CALL_WORDS = /\b(?:name|arguments)\b/;

/**
 * True when text that yielded no call still looks like an attempt at one: a tagged block, a TOOL
 * line, a call-object key, or a JSON fence that mentions name or arguments. Words alone ("I would
 * use the calculator tool") are not an attempt. Under the 2.0 mention rule a broken shape is an attempt only where a
 * call would be one (E7): not inside a sentence ("There's no tool like {"name": "order_food"} in my list"), not framed
 * as an example or as not sent, and not a template whose values are slots (`"amount": ?`).
 */
export function looksLikeCallAttempt(
  text: string,
  options: { plainLine: boolean; mentions?: boolean; tools?: ReadonlySet<string> } = { plainLine: true },
): boolean {
  const mentions = options.mentions === true;
  const tagged = mentions
    ? someAttempt(text, TAG_OPENING)
    : TAG_MARKERS.some((marker) => text.includes(marker));
  if (tagged) return true;
  if (mentions && someAttempt(text, SPECIAL_TOKEN_OPENERS)) return true;
  if (mentions ? someAttempt(text, CALL_KEYS) : CALL_KEY.test(text)) return true;
  if (options.plainLine) {
    const lines = mentions
      ? (text.match(TOOL_LINES) ?? []).filter((line) => isToolLineAttempt(line) && !isToolLineTemplate(line))
      : [];
    if (mentions ? lines.length > 0 : TOOL_LINE.test(text)) return true;
  }
  if (mentions && options.tools && unclosedPythonCall(text, options.tools)) return true;
  for (const fence of findFences(text)) {
    const isJson = fence.info === "" || fence.info.toLowerCase().startsWith("json");
    const body = text.slice(fence.bodyStart, fence.bodyEnd);
    if (!isJson || !FENCE_CALL_WORDS.test(body)) continue;
    const span = { start: fence.bodyStart, end: fence.bodyEnd };
    if (!mentions || !(isTemplateText(body) || framedAsNotMade(text, span, 0, text.length))) return true;
  }
  return false;
}

/** How far a broken shape is looked at: its own line, at most this long. */
const SHAPE_REACH = 500;

/**
 * Whether some match of `marker` stands where a call would be one: the shape it opens (from its `{` or `<` to where its
 * braces close on the line, or the line's end) is not inside a sentence, not framed as not made, and not a template.
 */
function someAttempt(text: string, marker: RegExp): boolean {
  let checked = 0;
  for (const match of text.matchAll(marker)) {
    // Bounded: a text made of thousands of markers is judged by its first few.
    if (++checked > 64) return true;
    if (standsAsAttempt(text, shapeAround(text, match.index))) return true;
  }
  return false;
}

/**
 * Whether a shape that could not be read stands where a call would be one: not inside a sentence, not framed as not
 * made, and not a template whose values are slots (E7; E9's repaired calls are judged the same way).
 */
export function standsAsAttempt(text: string, span: Span): boolean {
  if (isTemplateText(text.slice(span.start, span.end))) return false;
  return !(insideSentence(text, span) || framedAsNotMade(text, span, 0, text.length));
}

/** The broken shape a marker at `at` belongs to, within its line. */
function shapeAround(text: string, at: number): Span {
  const lineStart = text.lastIndexOf("\n", at) + 1;
  const newline = text.indexOf("\n", at);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = Math.max(lineStart, at - SHAPE_REACH);
  let start = at;
  if (text[at] !== "{" && text[at] !== "<") {
    const brace = text.lastIndexOf("{", at);
    if (brace >= from) start = brace;
  }
  // Where the shape's braces close (strings skipped), or the line's end when they never do.
  let depth = 0;
  let inString: string | undefined;
  const to = Math.min(lineEnd, start + SHAPE_REACH);
  for (let i = start; i < to; i++) {
    const char = text[i];
    if (inString !== undefined) {
      if (char === "\\") i++;
      else if (char === inString) inString = undefined;
    } else if (char === '"') inString = char;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return closeTagAfter(text, start, i + 1, to);
  }
  return { start, end: to };
}

/** A tag that closes right after the shape's object (`…}</tool_call>`) belongs to the shape. */
function closeTagAfter(text: string, start: number, end: number, limit: number): Span {
  const rest = text.slice(end, limit);
  const close = /^\s*<\/[\w:.-]{1,40}>/.exec(rest);
  return { start, end: close ? end + close[0].length : end };
}
