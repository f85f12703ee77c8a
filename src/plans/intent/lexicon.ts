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
  "segment",
  "business",
  "direction",
  "group",
  "language",
  "requests",
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** SLOT_NAMES in their order without `left`: a reader's subset names what it leaves out, so a new slot is in it by default. */
export function slotsExcept(...left: readonly SlotName[]): readonly SlotName[] {
  return SLOT_NAMES.filter((name) => !left.includes(name));
}

/** One wording → one slot value. An empty value consumes the words without setting a slot (fixed phrases). */
export type LexiconEntry = readonly [wording: string, slot: SlotName | null, value: string];

const entries = (slot: SlotName | null, table: Record<string, readonly string[]>): LexiconEntry[] =>
  Object.entries(table).flatMap(([value, wordings]) => wordings.map((w) => [w, slot, value] as const));

/** Every "verb object" wording of a family: cross(["cancel", "end"], ["their subscription"]). */
const cross = (heads: readonly string[], tails: readonly string[]): string[] =>
  heads.flatMap((head) => tails.map((tail) => `${head} ${tail}`));

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
    "those chats",
    "such calls",
    "such chats",
    "such interactions",
    "the same calls",
    "these conversations",
    "those conversations",
    // "Call" as a verb is not the channel: an agent promising to call the customer back is a promise.
    "call the customer back",
    "call them back",
    "call customers back",
    "call back",
    "callback",
    "call-back",
    "calling them back",
    "call driver field",
    // Within-call time: what a sentiment change or a "what happened" question already implies.
    "over the course of",
    "in the course of",
    "from start to finish",
    "from beginning to end",
    "from the start to the end",
    "from the beginning to the end",
    "as the call went on",
    "as the call progressed",
    "as the conversation went on",
    "as the conversation progressed",
    "throughout",
    "by the end",
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
  call: [
    "call",
    "phone call",
    "voice call",
    "calls",
    "phone conversation",
    "phone interaction",
    "telephone call",
    "voice interaction",
    "phone contact",
  ],
  chat: ["chat", "chat session", "live chat", "chat conversation", "chat interaction", "web chat"],
  email: ["email", "e-mail", "mail ticket", "email ticket", "email conversation"],
  interaction: [
    "interaction",
    "contact",
    "ticket",
    "interactions of any channel",
    "interactions across all channels",
    "contacts of any channel",
    "all channels",
    "every channel",
  ],
});

/**
 * Words that say which kind was asked for only when no population noun does (docs, section 3): the id words, and
 * the caller ("conversations where the caller …" are calls).
 */
export const ID_KIND = entries("entity", {
  call: ["call id", "call_id", "callid"],
  interaction: ["interaction id", "interaction_id", "conversation id", "contact id", "ticket id"],
});
export const CALLER_KIND = entries("entity", {
  call: ["caller", "callers", "called", "calling", "called in", "phoned", "phoning", "rang"],
});

/**
 * The cancellation family's grammar: a verb of ending, an owner, and a thing subscribed to ("cancel their
 * subscription", "closing a savings account"). slots.ts reads it with up to two words of description between
 * owner and thing ("a savings account", "their mobile phone contract"); the words between stay in the rest.
 */
export const ENDING_VERBS = [
  "cancel",
  "end",
  "terminate",
  "close",
  "shut",
  "stop",
  "quit",
  "drop",
  "leave",
  "cancelling",
  "canceling",
  "ending",
  "terminating",
  "closing",
  "shutting",
  "leaving",
  "closed",
  "cancelled",
  "canceled",
  "terminated",
  "ended",
];
/** Nouns of ending before what ends ("the closure of their savings account"). */
export const ENDING_NOUNS = ["closure", "cancellation", "termination"];
export const OWNERS = ["their", "the", "a", "an", "his", "her", "my", "our", "its", "your"];
export const SUBSCRIBED_THINGS = ["subscription", "account", "contract", "service", "membership"];
const OWNED = ["", ...OWNERS.map((owner) => `${owner} `)];
const SUBSCRIPTION = OWNED.flatMap((owner) => SUBSCRIBED_THINGS.map((thing) => `${owner}${thing}`));

const GOODS = [
  "item",
  "items",
  "product",
  "products",
  "order",
  "orders",
  "package",
  "packages",
  "parcel",
  "parcels",
];

/** Everyday wordings of the call drivers, beyond tools.yaml's variants (which slots.ts adds). */
const DRIVER_PARAPHRASES = entries("driver", {
  refund: [
    "refund-related",
    "refund related",
    "money back",
    "reimburse",
    "refunded",
    "reimbursed",
    "refund claim",
    "repayment",
    "get their money back",
    "asking for a refund",
    "requesting a refund",
  ],
  "billing dispute": [
    "billing issue",
    "billing problem",
    "billing question",
    "billing complaint",
    "charge dispute",
    "dispute a charge",
    "disputed bill",
    "bill dispute",
    "disputing a charge",
    "disputing their bill",
    "disputing the bill",
    "dispute their bill",
    "dispute the bill",
    "contested charge",
    "wrong charge",
    "billing disagreement",
    "invoice dispute",
  ],
  "delivery delay": [
    "late order",
    "delayed shipment",
    "late shipment",
    "package late",
    "late deliveries",
    "late package",
    "late parcel",
    "delayed package",
    "delayed parcel",
    "late arrival",
    "arrived late",
    "delivered late",
    "shipment delay",
    "delivery that was late",
    "deliveries that were late",
    "orders arriving late",
    "order arriving late",
  ],
  "missing item": [
    "items missing",
    "missing items",
    "item not received",
    "missing products",
    ...cross(GOODS, [
      "that were missing",
      "that was missing",
      "which were missing",
      "never arrived",
      "that never arrived",
      "not received",
      "that went missing",
      "went missing",
    ]),
  ],
  "damaged item": [
    "broken product",
    "arrived broken",
    "damaged goods",
    "items damaged",
    ...cross(GOODS, [
      "that arrived damaged",
      "arrived damaged",
      "that arrived broken",
      "that were damaged",
      "that was damaged",
      "damaged in transit",
    ]),
  ],
  "account access": [
    "locked out",
    "cannot log in",
    "can't log in",
    "sign in",
    "sign-in",
    "log-in",
    "signing in",
    "logging in",
    "login problem",
    "password",
  ],
  "order status": ["where their order is", "order whereabouts", "order update", "status of their order"],
  cancellation: [
    ...cross(ENDING_VERBS, SUBSCRIPTION),
    ...cross(["shut down", "close down", "get out of", "walk away from", "pull out of"], SUBSCRIPTION),
    "cancelling",
    "canceling",
    "cancelled",
    "canceled",
    "termination",
  ],
  "technical issue": ["technical fault", "technical trouble", "tech issue", "tech problem"],
  "service outage": ["service interruption", "service down", "network down", "outages"],
  fraud: ["fraudulent charge", "fraudulent activity", "scam"],
  "payment issue": ["payment trouble", "payment error", "payment declined", "payments"],
});

/** Everyday wordings of the moments, beyond tools.yaml's variants. */
const MOMENT_PARAPHRASES = entries("moment", {
  transfer: [
    "handed off",
    "handed over",
    "passed to another agent",
    "passed on to another agent",
    "routed to another agent",
    "routed to another team",
    "moved to another agent",
    "sent to another department",
    "transferred to another agent",
    "transferred to another department",
  ],
  escalation: [
    "escalated to a supervisor",
    "escalated to a manager",
    "passed up to a supervisor",
    "handed to a supervisor",
    "went to a supervisor",
    "supervisor escalation",
    "escalations",
  ],
  hold: ["put on hold", "kept on hold", "held on the line"],
  "repeat contact": [
    "contacted us again",
    "called back again",
    "came back",
    "got in touch again",
    "reached out again",
    "second contact",
    "repeat contacts",
  ],
  "follow-up required": [
    "needed a follow-up",
    "needing a follow-up",
    "follow-up needed",
    "required a follow-up",
    "requiring a follow-up",
  ],
  "abusive interaction": ["verbally abusive", "abusive customer", "abusive language", "abuse"],
  silence: ["dead air", "long pause", "long pauses", "silent"],
});

/** The customer segment field (premium, standard, new, small business), with any noun for the customer. */
const CUSTOMER_NOUNS = [
  "customer",
  "customers",
  "client",
  "clients",
  "caller",
  "callers",
  "user",
  "users",
  "account",
  "accounts",
  "member",
  "members",
];
const SEGMENT = entries("segment", {
  premium: ["premium", "vip", ...cross(["premium", "vip"], ["tier", "segment", ...CUSTOMER_NOUNS])],
  standard: cross(["standard", "regular"], ["segment", "tier", ...CUSTOMER_NOUNS]),
  new: cross(["new", "newly joined", "first-time", "recently joined"], ["segment", ...CUSTOMER_NOUNS]),
  "small business": [
    "small business",
    "small-business",
    "small businesses",
    "smb",
    ...cross(["small business", "small-business", "smb"], ["segment", ...CUSTOMER_NOUNS]),
  ],
});

/** The line-of-business field. */
const BUSINESS = entries("business", {
  retail: ["retail"],
  telecom: ["telecom", "telecoms", "telco", "telecommunications", "mobile carrier"],
  banking: ["banking", "bank"],
  insurance: ["insurance line", "insurance business"],
  travel: ["travel"],
  utilities: ["utilities", "utility"],
  saas: ["saas"],
});

/** The language field (ISO codes in the store; names in prompts). */
const LANGUAGE = entries(
  "language",
  Object.fromEntries(
    [
      "english",
      "spanish",
      "french",
      "german",
      "portuguese",
      "italian",
      "polish",
      "dutch",
      "tagalog",
      "hindi",
      "arabic",
      "chinese",
      "japanese",
    ].map((name) => [name, [name, `${name}-speaking`, `${name} speaking`, `${name}-language`, `in ${name}`]]),
  ),
);

const DIRECTION = entries("direction", {
  inbound: ["inbound", "incoming"],
  outbound: ["outbound", "outgoing"],
});

/** What a step breaks its result down by ("for each team", "per agent", "which site"): the GROUP BY. */
const GROUP = entries(
  "group",
  Object.fromEntries(
    [
      ["agent", ["agent", "agents", "representative"]],
      ["team", ["team", "teams"]],
      ["site", ["site", "sites", "location"]],
      ["queue", ["queue", "queues"]],
      ["channel", ["channel", "channels"]],
      ["day", ["day", "days"]],
      ["week", ["week", "weeks"]],
      ["month", ["month", "months"]],
      ["call driver", ["call driver", "driver", "call reason", "contact reason"]],
      ["segment", ["segment", "customer segment"]],
      ["line of business", ["line of business", "business line"]],
    ].map(([value, nouns]) => [
      value as string,
      (nouns as string[]).flatMap((noun) => [
        `each ${noun}`,
        `every ${noun}`,
        `per ${noun}`,
        // "handled by agents" is a filter, not a breakdown.
        ...(value === "agent" ? [] : [`by ${noun}`]),
        `which ${noun}`,
        `broken down by ${noun}`,
        `grouped by ${noun}`,
        `for each ${noun}`,
      ]),
    ]),
  ),
);

const TEAM = entries("team", {
  "day shift": ["day shift", "daytime shift", "day-shift", "day team", "daytime team", "day shift team"],
  "night shift": [
    "night shift",
    "overnight shift",
    "night-shift",
    "night team",
    "overnight team",
    "night shift team",
    "graveyard shift",
  ],
  "weekend shift": ["weekend shift", "weekend team", "weekend shift team"],
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
    "got resolved",
    "was resolved",
    "were resolved",
    "sorted out",
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
    "not fixed",
    "never fixed",
    "not solved",
    "still open",
    "remained unresolved",
    "end unresolved",
    "ended unresolved",
    "without a resolution",
    "without resolution",
    "no resolution",
  ],
  any: ["resolution status", "did we resolve", "dwr", "dwr status", "resolution", "issue resolution"],
});

/** "how did the caller's mood evolve": a feeling noun, then a verb of change in any form. */
const FEELING_NOUNS = [
  "sentiment",
  "mood",
  "emotion",
  "emotions",
  "feeling",
  "feelings",
  "tone",
  "attitude",
  "customer sentiment",
  "customer mood",
  "customer's sentiment",
  "customer's mood",
];
const CHANGE_VERBS = [
  "change",
  "shift",
  "evolve",
  "develop",
  "move",
  "turn",
  "vary",
  "progress",
  "swing",
  "improve",
  "worsen",
  "deteriorate",
  "transition",
].flatMap((verb) => [verb, `${verb}s`, verb.endsWith("e") ? `${verb}d` : `${verb}ed`]);
const CHANGE_NOUNS = [
  "change",
  "changes",
  "shift",
  "shifts",
  "swing",
  "swings",
  "evolution",
  "development",
  "trajectory",
  "transition",
  "improvement",
  "deterioration",
];

const SENTIMENT = entries("sentiment", {
  negative: [
    "negative sentiment",
    "sentiment was negative",
    "sentiment is negative",
    "negative customer sentiment",
    "negative sentiment tag",
    "negatively tagged",
    "tagged negative",
    "tagged as negative",
    "sentiment tagged negative",
    "sentiment tag of negative",
    "negative tag",
    "negative tone",
  ],
  positive: [
    "positive sentiment",
    "sentiment was positive",
    "sentiment is positive",
    "positive customer sentiment",
    "positive sentiment tag",
    "tagged positive",
    "tagged as positive",
    "positive tag",
  ],
  neutral: ["neutral sentiment", "sentiment was neutral"],
  change: [
    ...cross(FEELING_NOUNS, CHANGE_VERBS),
    ...cross(CHANGE_NOUNS, [
      "in sentiment",
      "in mood",
      "of sentiment",
      "of mood",
      "in the customer's sentiment",
    ]),
    ...cross(["sentiment", "mood"], CHANGE_NOUNS),
  ],
  any: ["sentiment", "sentiment tag", "customer sentiment"],
});

const PERIOD = entries("period", {
  today: ["today"],
  yesterday: ["yesterday"],
  "this week": ["this week", "current week", "week to date", "the week so far"],
  "last week": [
    "last week",
    "previous week",
    "past week",
    "prior week",
    "the week before",
    "the most recent full week",
    "the week just ended",
  ],
  "this month": ["this month", "current month", "month to date", "the month so far", "mtd"],
  "last month": [
    "last month",
    "previous month",
    "past month",
    "prior month",
    "the month before",
    "the most recent full month",
    "the month just ended",
  ],
  "this quarter": ["this quarter", "current quarter", "quarter to date", "qtd", "the quarter so far"],
  "last quarter": [
    "last quarter",
    "previous quarter",
    "past quarter",
    "prior quarter",
    "the quarter before",
    "the most recent full quarter",
  ],
  "this year": ["this year", "current year", "year to date", "ytd", "the year so far"],
  "last year": ["last year", "previous year", "past year", "prior year", "the year before"],
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
  csat: [
    "csat",
    "csat score",
    "customer satisfaction score",
    "satisfaction score",
    "survey score",
    "customer satisfaction",
    "satisfaction rating",
    "survey rating",
    "post-call survey score",
    "csat rating",
  ],
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
    "lasted",
    "length",
    "talk time",
  ],
  "wait time": [
    "wait time",
    "waiting time",
    "queue time",
    "time in queue",
    "waited",
    "time in the queue",
    "time spent waiting",
    "time waiting",
    "speed of answer",
  ],
  "agent tenure": [
    "agent tenure",
    "tenure",
    "of experience",
    "been with us",
    "been with the company",
    "on the job",
    "time in the role",
    "length of service",
  ],
});

const AGGREGATION = entries("aggregation", {
  count: [
    "how many",
    "number of",
    "count",
    "total number",
    "volume of",
    "tally",
    "counting",
    "counted",
    "quantity of",
    "total count",
  ],
  share: [
    "percentage",
    "percent",
    "share",
    "proportion",
    "rate",
    "fraction",
    "what portion",
    "ratio",
    "what part",
    "portion",
  ],
  average: ["average", "mean", "avg", "on average", "averaged", "averaging"],
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
    "contrast",
    "compared",
    "comparing",
    "against each other",
    "side by side",
  ],
  rank: [
    // "the largest number of calls" is "the most calls": which unit ranks first, not a count.
    ...cross(
      ["largest", "highest", "greatest", "biggest", "smallest", "lowest", "most", "least"],
      ["number of", "count of", "volume of", "amount of"],
    ),
    "highest",
    "lowest",
    "rank",
    "ranked",
    "ranking",
    "top",
    "bottom",
    "the most",
    "the least",
    "fewest",
    "smallest",
    "most often",
    "most frequent",
    "most common",
    "most frequently",
    "most commonly",
    "biggest",
    "largest",
    "greatest",
    "longest",
    "shortest",
    "best",
    "worst",
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
  ...CALLER_KIND,
  ...RESOLUTION,
  ...SENTIMENT,
  ...DRIVER_PARAPHRASES,
  ...MOMENT_PARAPHRASES,
  ...SEGMENT,
  ...BUSINESS,
  ...DIRECTION,
  ...LANGUAGE,
  ...GROUP,
  ...TEAM,
  ...PERIOD,
  ...METRIC,
  ...AGGREGATION,
  ...ENTITY,
];

/** After "the most" these make it an intensity ("the most dissatisfied with"), not a ranking of groups. */
export const INTENSIFIED = new Set(
  "unhappy dissatisfied frustrated upset annoyed angry displeased unsatisfied worried concerned confused stressed happy satisfied pleased delighted likely unlikely important".split(
    " ",
  ),
);

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
  ["exceeds", ">"],
  ["exceeded", ">"],
  ["beyond", ">"],
  ["minimum", ">="],
  ["within", "<="],
  ["maximum", "<="],
  ["less", "<"],
  ["shorter", "<"],
  ["under", "<"],
  ["below", "<"],
  ["fewer", "<"],
  ["lower", "<"],
  ["most", "<="],
]);

/** Words after a number that turn a bound around or close it ("30 minutes or more", "five or fewer"). */
export const TRAILING_COMPARATORS: ReadonlyMap<string, string> = new Map([
  ["more", ">="],
  ["longer", ">="],
  ["above", ">="],
  ["over", ">="],
  ["greater", ">="],
  ["higher", ">="],
  ["less", "<="],
  ["fewer", "<="],
  ["shorter", "<="],
  ["under", "<="],
  ["below", "<="],
  ["lower", "<="],
]);

/**
 * Number words read as numbers; tens and units add up ("forty-five" is 45). "one" is read only before a time
 * unit or after a comparison word (slots.ts): elsewhere it is far more often a pronoun than a count.
 */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  [
    ["once", 1],
    ["twice", 2],
    ["thrice", 3],
    ["two", 2],
    ["three", 3],
    ["four", 4],
    ["five", 5],
    ["six", 6],
    ["seven", 7],
    ["eight", 8],
    ["nine", 9],
    ["ten", 10],
    ["eleven", 11],
    ["twelve", 12],
    ["dozen", 12],
    ["thirteen", 13],
    ["fourteen", 14],
    ["fifteen", 15],
    ["sixteen", 16],
    ["seventeen", 17],
    ["eighteen", 18],
    ["nineteen", 19],
    ["twenty", 20],
    ["thirty", 30],
    ["forty", 40],
    ["fifty", 50],
    ["sixty", 60],
    ["seventy", 70],
    ["eighty", 80],
    ["ninety", 90],
    ["hundred", 100],
  ].map(([word, value]) => [word as string, value as number]),
);
export const TENS = new Set([20, 30, 40, 50, 60, 70, 80, 90]);
/** Words that count as 1 before a time unit ("an hour", "one minute", "a single day"). */
export const ONE_BEFORE_UNIT = new Set(["one", "an", "a", "single"]);

/** A number followed by one of these is a time span and implies the duration metric ("over 30 minutes"). */
/** A number followed by one of these counts the plan's own parts ("combine the 2 outputs"): not a slot. */
export const STRUCTURE_NOUNS = new Set(["output", "step", "result", "input", "source", "answer", "part"]);

/** Time units with their length in seconds; a span is written in minutes when it is a whole number of them. */
export const TIME_UNITS: ReadonlyMap<string, number> = new Map([
  ["second", 1],
  ["sec", 1],
  ["minute", 60],
  ["min", 60],
  ["hour", 3600],
  ["hr", 3600],
]);
/** Days and weeks are spans when bounded ("within a day", "within seven days"), windows otherwise. */
export const BOUNDED_SPAN_UNITS: ReadonlyMap<string, number> = new Map([
  ["day", 86_400],
  ["week", 604_800],
]);
/**
 * Calendar units after a number give a window or an age ("the last 3 months", "over two years of tenure"), not a
 * duration; each is counted in days or in months, so "two years" and "24 months", "8 weeks" and "56 days" meet.
 */
export const CALENDAR_UNITS: ReadonlyMap<string, readonly [unit: string, factor: number]> = new Map([
  ["day", ["day", 1]],
  ["week", ["day", 7]],
  ["fortnight", ["day", 14]],
  ["month", ["month", 1]],
  ["quarter", ["month", 3]],
  ["year", ["month", 12]],
]);

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
    praise: ["compliment", "commend", "applaud", "laud", "appreciate", "appreciation"],
    customer: ["caller", "client", "user", "consumer"],
    agent: ["representative", "rep", "advisor", "associate"],
    // "What caused these calls to be escalated?", "what led to it" ask why (section 3.2).
    reason: ["cause", "caused", "causing", "led", "driver", "why", "because"],
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

/**
 * The valence of what customers say, as folded by SYNONYMS: a question about complaints and one about praise are
 * two questions even when they share every other word (docs/plan-matching.md, section 3.2).
 */
export const VALENCE: ReadonlyMap<string, "negative" | "positive"> = new Map([
  ["unhappy", "negative"],
  ["happy", "positive"],
  ["praise", "positive"],
]);

/** Words that carry no intent of their own. */
export const STOPWORDS = new Set(
  (
    "a an the of in on for to and or is are was were be been being what which who whom how that this these those " +
    "with by from at as it its their there do doe did done than where when all any each per into about most such " +
    "whose while whether has have had our we us you your they them i me my can could would should will please " +
    "also just only very so then following output step result data out up both either via using use based " +
    "related regarding concerning involving conversation first second third label got gotten getting during " +
    "s t wa ha given next now provided supplied specified mentioned kindly"
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
