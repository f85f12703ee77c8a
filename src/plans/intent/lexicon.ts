/**
 * The slot lexicon: the wordings by which a contact-center prompt names a population filter, a period, a metric
 * or an aggregation, and the canonical value each stands for. English first; tools.yaml adds every call driver,
 * moment and QA term with its variants (see slots.ts). The scope and limits are in docs/plan-matching.md.
 */

export const SLOT_NAMES = [
  "driver",
  "entity",
  "team",
  "moment",
  "resolution",
  "sentiment",
  "period",
  "metric",
  "aggregation",
  "number",
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** One wording → one slot value. An empty value consumes the words without setting a slot (fixed phrases). */
export type LexiconEntry = readonly [wording: string, slot: SlotName | null, value: string];

const entries = (slot: SlotName | null, table: Record<string, readonly string[]>): LexiconEntry[] =>
  Object.entries(table).flatMap(([value, wordings]) => wordings.map((w) => [w, slot, value] as const));

/** Phrases that look like slots but are not filters: the call-driver field's name, the input ids. */
const FIXED = entries(null, {
  "": [
    "call driver",
    "driver",
    "call reason",
    "contact reason",
    "reason for the call",
    "these calls",
    "these call",
    "these interactions",
    "these chats",
    "these emails",
    "those calls",
    "those interactions",
    "the following",
    "call center",
    "contact center",
    "data insights",
    "data insights table",
    "rate lock",
    "rate-lock",
    "interest rate",
    "exchange rate",
    "mortgage rate",
  ],
});

const ENTITY = entries("entity", {
  call: ["call", "phone call", "voice call", "calls"],
  chat: ["chat", "chat session", "live chat"],
  email: ["email", "e-mail", "mail ticket"],
  interaction: ["interaction", "contact", "ticket"],
});

/** The id words say which kind was asked for only when no population noun does (docs, section 3). */
export const ID_KIND = entries("entity", {
  call: ["call id", "call_id", "callid"],
  interaction: ["interaction id", "interaction_id", "conversation id", "contact id"],
});

const DRIVER_PARAPHRASES = entries("driver", {
  refund: ["refund-related", "refund related", "money back", "reimburse", "refunded"],
  "billing dispute": [
    "billing issue",
    "billing problem",
    "billing question",
    "charge dispute",
    "dispute a charge",
  ],
  "delivery delay": ["late order", "delayed shipment", "late shipment", "package late", "late deliveries"],
  "account access": ["locked out", "cannot log in", "can't log in", "sign in"],
  cancellation: ["cancel their subscription", "cancel subscription", "cancelling", "canceling"],
});

const TEAM = entries("team", {
  "day shift": ["day shift", "daytime shift", "day-shift"],
  "night shift": ["night shift", "overnight shift", "night-shift", "night team"],
  "weekend shift": ["weekend shift", "weekend team"],
  "morning shift": ["morning shift"],
  "evening shift": ["evening shift"],
  "tier 1": ["tier 1", "tier one", "tier-1"],
  "tier 2": ["tier 2", "tier two", "tier-2"],
  "tier 3": ["tier 3", "tier three", "tier-3"],
});

/** Resolution has a polarity tools.yaml does not keep apart ("resolved" and "unresolved" are one field there). */
const RESOLUTION = entries("resolution", {
  resolved: [
    "resolved",
    "issue resolved",
    "marked as resolved",
    "marked resolved",
    "solved",
    "fixed on the first call",
  ],
  unresolved: [
    "unresolved",
    "not resolved",
    "not be resolved",
    "could not be resolved",
    "wasn't resolved",
    "weren't resolved",
    "not been resolved",
    "never resolved",
    "unsolved",
    "left unresolved",
    "issue not resolved",
  ],
  any: ["resolution status", "did we resolve", "dwr", "dwr status", "resolution", "issue resolution"],
});

const SENTIMENT = entries("sentiment", {
  negative: [
    "negative sentiment",
    "sentiment was negative",
    "sentiment is negative",
    "negative customer sentiment",
  ],
  positive: [
    "positive sentiment",
    "sentiment was positive",
    "sentiment is positive",
    "positive customer sentiment",
  ],
  neutral: ["neutral sentiment", "sentiment was neutral"],
  change: [
    "sentiment change",
    "sentiment changed",
    "sentiment shift",
    "sentiment shifted",
    "sentiment transition",
    "sentiment transitioned",
    "sentiment improve",
    "sentiment improved",
    "change in sentiment",
    "shift in sentiment",
  ],
  any: ["sentiment", "sentiment tag", "customer sentiment"],
});

const PERIOD = entries("period", {
  today: ["today"],
  yesterday: ["yesterday"],
  "this week": ["this week", "current week", "week to date"],
  "last week": ["last week", "previous week", "past week", "prior week", "the week before"],
  "this month": ["this month", "current month", "month to date"],
  "last month": ["last month", "previous month", "past month", "prior month"],
  "this quarter": ["this quarter", "current quarter"],
  "last quarter": ["last quarter", "previous quarter", "past quarter", "prior quarter"],
  "this year": ["this year", "current year", "year to date", "ytd"],
  "last year": ["last year", "previous year", "past year", "prior year"],
  q1: ["q1", "first quarter"],
  q2: ["q2", "second quarter"],
  q3: ["q3", "third quarter"],
  q4: ["q4", "fourth quarter"],
  weekend: ["weekend", "weekends"],
  ...Object.fromEntries(
    "january february march april may june july august september october november december"
      .split(" ")
      .map((month) => [month, [month]]),
  ),
});

const METRIC = entries("metric", {
  csat: ["csat", "csat score", "customer satisfaction score", "satisfaction score", "survey score"],
  duration: [
    "duration",
    "handle time",
    "handling time",
    "aht",
    "call length",
    "lasting",
    "longer",
    "shorter",
    "how long",
  ],
  "wait time": ["wait time", "waiting time", "queue time", "time in queue", "waited"],
  "agent tenure": ["agent tenure", "tenure"],
});

const AGGREGATION = entries("aggregation", {
  count: ["how many", "number of", "count", "total number", "volume of"],
  share: ["percentage", "percent", "share", "proportion", "rate", "fraction", "what portion"],
  average: ["average", "mean", "avg"],
  sum: ["sum", "total time", "in total"],
  compare: [
    "compare",
    "comparison",
    "versus",
    "vs",
    "higher",
    "lower",
    "difference",
    "differ",
    "more often",
    "less often",
  ],
  rank: [
    "highest",
    "lowest",
    "rank",
    "ranked",
    "ranking",
    "top",
    "bottom",
    "the most",
    "the least",
    "most often",
    "most frequent",
    "most common",
  ],
  trend: [
    "trend",
    "over time",
    "week over week",
    "month over month",
    "by week",
    "by month",
    "per week",
    "per month",
    "by day",
    "per day",
  ],
  ids: ["id", "ids", "identifier", "identifiers"],
});

/** Entries in priority order: at the same length an earlier entry wins over a later one and over tools.yaml. */
export const LEXICON: readonly LexiconEntry[] = [
  ...FIXED,
  ...ID_KIND,
  ...RESOLUTION,
  ...SENTIMENT,
  ...DRIVER_PARAPHRASES,
  ...TEAM,
  ...PERIOD,
  ...METRIC,
  ...AGGREGATION,
  ...ENTITY,
];

/** Words before a moment or resolution that turn it around ("not escalated", "without a transfer"). */
export const NEGATIONS = new Set(["not", "no", "never", "without", "non", "un"]);

/** Comparison words bound to the number that follows within two words ("longer than 30", "over 5"). */
export const COMPARATORS: ReadonlyMap<string, string> = new Map([
  ["more", ">"],
  ["longer", ">"],
  ["over", ">"],
  ["above", ">"],
  ["greater", ">"],
  ["exceed", ">"],
  ["exceeding", ">"],
  ["higher", ">"],
  ["least", ">="],
  ["less", "<"],
  ["shorter", "<"],
  ["under", "<"],
  ["below", "<"],
  ["fewer", "<"],
  ["lower", "<"],
  ["most", "<="],
]);

/** Number words read as numbers. "one" is left out: it is far more often a pronoun than a count. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  [
    ["once", 1],
    ["twice", 2],
    ["two", 2],
    ["three", 3],
    ["four", 4],
    ["five", 5],
    ["six", 6],
    ["seven", 7],
    ["eight", 8],
    ["nine", 9],
    ["ten", 10],
    ["dozen", 12],
    ["fifteen", 15],
    ["twenty", 20],
    ["thirty", 30],
    ["half", 50],
  ].map(([word, value]) => [word as string, value as number]),
);

/** A number followed by one of these is a time span and implies the duration metric ("over 30 minutes"). */
/** A number followed by one of these counts the plan's own parts ("combine the 2 outputs"): not a slot. */
export const STRUCTURE_NOUNS = new Set(["output", "step", "result", "input", "source", "answer", "part"]);

export const TIME_UNITS = new Set(["second", "minute", "min", "hour", "hr"]);

/**
 * Synonyms for the words left after slots: each maps to one canonical word, so "Get", "Retrieve" and "Pull"
 * compare equal, and so do "unhappy", "dissatisfied" and "frustrated".
 */
export const SYNONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    fetch: [
      "get",
      "retrieve",
      "pull",
      "find",
      "identify",
      "extract",
      "select",
      "return",
      "obtain",
      "gather",
      "collect",
      "list",
      "show",
      "give",
    ],
    unhappy: [
      "dissatisfied",
      "frustrated",
      "upset",
      "annoyed",
      "angry",
      "displeased",
      "unsatisfied",
      "dissatisfaction",
      "frustration",
      "complain",
      "complaint",
      "unhappiness",
    ],
    happy: ["satisfied", "pleased", "content", "satisfaction"],
    customer: ["caller", "client", "user", "consumer"],
    agent: ["representative", "rep", "advisor", "associate"],
    reason: ["cause", "driver", "why", "because"],
    combine: [
      "merge",
      "aggregate",
      "synthesize",
      "synthesise",
      "summarize",
      "summarise",
      "consolidate",
      "integrate",
    ],
    answer: ["respond", "address", "reply"],
    handle: ["handling", "handled", "deal", "dealt", "manage", "managed"],
    explain: ["explanation", "describe", "clarify"],
    common: ["frequent", "often", "typical", "recurring", "prevalent"],
    issue: ["problem", "trouble"],
    escalate: ["escalation", "escalated"],
    supervisor: ["manager", "team lead"],
  }).flatMap(([canonical, words]) => [
    [canonical, canonical] as const,
    ...words.map((w) => [w, canonical] as const),
  ]),
);

/** Words that carry no intent of their own. */
export const STOPWORDS = new Set(
  (
    "a an the of in on for to and or is are was were be been being what which who whom how that this these those " +
    "with by from at as it its their there do doe did done than where when all any each per into about most such " +
    "whose while whether has have had our we us you your they them i me my can could would should will please " +
    "also just only very so then following output step result data out up both either via using use based " +
    "related regarding concerning involving conversation first second third label got gotten getting during " +
    "s t wa ha"
  ).split(" "),
);

/** Words nearly every step has: they count a little, so steps that only differ in them still compare as close. */
export const WEAK = new Set([
  "fetch",
  "query",
  "answer",
  "combine",
  "placeholder",
  "list",
  "record",
  "row",
  "table",
]);
