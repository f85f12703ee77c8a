/** Removes reasoning and leaked chat-template tokens, so extraction and answer checks see only the answer. */
import { escapeRegExp } from "../text/chars.js";
import { createFinder } from "./scanner.js";

/**
 * One rule for every visible end-of-turn marker (extraction rule E5): the answer ends at the first token that
 * closes a turn or opens the next, in any template. Whatever follows was generated past the turn (often the
 * same call again) and is not part of the reply.
 */
const TEMPLATE_TAIL = [
  // Llama 3
  "<|eot_id|>",
  "<|eom_id|>",
  "<|start_header_id|>",
  // ChatML (Qwen, Hermes…)
  "<|im_end|>",
  "<|im_start|>",
  "<|endoftext|>",
  // Phi
  "<|end|>",
  "<|user|>",
  // Mistral, Llama 2
  "</s>",
  "[INST]",
  // DeepSeek
  "<｜end▁of▁sentence｜>",
  // Gemma
  "<end_of_turn>",
  "<start_of_turn>",
  "<eos>",
  // Granite
  "<|end_of_text|>",
  "<|start_of_role|>",
  // Command-R
  "<|END_OF_TURN_TOKEN|>",
  "<|START_OF_TURN_TOKEN|>",
];
/** A runtime that echoes the assistant header puts it first; that is the start of the answer, not its end. */
const LEADING_HEADERS = [
  "<|start_header_id|>assistant<|end_header_id|>",
  "<|im_start|>assistant",
  "<start_of_turn>model",
  "<|start_of_role|>assistant<|end_of_role|>",
  "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>",
];
/** DeepSeek closes its reasoning with a marker, in its tokenizer's full-width form or spelled in ASCII. */
const END_OF_THINKING = ["<｜end▁of▁thinking｜>", "｜end▁of▁thinking｜", "<|end_of_thinking|>"];
const OPEN_TAGS = ["<think>", "<thinking>"];
const CLOSE_TAGS = ["</think>", "</thinking>"];

type Find = (token: string, from: number) => number;

/**
 * Returns the answer part of a raw output. In order: a leaked template tail is cut, everything before
 * a DeepSeek end-of-thinking marker is dropped, a leading `…</think>` whose `<think>` was in the
 * prompt is dropped, then every `<think>…</think>` block; an unclosed `<think>` means the model ran
 * out of tokens while thinking, so everything after it is dropped.
 * @example stripThinking("<think>hmm</think>Paris.") // "Paris."
 */
export function stripThinking(raw: string): string {
  // Every marker but [INST] starts with "<" or contains "｜": most answers have none and need no work.
  if (!raw.includes("<") && !raw.includes("｜") && !raw.includes("[INST]")) return raw;
  let text = cutTemplateTail(dropLeadingHeader(raw));
  text = afterEndOfThinking(text);
  const find = createFinder(text);
  const firstClose = firstOf(find, CLOSE_TAGS, 0);
  if (firstClose !== undefined) {
    const firstOpen = firstOf(find, OPEN_TAGS, 0);
    if (firstOpen === undefined || firstOpen.index > firstClose.index) text = text.slice(firstClose.end);
  }
  return removeThinkBlocks(text);
}

function dropLeadingHeader(text: string): string {
  const start = text.length - text.trimStart().length;
  for (const header of LEADING_HEADERS) {
    if (text.startsWith(header, start)) return text.slice(start + header.length);
  }
  return text;
}

/** Every tail marker in one pattern: its first match is the earliest marker, found in one pass over the text. */
const TEMPLATE_TAIL_PATTERN = new RegExp(TEMPLATE_TAIL.map((marker) => escapeRegExp(marker)).join("|"));

function cutTemplateTail(text: string): string {
  const tail = TEMPLATE_TAIL_PATTERN.exec(text);
  return tail === null ? text : text.slice(0, tail.index);
}

function afterEndOfThinking(text: string): string {
  let from = -1;
  for (const marker of END_OF_THINKING) {
    const index = text.lastIndexOf(marker);
    if (index !== -1) from = Math.max(from, index + marker.length);
  }
  return from === -1 ? text : text.slice(from);
}

function firstOf(
  find: Find,
  tags: readonly string[],
  from: number,
): { index: number; end: number } | undefined {
  let best: { index: number; end: number } | undefined;
  for (const tag of tags) {
    const index = find(tag, from);
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, end: index + tag.length };
  }
  return best;
}

function removeThinkBlocks(text: string): string {
  // The memoised finder keeps this linear however many blocks there are.
  const find = createFinder(text);
  let kept = "";
  let position = 0;
  for (;;) {
    const open = firstOf(find, OPEN_TAGS, position);
    if (open === undefined) return kept + text.slice(position);
    kept += text.slice(position, open.index);
    const close = firstOf(find, CLOSE_TAGS, open.end);
    if (close === undefined) return kept;
    position = close.end;
  }
}
