/**
 * E11 (docs/spec-conformance.md): shapes whose structure is broken. Each is an attempt at a call that no runtime
 * would run, so under the `tooluse` profile it is a malformed attempt, neither a call nor a plain answer.
 */
import { isRecord } from "./call-shape.js";

const FUNCTION_OPEN = "<function=";
const PARAMETER_OPEN = "<parameter=";

/**
 * A `<tool_call>` block around a Qwen-XML function that is nested wrongly: a `<parameter=…>` before the
 * `<function=…>` it belongs to, or a `<function=…>` that never closes before the block does
 * (`<tool_call><parameter=city>Rome</parameter><function=get_weather></tool_call>`).
 */
export function isMisnested(shape: string): boolean {
  const trimmed = shape.trim();
  if (!trimmed.startsWith("<tool_call>") || !trimmed.endsWith("</tool_call>")) return false;
  const opens = trimmed.indexOf(FUNCTION_OPEN);
  if (opens === -1) return false;
  const parameter = trimmed.indexOf(PARAMETER_OPEN);
  if (parameter !== -1 && parameter < opens) return true;
  return !trimmed.includes("</function>", opens);
}

/** A GLM-4.5 block whose `<arg_key>`s and `<arg_value>`s do not pair: a key with no value is no argument. */
export function hasUnpairedArgKey(shape: string): boolean {
  const keys = shape.split("<arg_key>").length - 1;
  if (keys === 0) return false;
  return keys !== shape.split("<arg_value>").length - 1;
}

const PARAMETER_CLOSE = "</parameter>";
const FUNCTION_CLOSE = "</function>";

/**
 * A Qwen-XML `<parameter=…>` that never closes: no `</parameter>` before the next `<parameter=…>` or the
 * `</function>` (`<function=get_time><parameter=timezone>Asia/Tokyo</function>`). The Qwen3 and Qwen3-Coder templates
 * always close each parameter, so a missing close is a broken structure, not a layout; where the value ends is a guess.
 */
export function hasUnclosedParameter(shape: string): boolean {
  if (!shape.includes(FUNCTION_OPEN)) return false;
  let at = shape.indexOf(PARAMETER_OPEN);
  while (at !== -1) {
    const next = shape.indexOf(PARAMETER_OPEN, at + PARAMETER_OPEN.length);
    const close = shape.indexOf(PARAMETER_CLOSE, at);
    const functionClose = shape.indexOf(FUNCTION_CLOSE, at);
    const limit = Math.min(
      next === -1 ? shape.length : next,
      functionClose === -1 ? shape.length : functionClose,
    );
    if (close === -1 || close > limit) return true;
    at = next;
  }
  return false;
}

/**
 * (2.7.0) A TOOL line with an argument segment that is not `key=value` (`TOOL calculator | expression (1234 - 567) * 3`,
 * `TOOL get_weather | Rome`): the reader drops such a segment, so the call it read has lost an argument the model
 * meant to pass. An empty segment (a trailing `|`) is E8's; a value holding `=` is still a value.
 */
export function hasBareToolSegment(shape: string): boolean {
  for (const line of shape.split("\n")) {
    const body = line.trim().replace(/^`+|`+$/g, "");
    if (!/^TOOL(?:[ \t|]|$)/.test(body)) continue;
    const segments = body.split("|").slice(1);
    if (segments.some((segment) => segment.trim() !== "" && !/^[^=]*\S[^=]*=/.test(segment))) return true;
  }
  return false;
}

/** A parameter key as the Qwen templates write one: an identifier, optionally quoted. */
const PARAMETER_KEY = /^\s*["']?[\p{L}_][\p{L}\p{N}_.-]*["']?\s*$/u;

/**
 * (2.11.0) A Qwen-XML `<parameter=…>` whose key is no identifier: the value written where the key goes
 * (`<parameter=sink valve: 1/2 inch compression fitting></parameter>`). The reader takes it for a key with an empty
 * value, so the call it read lost the argument the model meant; the structure is broken, as E11's unclosed parameter.
 */
export function hasValueForKey(shape: string): boolean {
  if (!shape.includes(FUNCTION_OPEN)) return false;
  for (let at = shape.indexOf(PARAMETER_OPEN); at !== -1; at = shape.indexOf(PARAMETER_OPEN, at + 1)) {
    const keyStart = at + PARAMETER_OPEN.length;
    const keyEnd = shape.indexOf(">", keyStart);
    if (keyEnd === -1) return false;
    const key = shape.slice(keyStart, keyEnd);
    if (!key.includes("\n") && !key.includes("<") && !PARAMETER_KEY.test(key)) return true;
  }
  return false;
}

/** Any broken block shape an extractor may still have read a call from. */
export function isBrokenBlock(shape: string): boolean {
  return (
    isMisnested(shape) ||
    hasUnpairedArgKey(shape) ||
    hasUnclosedParameter(shape) ||
    hasBareToolSegment(shape) ||
    hasValueForKey(shape)
  );
}

/**
 * An object whose only key is an offered tool's name and whose value is an object (`{"get_weather": {"city":
 * "Rome"}}`). Not a call under a leniency: no runtime or chat template writes a call so (all name the tool under a
 * key), so it would run nowhere; it is a malformed attempt.
 */
export function isKeyedByToolName(value: unknown, toolNames: ReadonlySet<string>): boolean {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && toolNames.has(keys[0] as string) && isRecord(value[keys[0] as string]);
}

/** A native tool call whose name is empty: the runtime handed back a call to nothing. */
export function hasEmptyName(call: { name: string }): boolean {
  return call.name.trim() === "";
}
