/**
 * The word lists behind the mechanical plan conventions (docs/plan-conventions.md sections 1 and 3). They are data
 * about our store and our wording, kept in one place so the doc, the linter and the tests read the same list.
 */

/**
 * Subjects a T2S prompt must not filter or measure: the store holds none of them (tools.yaml lists what it holds).
 * Matched on whole lower-case words; a phrase matches its words in order.
 */
export const NOT_STORED_TERMS = [
  "app",
  "mobile app",
  "website",
  "web site",
  "sim",
  "esim",
  "5g",
  "pin",
  "smart meter",
  "roaming",
  "overdraft",
  "order value",
  "revenue",
  "price",
  "shipping date",
  "delivery date",
  "inventory",
  "said",
  "mention",
  "mentioned",
  "mentions",
  "promised",
  "promise",
  "threatened",
  "threaten",
  "apologised",
  "apologized",
  "complained about",
] as const;

/**
 * Words that make a RAG question a reason question, which stored fields (call drivers, moments, failed QA checks)
 * also answer: such a RAG step has a T2S twin with the same prompt; no other RAG step has one. Matched as word
 * prefixes ("frustrat" matches "frustrated", "frustrating").
 */
export const REASON_PREFIXES = [
  "why",
  "reason",
  "unhappy",
  "dissatisf",
  "frustrat",
  "dislik",
  "complain",
  "worr",
  "problem",
  "issue",
  "wrong",
] as const;

/** An LLM step that pulls ids out of an earlier output (the paper's table 33 example: "Fetch the interaction_ids …"). */
export const EXTRACTION = /\b(?:extract|list|pull|fetch)\b[^.]*\b(?:call|interaction|agent|customer)_ids\b/i;

/** A T2S step whose output is a list of ids (of calls, interactions, agents, customers, teams) to pass on. */
export const FETCH = /^\s*fetch\b/i;

/** A RAG question that finds interactions rather than explaining them; it never has a twin. */
export const FINDER = /^\s*(?:in which|which (?:calls|chats|emails|interactions)|fetch|find)\b/i;
