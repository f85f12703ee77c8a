/**
 * Renders a call in each protocol's exact format (spec §2), the one the grader reads: used for history turns
 * (protocols/render.ts) and by the reference runners (backends/). It lives below both, beside the native encoding,
 * because protocols/ reads the message types of backends/types.ts and the two sibling folders may not import each
 * other both ways.
 */
import type { Protocol } from "../cases/schema.js";
import type { Call } from "../tools/types.js";
import { encodeNativeReply } from "./native.js";

function plainValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The TOOL line's value: as {@link plainValue}, but a string the line's reader would trim (empty, or with spaces at
 * its ends) is quoted, since the reader drops one pair of quotes: a bare `k=` ending the output reads as a line cut
 * before its value (E8, 2.6.0), and `k= ` would lose its space.
 */
function toolLineValue(value: unknown): string {
  return typeof value === "string" && (value === "" || value.trim() !== value)
    ? `"${value}"`
    : plainValue(value);
}

const RENDERERS: Record<Protocol, (call: Call) => string> = {
  json: (call) => JSON.stringify({ name: call.name, arguments: call.arguments }),
  xml: (call) => {
    const parameters = Object.entries(call.arguments)
      .map(([key, value]) => `<parameter=${key}>${plainValue(value)}</parameter>`)
      .join("");
    return `<tool_call><function=${call.name}>${parameters}</function></tool_call>`;
  },
  plain: (call) =>
    [`TOOL ${call.name}`, ...Object.entries(call.arguments).map(([k, v]) => `${k}=${toolLineValue(v)}`)].join(
      " | ",
    ),
  native: (call) =>
    encodeNativeReply(null, [
      {
        id: "call_0",
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      },
    ]),
};

/** The text a model following the protocol would emit for this call. */
export function renderCall(protocol: Protocol, call: Call): string {
  return RENDERERS[protocol](call);
}
