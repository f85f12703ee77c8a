/**
 * A step's intent within its plan (docs/plan-matching.md, section 3, "What a step's inputs already say"). A step
 * that takes input ids asks its question of those ids: a filter its inputs already encode is no new condition
 * ("these refund calls from last week" after fetching exactly those calls), so it is left out of the step's slots.
 * Restating it is Redundancy's `repeated-detail`, charged once there, not a second time as an intent mismatch. An
 * LLM step filters nothing at all (see llmIntent).
 */
import type { Placeholder, StepLike } from "../model.js";
import { readPromptPlaceholders } from "../placeholders.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { SLOT_NAMES, type SlotName, slotsExcept } from "./lexicon.js";
import { type Intent, intentOf, readIntent, type Slots } from "./slots.js";

/** The slots that describe a population rather than what is computed over it. */
export const POPULATION_SLOTS = slotsExcept("metric", "aggregation", "group", "requests");
const POPULATION = new Set<SlotName>(POPULATION_SLOTS);

export type ContextStep = StepLike & { inputs?: readonly number[]; placeholders?: readonly Placeholder[] };

/** The steps whose output a step reads: its dependencies, its input list and the (k) in its prompt. */
export function sourcesOf(step: ContextStep): Set<number> {
  const sources = new Set<number>(step.depends_on);
  for (const k of step.inputs ?? []) sources.add(k);
  const placeholders = step.placeholders ?? readPromptPlaceholders(step.prompt).refs;
  for (const p of placeholders) if (p.kind === "step") sources.add(p.step);
  sources.delete(step.id);
  return sources;
}

/**
 * Fields a dependent step can only describe once its inputs are filtered on them: the polarities of one tag ("what
 * kept these chats from being solved" after fetching unresolved chats) and the channel ("the calls given" for ids
 * the step was handed, whatever they hold).
 */
const WHOLE_FIELD = new Set<SlotName>(["resolution", "sentiment", "entity"]);

/** Whether one of the intents a step inherits from encodes this value (or, for a whole field, any value of it). */
function inheritedValue(sources: readonly Intent[], name: SlotName, value: string): boolean {
  if (!POPULATION.has(name)) return false;
  const whole = WHOLE_FIELD.has(name) && value !== "change";
  return sources.some((source) => {
    const values = source.slots[name];
    return values !== undefined && (whole || values.includes(value));
  });
}

/**
 * An LLM step's intent is its role: extracting ids for a later step, or reasoning over its inputs (combining,
 * comparing, reporting, answering). What it combines or compares is fixed by its inputs and by (query), which
 * the wiring compares; the populations, measures and comparisons it names describe them.
 */
const llmIntents = new WeakMap<Intent, Intent>();

function llmIntent(intent: Intent): Intent {
  let role = llmIntents.get(intent);
  if (!role) {
    const extracts = intent.slots.aggregation?.includes("ids") ?? false;
    role = intentOf(extracts ? { aggregation: ["ids"] } : {}, intent.rest);
    llmIntents.set(intent, role);
  }
  return role;
}

/** The intent without what its inputs already encode; the same object when nothing is inherited. */
function withoutInherited(intent: Intent, inherited: readonly Intent[]): Intent {
  if (inherited.length === 0) return intent;
  const drops = POPULATION_SLOTS.some((name) =>
    (intent.slots[name] ?? []).some((value) => inheritedValue(inherited, name, value)),
  );
  if (!drops) return intent;
  const slots: Slots = {};
  for (const name of SLOT_NAMES) {
    const values = (intent.slots[name] ?? []).filter((value) => !inheritedValue(inherited, name, value));
    if (values.length > 0) slots[name] = values;
  }
  return intentOf(slots, intent.rest);
}

/**
 * Whether a step hands its population on: a T2S step that returns call or interaction ids, or a RAG or LLM step
 * (which read, and pass on, what they were given). A step that fetches agents, a team or a number does not: "the
 * average QA score of these agents' calls this week" filters their calls by the week afresh.
 */
function passesPopulation(step: ContextStep, intent: Intent): boolean {
  if (step.tool !== "T2S") return step.tool !== null;
  return PASSES_IDS.test(step.prompt) || (intent.slots.aggregation?.includes("ids") ?? false);
}
export const PASSES_IDS = /\b(?:call|interaction|conversation|contact|chat|email)[_ -]?ids?\b/i;

const cache = new WeakMap<readonly ContextStep[], Intent[]>();

/**
 * Every step's intent in the context of its plan, in step order. Cached per steps array: a reference plan is
 * scored against thousands of candidates and never mutated.
 */
export function planIntents(steps: readonly ContextStep[], tools: ToolDescriptions): Intent[] {
  const cached = cache.get(steps);
  if (cached) return cached;
  const own = steps.map((step) => readIntent(step.prompt, tools));
  const index = new Map(steps.map((step, i) => [step.id, i]));
  // The steps whose population a step inherits: every source that hands its population on, and theirs in turn.
  let sources: Set<number>[] | null = null;
  const ancestors = (i: number): Intent[] => {
    sources ??= steps.map(sourcesOf);
    const found: Intent[] = [];
    const seen = new Set<number>([i]);
    const queue = [i];
    while (queue.length > 0) {
      const at = queue.pop() as number;
      for (const source of sources[at] ?? []) {
        const from = index.get(source);
        if (from === undefined || seen.has(from)) continue;
        seen.add(from);
        if (!passesPopulation(steps[from] as ContextStep, own[from] as Intent)) continue;
        found.push(own[from] as Intent);
        queue.push(from);
      }
    }
    return found;
  };
  const intents = steps.map((step, i) => {
    const intent = own[i] as Intent;
    if (step.tool === "LLM") return llmIntent(intent);
    if (!POPULATION_SLOTS.some((name) => intent.slots[name] !== undefined)) return intent;
    return withoutInherited(intent, ancestors(i));
  });
  cache.set(steps, intents);
  return intents;
}
