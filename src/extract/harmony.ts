/**
 * gpt-oss "harmony" markup, read by channel (docs/spec-conformance.md, extraction rule E1): a message is
 * `[<|start|>role][ to=RECIPIENT]<|channel|>NAME[ to=RECIPIENT][ <|constrain|>json]<|message|>BODY<|end|>`
 * (or `<|call|>`, `<|return|>`, or the end of the text). `analysis` is reasoning and is dropped; `final` is the
 * answer; a `commentary` message addressed `to=functions.NAME` is a call whose body is its JSON arguments;
 * commentary without a recipient is a preamble the user sees, kept as prose.
 */

import { parseLenient } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import { isRecord } from "./call-shape.js";

export interface HarmonyReading {
  calls: Call[];
  /** The text the user sees: final and preamble messages, in order. */
  text: string;
  /** A message addressed to a function whose body is not a JSON object. */
  malformed: boolean;
}

const CHANNEL = "<|channel|>";
const MESSAGE = "<|message|>";
const START = "<|start|>";
const BODY_END = /<\|(?:end|call|return)\|>/;
const TURN_END = /<\|(?:call|return)\|>/;
const RECIPIENT = /\bto=([^\s<]+)/;
const CHANNEL_NAME = /<\|channel\|>\s*([a-z_]+)/;

export interface HarmonyOptions {
  /**
   * Whether a message addressed to a function is a call (default true). SPEC 1.0's chain has no harmony family: with
   * false, such a message's body is kept as text, for the SPEC's own extractors to read.
   */
  calls?: boolean;
}

/** Reads harmony markup; undefined when the text has none (no `<|channel|>` or `<|message|>` token). */
export function readHarmony(raw: string, options: HarmonyOptions = {}): HarmonyReading | undefined {
  if (!raw.includes(CHANNEL) && !raw.includes(MESSAGE)) return undefined;
  // `<|call|>` and `<|return|>` end the assistant's turn (`<|end|>` only a message): what follows was generated past it.
  const turnEnd = TURN_END.exec(raw);
  const turn = turnEnd ? raw.slice(0, turnEnd.index + turnEnd[0].length) : raw;
  const calls: Call[] = [];
  const shown: string[] = [];
  let malformed = false;
  for (const segment of turn.split(START)) {
    const split = segment.indexOf(MESSAGE);
    if (split === -1) {
      // Text before the first header is what a runtime left of the answer after stripping the tokens.
      if (!segment.includes(CHANNEL) && segment.trim() !== "" && shown.length === 0) shown.push(segment);
      continue;
    }
    const header = segment.slice(0, split);
    const rest = segment.slice(split + MESSAGE.length);
    const end = BODY_END.exec(rest);
    const body = end ? rest.slice(0, end.index) : rest;
    const channel = CHANNEL_NAME.exec(header)?.[1] ?? "final";
    const recipient = RECIPIENT.exec(header)?.[1];
    if (recipient !== undefined && recipient !== "user" && recipient !== "all" && options.calls === false) {
      shown.push(body);
    } else if (recipient !== undefined && recipient !== "user" && recipient !== "all") {
      const parsed = parseLenient(body.trim());
      if (parsed.ok && isRecord(parsed.value)) {
        calls.push({ name: recipient.replace(/^functions\./, ""), arguments: parsed.value });
      } else malformed = true;
    } else if (channel !== "analysis") shown.push(body);
  }
  return { calls, text: shown.join("\n").trim(), malformed };
}
