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

/**
 * Rewrites the first match of each rule, in order, with a picked wording (the original wording is one option,
 * unless `forced`: then a rule that applies always changes the text).
 */
function rewrite(prompt: string, rules: readonly Rule[], pick: Pick, forced = false): string {
  let text = prompt;
  for (const { pattern, wordings } of rules) {
    if (!pattern.test(text)) continue;
    const options = forced ? wordings : ["$&", ...wordings];
    text = text.replace(pattern, options[pick(options.length)] as string);
  }
  return text;
}

/**
 * The classes of wording blind set 2 found (docs/plan-matching.md, section 9), each a grammar of its own so that a
 * suite can force it: the general paraphrase applies them too, at random.
 */
export const CLASS_RULES: Record<string, readonly Rule[]> = {
  /** An age or window in another unit or form: "24 months" is "two years", "less than three" is "their first three". */
  "calendar amounts": [
    rule(
      /\bwith less than (three|six) months of tenure\b/,
      "in their first $1 months",
      "in their first $1 months on the job",
      "with fewer than $1 months of tenure",
    ),
    rule(
      /\bwith more than 24 months of tenure\b/,
      "with over two years of tenure",
      "with more than 2 years of tenure",
      "with a tenure of more than two years",
    ),
    rule(
      /\bwith a tenure of one month or less\b/,
      "with a tenure of at most one month",
      "with no more than a month of tenure",
      "with at most a month of tenure",
    ),
  ],
  /** Ending something owned, with words describing it between: "closing a savings account". */
  "ending a described account": [
    rule(
      /^Why do customers close their savings account\?$/,
      "For what reasons are customers closing their savings accounts?",
      "Why are customers closing a savings account?",
      "What makes customers close their savings account?",
    ),
    rule(
      /\bthreaten to close their account\b/,
      "threaten to close their bank account",
      "threaten to close the account",
    ),
    rule(/\bthreatens to cancel\b/, "threatens to cancel their contract", "threatens to cancel the service"),
  ],
  /** A unit ranked first, asked for by "which", by fetching it, or as the unit "with" the top value. */
  "ranked units": [
    rule(
      /^Fetch the (team|agent|site) with the highest /,
      "Identify which $1 had the top ",
      "Which $1 had the highest ",
      "Find the $1 that has the highest ",
    ),
    rule(
      /^Which (team|agent|site) had the highest /,
      "Fetch the $1 with the highest ",
      "Identify the $1 with the top ",
    ),
    rule(
      /^Fetch the (five |three )?(agents?|teams?|sites?) (who|that) handled the most\b/,
      "Which $1$2 handled the most",
      "List the $1$2 that handled the largest number of",
    ),
    rule(/^Which (team|agent|site) (received|handled) the most\b/, "Fetch the $1 that $2 the most"),
    rule(
      /\bwho transferred the most\b/,
      "who transferred the largest number of",
      "who transferred the greatest number of",
    ),
    rule(/\bthat took the most\b/, "that took the largest number of", "that took the greatest number of"),
  ],
  /** A count per period as a frequency adjective: "per week" is "weekly". */
  "frequency breakdowns": [
    rule(
      /^How many (.+) were there per week (.+)\?$/,
      "Give the weekly count of $1 $2.",
      "What was the weekly number of $1 $2?",
    ),
    rule(
      /^How many (.+) were received in each week of (.+)\?$/,
      "What was the weekly count of $1 received in $2?",
    ),
  ],
  /** "most" as an adverb of degree, at the end of the question or before its next phrase. */
  "degree adverbs": [
    rule(/\bcomplain about most\?$/, "complain about the most?", "complain about most of all?"),
    rule(/\bfrustrates them most\b/, "frustrates them the most"),
    rule(/^What are customers most (unhappy|worried) about\?$/, "What are customers $1 about the most?"),
  ],
  /** A score asked of a population is its average: "the QA score of these calls". */
  "implicit average": [
    rule(
      /^What (is|was) the average ([a-zA-Z &]+ score|handle time|hold time) of these (calls|chats|interactions|emails)\?$/,
      "What $1 the $2 of these $3?",
      "$2 of these $3?",
      "Give the $2 for these $3.",
    ),
  ],
  /** Who started the interaction, in other words. */
  direction: [rule(/\boutbound calls\b/, "outgoing calls"), rule(/\binbound calls\b/, "incoming calls")],
  /** What a rank is by, named as a count: "the top five agents by number of calls". */
  "rank criterion": [
    rule(
      /^Fetch the (five|three) agents who handled the most (.+) calls (in|last|this) /,
      "Fetch the top $1 agents by number of $2 calls handled $3 ",
      "List the top $1 agents by the volume of $2 calls $3 ",
    ),
  ],
  /** More than once in other words. */
  "repeated moments": [
    rule(/\btransferred more than once\b/, "transferred multiple times", "transferred two or more times"),
    rule(/\bat least one (\w+) call\b/, "one or more $1 calls"),
  ],
  /** Every channel named is the population of all interactions. */
  "every channel": [
    rule(
      /\binteraction_ids of interactions\b/,
      "interaction_ids of all interactions (calls, chats and emails)",
      "interaction_ids of every interaction, whether call, chat or email",
    ),
    rule(/^How many (\w+ )?interactions\b/, "How many $1calls, chats and emails"),
  ],
  /** Blind set 3: a team named without the head noun or article the reader keys on. */
  "a team without its head noun": [
    rule(
      /\bhandled by the ((?:[A-Z][\w-]*|\d+)(?: (?:[A-Z][\w-]*|\d+))*) team\b/,
      "handled by $1",
      "that $1 handled",
      "handled by $1 agents",
    ),
    rule(/\b(calls|callers) (?:to|on) the ([a-z]+(?: [a-z]+)?) line\b/, "$2-line $1", "$2 line $1"),
  ],
  /** Blind set 3: the comparison after the measure it bounds ("one month of tenure or less"). */
  "a bound after the measure": [
    rule(
      /\bwith a tenure of one month or less\b/,
      "with one month of tenure or less",
      "with one month or less of tenure",
      "with 1 month of tenure or less",
    ),
    rule(/\b(three|3) or more times\b/, "3 times or more", "three times or more"),
  ],
  /** Blind set 3: the commonest topics asked for as a rank with nothing to rank ("the most frequent complaints"). */
  "a rank of topics": [
    rule(
      /^What do customers complain about most\?$/,
      "What are customers' most frequent complaints?",
      "What are the most common complaints customers raise?",
      "What are the most frequent complaints from customers?",
    ),
    rule(
      /^What do customers most often praise about our support\?$/,
      "What aspects of our support do customers praise most often?",
      "What do customers praise most about our support?",
      "What are the most common compliments customers give our support?",
    ),
  ],
  /** Blind set 3: a why question asked as what caused or led to it. */
  "a cause asked for": [
    rule(
      /^Why (?:were|was) these (calls|chats|interactions|emails) (escalated|transferred)\?$/,
      "What caused these $1 to be $2?",
      "What led to these $1 being $2?",
      "What caused the escalation of these $1?",
    ),
    rule(
      /^Why did the customer ask for a supervisor\?$/,
      "What caused the customer to ask for a supervisor?",
    ),
    rule(
      /^Why did customers contact us again\?$/,
      "What caused customers to contact us again?",
      "What led customers to contact us again?",
    ),
  ],
};

const CLASSES: readonly Rule[] = Object.values(CLASS_RULES).flat();

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
  for (const rules of [CLASSES, ORDER, TERMS, NOUNS, MOOD]) text = rewrite(text, rules, pick);
  // Lower-case what was the first word when filler goes before it ("Please fetch …").
  const filler = rewrite("", FILLER, pick);
  if (filler !== "") text = `${filler}${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  return text;
}

export function paraphrasePlan(plan: Plan, pick: Pick): Plan {
  return { steps: plan.steps.map((step) => ({ ...step, prompt: paraphrasePrompt(step, pick) })) };
}

/** The plan with one class's wordings forced wherever they apply, or null when none applies to it. */
export function forceClass(plan: Plan, name: string, pick: Pick): Plan | null {
  const rules = CLASS_RULES[name] ?? [];
  let changed = false;
  const steps = plan.steps.map((step) => {
    if (step.tool === "LLM") return step;
    const prompt = rewrite(step.prompt, rules, pick, true);
    changed ||= prompt !== step.prompt;
    return { ...step, prompt };
  });
  return changed ? { steps } : null;
}

/** What a T2S twin of a why or what question may spell out as its breakdown (each a stored field). */
const BREAKDOWN_FIELDS = [
  "call driver",
  "team",
  "how often these calls were escalated",
  "whether they were transferred",
  "whether a repeat contact followed",
  "whether they failed a QA check",
  "customer segment",
];
const BREAKDOWN_LEADS = ["Break it down by", "Split the answer by", "Group it by", "broken down by"];

/**
 * A T2S twin of a why or what question ("Why are these customers unhappy?") spelling out a breakdown by stored
 * fields ("… Break it down by call driver and whether they were transferred."): the same request, with at
 * most an executability flaw. Null when the step is no such twin.
 */
export function spellOutBreakdown(step: PlanStep, twins: ReadonlySet<string>, pick: Pick): string | null {
  if (step.tool !== "T2S" || !twins.has(step.prompt) || !/^(?:Why|What)\b.*\?$/.test(step.prompt))
    return null;
  if (/\b(?:average|share|rate|percentage|how many|number)\b/i.test(step.prompt)) return null;
  const count = 1 + pick(4);
  const fields: string[] = [];
  for (let i = 0; i < count; i++) {
    const left = BREAKDOWN_FIELDS.filter((f) => !fields.includes(f));
    fields.push(left[pick(left.length)] as string);
  }
  const listed = fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
  const lead = BREAKDOWN_LEADS[pick(BREAKDOWN_LEADS.length)] as string;
  return lead === "broken down by"
    ? `${step.prompt.slice(0, -1)}, ${lead} ${listed}?`
    : `${step.prompt} ${lead} ${listed}.`;
}

/** An LLM step that only pulls the ids out of a RAG step's data insights table for a later step. */
function isExtraction(step: PlanStep): boolean {
  return step.tool === "LLM" && /data insights/i.test(step.prompt) && !/\(query\)/.test(step.prompt);
}

/**
 * The plan without one id-extraction step, its readers reading the RAG step it read instead, steps renumbered:
 * the missing step a planner skips. Null when the plan has no extraction step (or `which` has none to pick).
 */
export function dropExtraction(plan: Plan, pick: Pick): { plan: Plan; dropped: number } | null {
  const extractions = plan.steps.filter((s) => isExtraction(s) && s.depends_on.length === 1);
  if (extractions.length === 0) return null;
  const dropped = extractions[pick(extractions.length)] as PlanStep;
  const source = dropped.depends_on[0] as number;
  const renumber = (id: number) => (id === dropped.id ? source : id) - (id > dropped.id ? 1 : 0);
  const steps = plan.steps
    .filter((s) => s.id !== dropped.id)
    .map((s) => ({
      ...s,
      id: renumber(s.id),
      inputs: [...new Set(s.inputs.map(renumber))],
      depends_on: [...new Set(s.depends_on.map(renumber))],
      prompt: s.prompt.replace(/\((\d+)\)/g, (whole, k: string) => {
        const id = Number(k);
        return plan.steps.some((t) => t.id === id) ? `(${renumber(id)})` : whole;
      }),
    }));
  return { plan: { steps }, dropped: dropped.id };
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

/** The two ends of a rank, in the suite's own words. */
const RANK_ENDS: readonly (readonly [RegExp, string])[] = [
  [/\bhighest\b/, "lowest"],
  [/\blowest\b/, "highest"],
  [/\bthe most\b/, "the fewest"],
  [/\btop\b/, "bottom"],
  [/\bmost frequent\b/, "least frequent"],
];

export const PERTURBATIONS: Record<string, Perturbation> = {
  "the other end of a rank": (prompt) => {
    const end = RANK_ENDS.find(([pattern]) => pattern.test(prompt));
    return end ? prompt.replace(end[0], end[1]) : null;
  },
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

/** Team names of the shipped data, in the suite's own list: another team is a real change of population. */
const TEAMS = ["Billing Support", "Tier 2", "Retention", "Night Shift", "Phoenix", "Dallas", "collections"];
const NAMED_TEAM_PHRASE = new RegExp(`\\bthe (${TEAMS.join("|")}) team\\b`, "i");

/**
 * Intent changes that guard blind set 3's rules (docs/plan-matching.md, section 10): a team rule that reads a name
 * in the other prompt's words must still tell two teams apart and a team from none, and a question about praise
 * is not one about complaints.
 */
export const GUARD_PERTURBATIONS: Record<string, Perturbation> = {
  "another team": (prompt, pick) => {
    const found = NAMED_TEAM_PHRASE.exec(prompt);
    if (!found) return null;
    const others = TEAMS.filter((t) => t.toLowerCase() !== (found[1] as string).toLowerCase());
    return prompt.replace(NAMED_TEAM_PHRASE, `the ${others[pick(others.length)]} team`);
  },
  "a dropped team": (prompt) => {
    const handled = new RegExp(` (?:were )?handled by ${NAMED_TEAM_PHRASE.source}`, "i");
    return handled.test(prompt) ? prompt.replace(handled, "") : null;
  },
  "praise and complaints swapped": (prompt) => {
    if (/\bpraise about\b/.test(prompt)) return prompt.replace(/\bpraise about\b/, "complain about");
    if (/\bpraise\b/.test(prompt)) return prompt.replace(/\bpraise\b/, "complain about");
    if (/\bcomplain about\b/.test(prompt)) return prompt.replace(/\bcomplain about\b/, "praise");
    return null;
  },
};
