/** Recognises a parsed JSON value as tool calls: the object shapes runtimes and models use for a call. */

import { parseLenient } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";

/** Keys that name the tool, in the order they are tried (`function` may also hold an OpenAI function object). */
const NAME_KEYS = ["name", "tool", "tool_name", "function", "function_name"] as const;
/** Keys that hold the arguments: OpenAI/Hermes `arguments`, Llama-3 `parameters`, LangChain `tool_input`, and variants. */
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "params", "input", "tool_input", "kwargs"] as const;
/**
 * Keys of an object wrapped around the call object: OpenAI's `function`, Gemini's `functionCall`, Bedrock's
 * `toolUse`, and the snake-case variants models write.
 */
const WRAPPER_KEYS = ["function", "tool_call", "function_call", "tool_use"] as const;
/** The key of a list of calls (OpenAI's `tool_calls`, Gemini's `functionCalls`). */
const LIST_KEYS = ["tool_calls", "function_calls"] as const;

/**
 * A key as the wire formats spell it, whatever their case convention: `functionCall`, `function_call` and
 * `FunctionCall` are one key (Gemini and Bedrock write camelCase, OpenAI snake_case), so each name above stands
 * for all its spellings.
 */
const spelling = (key: string) => key.replace(/[_-]/g, "").toLowerCase();

/**
 * The value under the first of `names` the object has: as written, else (with `spellings`) in any spelling, the
 * earliest name first.
 */
function keyed(
  object: Record<string, unknown>,
  names: readonly string[],
  spellings: boolean | undefined,
): { key: string; value: unknown } | undefined {
  for (const name of names) if (Object.hasOwn(object, name)) return { key: name, value: object[name] };
  if (spellings !== true) return undefined;
  const wanted = names.map(spelling);
  let best: { key: string; value: unknown; rank: number } | undefined;
  for (const key of Object.keys(object)) {
    const rank = wanted.indexOf(spelling(key));
    if (rank !== -1 && (best === undefined || rank < best.rank)) best = { key, value: object[key], rank };
  }
  return best;
}

export interface ShapeOptions {
  /** Offered tool names and aliases: `{"name": X}` with no arguments is a call only when X is one of them. */
  toolNames: ReadonlySet<string>;
  /** Inside an explicit call block (`<tool_call>…`) a bare `{"name": X}` is a call whatever X is. */
  inCallBlock?: boolean;
  /**
   * Whether a key counts in any case convention (`functionCall`, `Arguments`, `toolInput`): `tooluse` reads the wire
   * formats of Gemini and Bedrock so, and names the leniency (`json=respelled_keys`); `spec1` reads the keys as
   * written (SPEC §3.1 names OpenAI's). Default false.
   */
  spellings?: boolean;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The calls a JSON value stands for, in order; empty when it is not a call (`{"answer": 42}`).
 * @example callsFromValue({ name: "get_weather", parameters: { city: "Paris" } }, options)
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 */
export function callsFromValue(value: unknown, options: ShapeOptions): Call[] {
  if (Array.isArray(value)) {
    const calls: Call[] = [];
    for (const item of value) {
      if (isRecord(item)) calls.push(...callsFromObject(item, options));
    }
    return calls;
  }
  return isRecord(value) ? callsFromObject(value, options) : [];
}

function callsFromObject(object: Record<string, unknown>, options: ShapeOptions): Call[] {
  const list = keyed(object, LIST_KEYS, options.spellings)?.value;
  if (Array.isArray(list)) return callsFromValue(list, { ...options, inCallBlock: true });
  const call = callFromObject(object, options);
  return call === undefined ? [] : [call];
}

function callFromObject(object: Record<string, unknown>, options: ShapeOptions): Call | undefined {
  const name = nameOf(object, options.spellings);
  if (name === undefined) {
    // Wrappers, and OpenAI's {"type": "function", "function": {"name": …, "arguments": "<json string>"}}.
    for (const key of WRAPPER_KEYS) {
      const inner = keyed(object, [key], options.spellings)?.value;
      if (isRecord(inner)) return callFromObject(inner, { ...options, inCallBlock: true });
    }
    return undefined;
  }
  const argumentsFound = keyed(object, ARGUMENT_KEYS, options.spellings);
  if (argumentsFound === undefined) {
    // `{"name": "Alice"}` is data; the same object is a call only when it plainly is one.
    const plainlyCall =
      options.inCallBlock === true || object.type === "function" || options.toolNames.has(name);
    return plainlyCall ? { name, arguments: {} } : undefined;
  }
  return { name, arguments: argumentsFrom(argumentsFound.value) };
}

function nameOf(object: Record<string, unknown>, spellings: boolean | undefined): string | undefined {
  for (const key of NAME_KEYS) {
    const value = keyed(object, [key], spellings)?.value;
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/**
 * Arguments as an object. A string is read as JSON (OpenAI serialises them); anything that is not an
 * object after that (`"hello"`, `5`, `null`) gives `{}`: the call was made, its arguments are unusable.
 */
export function argumentsFrom(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === "string") {
    const parsed = parseLenient(value.trim());
    if (parsed.ok && isRecord(parsed.value)) return parsed.value;
  }
  return {};
}
