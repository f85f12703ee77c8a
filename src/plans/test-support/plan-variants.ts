/**
 * Phrase grammars for the generated paraphrase and perturbation suites (docs/plan-matching.md, section 10). They
 * are written for the suites, from how planners word contact-center steps, and are deliberately independent of
 * the matcher's lexicon (src/plans/intent/lexicon.ts): a paraphrase made from the tables the matcher reads would
 * test nothing. Each rule is a pattern and the wordings that may replace it; a rule that does not apply leaves the
 * prompt as it is. `pick` chooses among the wordings, so fast-check drives every choice from its seed.
 */
import type { Plan, PlanStep } from "../model.js";

export type Pick = (options: number) => number;

interface Rule {
  pattern: RegExp;
  /** Replacement wordings; `$1`… refer to the pattern's groups. */
  wordings: readonly string[];
}

const rule = (pattern: RegExp, ...wordings: string[]): Rule => ({ pattern, wordings });

/** Rewrites the first match of each rule, in order, with a picked wording (the original wording is one option). */
function rewrite(prompt: string, rules: readonly Rule[], pick: Pick): string {
  let text = prompt;
  for (const { pattern, wordings } of rules) {
    if (!pattern.test(text)) continue;
    const options = ["$&", ...wordings];
    text = text.replace(pattern, options[pick(options.length)] as string);
  }
  return text;
}

/** How the request is asked: verb of fetching, question vs imperative. */
const MOOD: readonly Rule[] = [
  rule(/^Fetch /, "Retrieve ", "Get ", "Pull ", "Find ", "Identify ", "Return ", "Look up ", "Select "),
  rule(
    /^What (?:is|was) the average /,
    "Calculate the average ",
    "Compute the mean ",
    "Give the average ",
    "Average ",
  ),
  rule(
    /^What share of /,
    "What proportion of ",
    "What percentage of ",
    "What fraction of ",
    "Give the share of ",
  ),
  rule(/^How many /, "What is the number of ", "Give the number of ", "Count how many "),
  rule(
    /^What do customers complain about\?$/,
    "What are customers complaining about?",
    "What complaints do customers raise?",
  ),
  rule(/^Why are customers unhappy\?$/, "Why are customers dissatisfied?", "What makes customers unhappy?"),
  rule(
    /^What are customers most unhappy about\?$/,
    "What are customers the most dissatisfied with?",
    "What are customers most frustrated about?",
  ),
];

/** The ids a fetch step returns, and the population nouns. */
const NOUNS: readonly Rule[] = [
  rule(
    /\bcall_ids of calls\b/,
    "the call_ids of calls",
    "the ids of calls",
    "call ids for the calls",
    "call_ids of phone calls",
  ),
  rule(
    /\binteraction_ids of interactions\b/,
    "the interaction_ids of interactions",
    "interaction ids for interactions",
  ),
  rule(
    /\binteraction_ids of chats\b/,
    "the interaction_ids of chats",
    "the ids of chat conversations",
    "interaction ids for chats",
  ),
  rule(/\binteraction_ids of emails\b/, "the interaction_ids of emails", "the ids of emails"),
  rule(
    /\b(score|time|duration|rate) of these calls\b/,
    "$1 for these calls",
    "$1 across these calls",
    "$1 of the calls given",
  ),
  rule(/\b(score|time|duration|rate) of these chats\b/, "$1 for these chats", "$1 across these chats"),
  rule(/\bin these calls\b/, "within these calls", "in the calls given"),
];

/** Periods, call drivers, moments and QA terms in other words. */
const TERMS: readonly Rule[] = [
  rule(/\blast week\b/, "the previous week", "the past week", "the prior week"),
  rule(/\blast month\b/, "the previous month", "the past month", "the prior month"),
  rule(/\blast quarter\b/, "the previous quarter", "the prior quarter"),
  rule(/\bthis month\b/, "the current month"),
  rule(/\bthis quarter\b/, "the current quarter"),
  rule(/\bthis week\b/, "the current week"),
  rule(/\babout refunds\b/, "about refund requests", "about getting their money back"),
  rule(/\babout delivery delays\b/, "about late deliveries", "about delayed deliveries"),
  rule(/\babout billing disputes\b/, "about disputed bills", "about billing issues"),
  rule(/\babout account access\b/, "about login problems", "about being locked out of their account"),
  rule(/\babout cancellations\b/, "about cancelling their subscription", "about cancellation requests"),
  rule(/\babout missing items\b/, "about items that were missing"),
  rule(/\babout damaged items\b/, "about damaged products", "about items that arrived damaged"),
  rule(/\babout payment issues\b/, "about payment problems", "about failed payments"),
  rule(/\babout technical issues\b/, "about technical problems"),
  rule(/\babout service outages\b/, "about outages"),
  rule(/\bthe QA score\b/, "the quality score", "the QA rating", "the quality assurance score"),
  rule(/\baverage QA score\b/, "average quality score", "mean QA score"),
  rule(/\bCSAT score\b/, "customer satisfaction score", "CSAT rating"),
  rule(/\baverage handle time\b/, "average handling time", "mean handle time"),
  rule(/\bwait time\b/, "waiting time", "time in queue"),
  rule(/\bwere escalated\b/, "got escalated", "had been escalated"),
  rule(/\bwere transferred\b/, "got transferred", "were handed off to another agent"),
  rule(/\bwere not resolved\b/, "were never resolved", "remained unresolved"),
  rule(/\bnegative sentiment tag\b/, "negative sentiment"),
  rule(
    /\blonger than 30 minutes\b/,
    "longer than half an hour",
    "over thirty minutes",
    "lasting more than 1800 seconds",
  ),
  rule(/\bwithin seven days\b/, "within a week", "within 7 days"),
  rule(/\bwithin 24 hours\b/, "within a day", "within one day"),
  rule(/\bmore than five minutes\b/, "over 5 minutes", "longer than five minutes"),
  rule(/\bthree\b/, "3"),
  rule(/\bfive\b/, "5"),
];

/** Conditions in another order, and the voice of "handled by". */
const ORDER: readonly Rule[] = [
  rule(/^(What|How) (.*) (last|this) (week|month|quarter|year)\?$/, "$3 $4, $1 $2?"),
  rule(
    /\bcalls handled by the ([A-Z][\w ]*?) team\b/,
    "calls the $1 team handled",
    "calls that the $1 team handled",
  ),
  rule(
    /\bcalls from (last|this) (week|month|quarter) that were (\w+)\b/,
    "$3 calls from $1 $2",
    "calls $3 $1 $2",
  ),
];

/** Filler a planner adds that asks for nothing. */
const FILLER: readonly Rule[] = [rule(/^/, "Please ", "Next, ", "Now ")];

/** The final LLM step and the extraction step in other words; the placeholders stay. */
function rewriteLlm(prompt: string, pick: Pick): string {
  const outputs = [...prompt.matchAll(/\((\d+)\)/g)].map((m) => `(${m[1]})`);
  const listed =
    outputs.length <= 1 ? (outputs[0] ?? "") : `${outputs.slice(0, -1).join(", ")} and ${outputs.at(-1)}`;
  if (/\(query\)/.test(prompt)) {
    const options = [
      prompt,
      `Use ${listed} to answer (query).`,
      `Bring together ${listed} and respond to (query).`,
      `Merge the results in ${listed} into one answer to (query).`,
      `Answer (query) from ${listed}.`,
    ];
    return options[pick(options.length)] as string;
  }
  if (/data insights/i.test(prompt) && outputs.length === 1) {
    const options = [
      prompt,
      `Pull the interaction_ids out of the data insights table in ${listed}.`,
      `List the interaction ids from the 'data insights' table of ${listed}.`,
      `From the data insights table of ${listed}, extract the interaction_ids as a list.`,
    ];
    return options[pick(options.length)] as string;
  }
  return prompt;
}

/** A faithful paraphrase of one prompt. Placeholders, tools and wiring are never touched. */
export function paraphrasePrompt(step: PlanStep, pick: Pick): string {
  if (step.tool === "LLM") return rewriteLlm(step.prompt, pick);
  let text = step.prompt;
  for (const rules of [ORDER, TERMS, NOUNS, MOOD]) text = rewrite(text, rules, pick);
  // Lower-case what was the first word when filler goes before it ("Please fetch …").
  const filler = rewrite("", FILLER, pick);
  if (filler !== "") text = `${filler}${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  return text;
}

export function paraphrasePlan(plan: Plan, pick: Pick): Plan {
  return { steps: plan.steps.map((step) => ({ ...step, prompt: paraphrasePrompt(step, pick) })) };
}

/** One real intent change of a step's prompt, or null when the kind does not apply to it. */
export type Perturbation = (prompt: string, pick: Pick) => string | null;

const DRIVERS = [
  ["refunds", "refund"],
  ["billing disputes", "billing dispute"],
  ["delivery delays", "delivery delay"],
  ["missing items", "missing item"],
  ["damaged items", "damaged item"],
  ["account access", "account access"],
  ["order status", "order status"],
  ["cancellations", "cancellation"],
  ["payment issues", "payment issue"],
  ["technical issues", "technical issue"],
  ["service outages", "service outage"],
  ["fraud", "fraud"],
  ["card replacement", "card replacement"],
  ["booking changes", "booking change"],
  ["loyalty points", "loyalty program"],
  ["plan changes", "plan change"],
  ["return requests", "return request"],
  ["insurance claims", "insurance claim"],
  ["loan applications", "loan application"],
] as const;

const PERIODS = [
  "last week",
  "last month",
  "this month",
  "last quarter",
  "this quarter",
  "this week",
  "last year",
];

function swapOne(prompt: string, words: readonly string[], pick: Pick): string | null {
  const present = words.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(prompt));
  const found = present[0];
  if (found === undefined) return null;
  const others = words.filter((w) => !present.includes(w));
  const other = others[pick(others.length)] as string;
  return prompt.replace(new RegExp(`\\b${found}\\b`, "i"), other);
}

export const PERTURBATIONS: Record<string, Perturbation> = {
  "another call driver": (prompt, pick) => {
    const present = DRIVERS.findIndex(([plural, singular]) =>
      new RegExp(`\\b(?:${plural}|${singular})\\b`, "i").test(prompt),
    );
    if (present < 0) return null;
    const [plural, singular] = DRIVERS[present] as readonly [string, string];
    const others = DRIVERS.filter((_, i) => i !== present);
    const [otherPlural, otherSingular] = others[pick(others.length)] as readonly [string, string];
    return prompt
      .replace(new RegExp(`\\b${plural}\\b`, "i"), otherPlural)
      .replace(new RegExp(`\\b${singular}\\b`, "i"), otherSingular);
  },
  "another time window": (prompt, pick) => swapOne(prompt, PERIODS, pick),
  "calls and interactions swapped": (prompt) => {
    if (/\bcall_ids of calls\b/.test(prompt))
      return prompt.replace(/\bcall_ids of calls\b/, "interaction_ids of interactions");
    if (/\binteraction_ids of interactions\b/.test(prompt))
      return prompt.replace(/\binteraction_ids of interactions\b/, "call_ids of calls");
    if (/^(What|How many) (?!.*\b(?:these|those) calls\b).*\bcalls\b/.test(prompt))
      return prompt.replace(/\bcalls\b/, "interactions");
    return null;
  },
  "a dropped condition": (prompt) => {
    const periods = new RegExp(` (?:from |in |during )?(?:${PERIODS.join("|")})\\b`);
    if (periods.test(prompt)) return prompt.replace(periods, "");
    if (/ that were (?:escalated|transferred)\b/.test(prompt))
      return prompt.replace(/ that were (?:escalated|transferred)\b/, "");
    if (/\bescalated \b/.test(prompt)) return prompt.replace(/\bescalated \b/, "");
    return null;
  },
};
