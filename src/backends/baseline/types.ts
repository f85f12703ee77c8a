/** The shapes shared by the baseline's rules: what a rule sees, and what it may answer. */
import type { Case } from "../../cases/schema.js";
import type { ToolName } from "../../tools/catalogue.js";
import type { Call } from "../../tools/types.js";

/** Everything the baseline may read: the turns and the offered tools, never the expectation. */
export interface Conversation {
  messages: Case["messages"];
  tools: readonly ToolName[];
}

/** The turns before the last user message. */
export type History = Case["messages"];

/** A question back, in both languages. */
export interface Question {
  en: string;
  ru: string;
}

/**
 * A call, a request for a missing argument (the rule's usual question, or `{ ask }` when another argument is the
 * one missing), or "not mine".
 */
export type RuleResult = Call | "clarify" | { ask: Question } | null;

/** One tool's keyword rule. */
export interface Rule {
  tool: ToolName;
  /** The question asked back when the tool is clearly wanted but an argument is missing. */
  question: Question;
  match(text: string, history: History): RuleResult;
}
