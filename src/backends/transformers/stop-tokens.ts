/**
 * The end-of-turn tokens a checkpoint declares, as a union (SPEC §4). transformers.js lets a passed eos_token_id
 * override generation_config, which overrides config, and never consults the tokenizer: stopping on only one of them
 * lets a correct answer run on to max_new_tokens.
 */
import type { Json } from "./checkpoint.js";

export type StopSource =
  | "generation_config.eos_token_id"
  | "config.eos_token_id"
  | "tokenizer.eos_token"
  | "chat_template.end_of_turn";

export interface StopToken {
  id: number;
  /** The token as text, for the results file. */
  token: string | null;
  sources: StopSource[];
}

/** `eos_token_id` as a config writes it: one id, a list, or null. */
export function declaredIds(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((id): id is number => typeof id === "number" && Number.isInteger(id) && id >= 0);
}

/** `eos_token` as tokenizer_config.json writes it: a string or an AddedToken object. */
export function tokenText(value: unknown): string | null {
  if (typeof value === "string") return value;
  const content = (value as { content?: unknown } | null)?.content;
  return typeof content === "string" ? content : null;
}

export interface TemplateProbe {
  render(messages: { role: string; content: string }[]): string;
  encode(text: string): number[];
  specialIds: ReadonlySet<number>;
}

const MARKER = "tooluse-end-of-turn-probe";

/**
 * The token a chat template writes right after an assistant message: render one finished exchange and take the first
 * special token that follows the assistant's text (`<|im_end|>`, `<|eot_id|>`, `<end_of_turn>`, `</s>`). Null when the
 * template writes none or refuses both conversations.
 */
export function templateEndOfTurn(probe: TemplateProbe): number | null {
  const conversations = [
    [
      { role: "user", content: "hi" },
      { role: "assistant", content: MARKER },
    ],
    [
      { role: "system", content: "system" },
      { role: "user", content: "hi" },
      { role: "assistant", content: MARKER },
    ],
  ];
  for (const messages of conversations) {
    let text: string;
    try {
      text = probe.render(messages);
    } catch {
      continue;
    }
    const at = text.lastIndexOf(MARKER);
    if (at < 0) continue;
    const after = probe.encode(text.slice(at + MARKER.length));
    return after.find((id) => probe.specialIds.has(id)) ?? null;
  }
  return null;
}

/** The union, by id, with every source that declares each token. */
export function stopTokenUnion(
  declared: readonly { source: StopSource; ids: readonly number[] }[],
  tokenOf: (id: number) => string | null,
): StopToken[] {
  const byId = new Map<number, StopSource[]>();
  for (const { source, ids } of declared) {
    for (const id of ids) {
      const sources = byId.get(id) ?? [];
      if (!sources.includes(source)) sources.push(source);
      byId.set(id, sources);
    }
  }
  return [...byId.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, sources]) => ({ id, token: tokenOf(id), sources }));
}

/** The tokens kept for a row: up to its own first stop token, which is reported but not returned as text. */
export function cutAtStop(
  generated: readonly number[],
  stopIds: ReadonlySet<number>,
): { tokens: number[]; stopped: boolean } {
  const at = generated.findIndex((id) => stopIds.has(id));
  return at < 0
    ? { tokens: [...generated], stopped: false }
    : { tokens: generated.slice(0, at), stopped: true };
}

/** Reads every declaration from the checkpoint's files; `idOf` maps a token text to its id. */
export function declaredStops(
  files: { config: Json; generationConfig: Json | null; tokenizerConfig: Json },
  idOf: (token: string) => number | null,
  templateId: number | null,
): { source: StopSource; ids: number[] }[] {
  const eosText = tokenText(files.tokenizerConfig.eos_token);
  const eosId = eosText === null ? null : idOf(eosText);
  return [
    { source: "generation_config.eos_token_id", ids: declaredIds(files.generationConfig?.eos_token_id) },
    { source: "config.eos_token_id", ids: declaredIds(files.config.eos_token_id) },
    { source: "tokenizer.eos_token", ids: eosId === null ? [] : [eosId] },
    { source: "chat_template.end_of_turn", ids: templateId === null ? [] : [templateId] },
  ];
}
