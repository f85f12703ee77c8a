/** Reading a prompt's intent: its domain slots (docs/plan-matching.md, section 3) and the words they leave over. */
import { maskPlaceholders } from "../placeholders.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import {
  COMPARATORS,
  LEXICON,
  type LexiconEntry,
  NEGATIONS,
  NUMBER_WORDS,
  SLOT_NAMES,
  type SlotName,
  STOPWORDS,
  STRUCTURE_NOUNS,
  SYNONYMS,
  TIME_UNITS,
  WEAK,
} from "./lexicon.js";
import { tokens } from "./tokens.js";

/** Each slot's values, sorted; a slot a prompt does not speak of is absent. */
export type Slots = Partial<Record<SlotName, readonly string[]>>;

export interface Intent {
  slots: Slots;
  /** The slots as one string: two intents have the same slots exactly when their keys are equal. */
  slotKey: string;
  /** The words no slot consumed, stopwords removed, synonyms folded to one word each. */
  rest: readonly string[];
}

interface Phrase {
  tokens: string[];
  slot: SlotName | null;
  value: string;
}

interface Table {
  byFirst: Map<string, Phrase[]>;
}

const ID_PREFIX = "id:";
const tables = new WeakMap<ToolDescriptions, Table>();

function compile(tools: ToolDescriptions): Table {
  const fromTools: LexiconEntry[] = [
    ...tools.triggers.call_drivers.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "driver", t.phrase] as const),
    ),
    ...tools.triggers.moments.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "moment", t.phrase] as const),
    ),
    ...tools.triggers.qa.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "metric", t.phrase] as const),
    ),
  ];
  const byFirst = new Map<string, Phrase[]>();
  const seen = new Set<string>();
  for (const [wording, slot, rawValue] of [...LEXICON, ...fromTools]) {
    const words = tokens(wording);
    const key = words.join(" ");
    // The first entry for a wording wins: the lexicon's polarity ("unresolved") over tools.yaml's one field.
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const isIdKind = slot === "entity" && /\bid\b|_id/.test(wording);
    const value = isIdKind ? `${ID_PREFIX}${rawValue}` : rawValue;
    const first = words[0] as string;
    byFirst.set(first, [...(byFirst.get(first) ?? []), { tokens: words, slot, value }]);
  }
  // Longest first; a stable sort keeps the priority order among wordings of the same length.
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { byFirst };
}

function tableFor(tools: ToolDescriptions): Table {
  let table = tables.get(tools);
  if (!table) {
    table = compile(tools);
    tables.set(tools, table);
  }
  return table;
}

function numberAt(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (/^\d+(?:\.\d+)?$/.test(token)) return Number(token);
  return NUMBER_WORDS.get(token) ?? null;
}

/** Named teams keep their capitals in the prompt ("the Phoenix team"), which tokens no longer show. */
const NAMED_TEAM = /\b((?:[A-Z][\p{L}\d&-]*\s+){0,2}[A-Z][\p{L}\d&-]*)\s+(?:team|site|queue|office)\b/gu;
const NOT_A_TEAM = new Set(["the", "which", "what", "each", "every", "a", "our", "their", "this", "that"]);

function namedTeams(text: string): { values: string[]; rest: string } {
  const values: string[] = [];
  const rest = text.replace(NAMED_TEAM, (whole, name: string) => {
    const words = name.split(/\s+/).filter((w) => !NOT_A_TEAM.has(w.toLowerCase()));
    if (words.length === 0) return whole;
    values.push(words.join(" ").toLowerCase());
    return " ";
  });
  return { values, rest };
}

class SlotBag {
  readonly values = new Map<SlotName, Set<string>>();
  add(slot: SlotName, value: string): void {
    const set = this.values.get(slot) ?? new Set<string>();
    set.add(value);
    this.values.set(slot, set);
  }
  /** Population nouns decide the entity; the id word ("call_ids") only when no noun does. */
  finish(): Slots {
    const entity = this.values.get("entity");
    if (entity) {
      const nouns = [...entity].filter((v) => !v.startsWith(ID_PREFIX));
      const kinds = [...entity].filter((v) => v.startsWith(ID_PREFIX)).map((v) => v.slice(ID_PREFIX.length));
      if (kinds.length > 0) this.add("aggregation", "ids");
      this.values.set("entity", new Set(nouns.length > 0 ? nouns : kinds));
    }
    const slots: Slots = {};
    for (const name of SLOT_NAMES) {
      const set = this.values.get(name);
      if (set && set.size > 0) slots[name] = [...set].sort();
    }
    return slots;
  }
}

/** Reads the number at `at`, if it is one, with the comparison before it and the time unit after it. */
function readNumber(words: readonly string[], at: number, bag: SlotBag, used: boolean[]): void {
  const value = numberAt(words[at]);
  if (value === null) return;
  const next = words[at + 1];
  if (next !== undefined && STRUCTURE_NOUNS.has(next)) {
    used[at] = true;
    return;
  }
  let comparator = "";
  for (let back = 1; back <= 3 && at - back >= 0; back++) {
    const word = words[at - back] as string;
    const sign = COMPARATORS.get(word);
    if (sign) {
      comparator = sign;
      for (let i = at - back; i < at; i++) used[i] = true;
      break;
    }
    if (word !== "than" && word !== "at" && word !== "or") break;
  }
  used[at] = true;
  if (next !== undefined && TIME_UNITS.has(next)) {
    bag.add("metric", "duration");
    bag.add("number", `${comparator}${value} ${next}`);
    used[at + 1] = true;
  } else bag.add("number", `${comparator}${value}`);
}

function negated(words: readonly string[], at: number): boolean {
  const before = words[at - 1];
  return before !== undefined && NEGATIONS.has(before);
}

const caches = new WeakMap<ToolDescriptions, Map<string, Intent>>();
const CACHE_LIMIT = 20_000;

/**
 * The intent of a prompt. Cached by prompt: thousands of candidate plans share a few hundred reference prompts.
 * @example readIntent("Fetch call_ids of refund calls from last week", tools).slots
 *   // { driver: ["refund"], entity: ["call"], period: ["last week"], aggregation: ["ids"] }
 */
export function readIntent(prompt: string, tools: ToolDescriptions): Intent {
  let cache = caches.get(tools);
  if (!cache) {
    cache = new Map();
    caches.set(tools, cache);
  }
  const cached = cache.get(prompt);
  if (cached) return cached;
  const table = tableFor(tools);
  const bag = new SlotBag();
  const teams = namedTeams(maskPlaceholders(prompt));
  for (const team of teams.values) bag.add("team", team);
  const words = tokens(teams.rest);
  const used = words.map(() => false);
  for (let at = 0; at < words.length; at++) if (!used[at]) readNumber(words, at, bag, used);
  for (let at = 0; at < words.length; ) {
    if (used[at]) {
      at++;
      continue;
    }
    const phrase = table.byFirst
      .get(words[at] as string)
      ?.find((p) => p.tokens.every((token, offset) => words[at + offset] === token && !used[at + offset]));
    if (!phrase) {
      at++;
      continue;
    }
    if (phrase.slot) {
      const flip = (phrase.slot === "moment" || phrase.slot === "driver") && negated(words, at);
      bag.add(phrase.slot, flip ? `not ${phrase.value}` : phrase.value);
      if (flip) used[at - 1] = true;
    }
    for (let i = 0; i < phrase.tokens.length; i++) used[at + i] = true;
    at += phrase.tokens.length;
  }
  const rest = words.flatMap((word, i) => {
    if (used[i] || STOPWORDS.has(word) || word.endsWith("placeholder")) return [];
    return [SYNONYMS.get(word) ?? word];
  });
  const slots = bag.finish();
  const intent = {
    slots,
    slotKey: SLOT_NAMES.map((name) => (slots[name] ?? []).join("|")).join("\u0000"),
    rest,
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(prompt, intent);
  return intent;
}

/** The slots on which two intents disagree; empty when every slot holds the same values on both sides. */
export function slotDifferences(a: Slots, b: Slots): SlotName[] {
  return SLOT_NAMES.filter((name) => (a[name] ?? []).join("|") !== (b[name] ?? []).join("|"));
}

/** Readable slots for --explain: "driver=refund entity=call". */
export function formatSlots(slots: Slots): string {
  const parts = SLOT_NAMES.flatMap((name) => (slots[name] ? [`${name}=${slots[name].join("+")}`] : []));
  return parts.length === 0 ? "(no slots)" : parts.join(" ");
}

const SMOOTHING = 0.5;

/**
 * Weighted Dice overlap of the words left after slots, smoothed so that two prompts with nothing but weak words
 * ("Fetch the ids") compare as alike and a prompt with one content word more than the other does not.
 */
export function restSimilarity(a: readonly string[], b: readonly string[]): number {
  const wa = weightsOf(a);
  const wb = weightsOf(b);
  let total = SMOOTHING;
  let shared = SMOOTHING;
  for (const [word, weight] of wa) {
    total += weight;
    if (wb.has(word)) shared += 2 * weight;
  }
  for (const weight of wb.values()) total += weight;
  return shared / total;
}

/** Word weights per word list; the lists are the cached intents' own, so each is weighed once. */
const weighed = new WeakMap<readonly string[], Map<string, number>>();

function weightsOf(words: readonly string[]): Map<string, number> {
  let weights = weighed.get(words);
  if (!weights) {
    weights = new Map();
    for (const word of words) weights.set(word, WEAK.has(word) ? 0.25 : 1);
    weighed.set(words, weights);
  }
  return weights;
}
