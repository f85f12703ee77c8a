/** Counting the trigger phrases in a prompt: distinct fields named, longest wording first, each word used once. */
import { words } from "./text.js";
import { type ToolDescriptions, TRIGGER_GROUPS, type TriggerGroup } from "./tool-descriptions.js";

export interface TriggerHit {
  group: TriggerGroup;
  phrase: string;
}

interface Wording {
  trigger: number;
  tokens: string[];
}

interface CompiledTriggers {
  triggers: TriggerHit[];
  /** Wordings by their first token, longest first, so "did we resolve" wins over shorter wordings. */
  byFirst: Map<string, Wording[]>;
}

const compiled = new WeakMap<ToolDescriptions, CompiledTriggers>();

function compile(tools: ToolDescriptions): CompiledTriggers {
  const triggers: TriggerHit[] = [];
  const byFirst = new Map<string, Wording[]>();
  for (const group of TRIGGER_GROUPS) {
    for (const { phrase, variants } of tools.triggers[group]) {
      const trigger = triggers.push({ group, phrase }) - 1;
      for (const wording of [phrase, ...variants]) {
        const tokens = words(wording);
        const first = tokens[0];
        if (first === undefined) continue;
        const list = byFirst.get(first);
        if (list) list.push({ trigger, tokens });
        else byFirst.set(first, [{ trigger, tokens }]);
      }
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { triggers, byFirst };
}

function matchesAt(tokens: readonly string[], at: number, wording: readonly string[]): boolean {
  return wording.every((token, offset) => tokens[at + offset] === token);
}

const hitsByTools = new WeakMap<ToolDescriptions, Map<string, readonly TriggerHit[]>>();
const CACHE_LIMIT = 20_000;

/**
 * The distinct trigger fields a prompt names. Compiling is cached per descriptions object, which is never mutated,
 * and the hits per prompt, as intents are (thousands of candidate plans share a few hundred reference prompts).
 */
export function findTriggers(prompt: string, tools: ToolDescriptions): readonly TriggerHit[] {
  let cache = hitsByTools.get(tools);
  if (!cache) {
    cache = new Map();
    hitsByTools.set(tools, cache);
  }
  let hits = cache.get(prompt);
  if (!hits) {
    hits = readTriggers(prompt, tools);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(prompt, hits);
  }
  return hits;
}

function readTriggers(prompt: string, tools: ToolDescriptions): readonly TriggerHit[] {
  let table = compiled.get(tools);
  if (!table) {
    table = compile(tools);
    compiled.set(tools, table);
  }
  const tokens = words(prompt);
  const found = new Set<number>();
  for (let at = 0; at < tokens.length; ) {
    const wording = table.byFirst.get(tokens[at] ?? "")?.find((w) => matchesAt(tokens, at, w.tokens));
    if (wording) found.add(wording.trigger);
    at += wording ? wording.tokens.length : 1;
  }
  return [...found].flatMap((index) => table.triggers[index] ?? []);
}
