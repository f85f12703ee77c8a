/**
 * The case format's fixed lists (categories, languages, difficulties, protocols…) and its keys, without the schema
 * library: the modules a run always loads (prompts, metrics, the quick check) read them here, so a run whose cases
 * pass the quick check never loads zod (issue 28's cached re-run). schema.ts builds the schemas from these lists.
 */

/** The twelve ToolUse.1 categories. */
export const TOOLUSE1_CATEGORIES = [
  "calculator",
  "get_weather",
  "translate",
  "convert_currency",
  "convert_units",
  "save_note",
  "negative",
  "clarification",
  "multi_step",
  "web_search",
  "set_timer",
  "get_time",
] as const;
export const TOOLUSE1_LANGS = ["en", "ru"] as const;
/**
 * The categories and languages the run filters and report orderings know: ToolUse.1's. Typed as plain
 * strings because a case's category and language are any string (imported suites bring their own).
 */
export const CATEGORIES: readonly string[] = TOOLUSE1_CATEGORIES;
export const LANGS: readonly string[] = TOOLUSE1_LANGS;
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const NEGATIVE_KINDS = ["knowledge", "capability_trap", "instruction_trap"] as const;
export const PROTOCOLS = ["json", "xml", "plain", "native"] as const;

export type Category = string;
export type Lang = string;
export type Difficulty = (typeof DIFFICULTIES)[number];
export type Protocol = (typeof PROTOCOLS)[number];
/** The protocols a run asks in when none are named, and what `--protocol all` means (`native` needs a server's tool
 * parser, so it is opt-in). */
export const DEFAULT_PROTOCOLS: readonly Protocol[] = ["json", "xml", "plain"];

/**
 * What a no-call case wants the model to do instead of calling: `answer` it itself (knowledge questions,
 * instruction traps), `refuse` (the tool it would need is not offered), `clarify` (ask for a missing
 * argument). `abstain` is the 1.0 value, kept for old case files: answer or refuse, either passes.
 */
export const NO_CALL_BEHAVIOURS = ["answer", "refuse", "clarify", "abstain"] as const;
export type NoCallBehaviour = (typeof NO_CALL_BEHAVIOURS)[number];

/** A case's keys in the order the schema writes them (schema.ts refuses to load if its shape says otherwise). */
export const CASE_KEYS: readonly string[] = [
  "id",
  "lang",
  "category",
  "difficulty",
  "kind",
  "tools",
  "messages",
  "expect",
  "bfcl",
];
