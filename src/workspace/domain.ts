/**
 * The contact center the generator simulates: lines of business, routing queues, teams and sites, what each call
 * driver is like, the QA checks of each dimension. The names the tool description promises (drivers, moments, QA
 * dimensions, enum values) must each have a home here; `checkDomain` (generate/check.ts) refuses a build otherwise.
 */
import type { Weighted } from "./random.js";

export type Channel = "call" | "chat" | "email";
export type Segment = "new" | "standard" | "premium" | "small_business";

export const CHANNEL_WEIGHTS: Record<string, Weighted<Channel>> = {
  retail: [
    ["call", 50],
    ["chat", 35],
    ["email", 15],
  ],
  telecom: [
    ["call", 65],
    ["chat", 25],
    ["email", 10],
  ],
  banking: [
    ["call", 70],
    ["chat", 20],
    ["email", 10],
  ],
  insurance: [
    ["call", 60],
    ["chat", 15],
    ["email", 25],
  ],
  travel: [
    ["call", 55],
    ["chat", 30],
    ["email", 15],
  ],
  utilities: [
    ["call", 65],
    ["chat", 20],
    ["email", 15],
  ],
  saas: [
    ["call", 35],
    ["chat", 45],
    ["email", 20],
  ],
};

export const LINE_OF_BUSINESS_WEIGHTS: Weighted<string> = [
  ["retail", 22],
  ["telecom", 20],
  ["banking", 18],
  ["insurance", 10],
  ["travel", 12],
  ["utilities", 10],
  ["saas", 8],
];

/** Which call drivers each line of business sees, and how often (relative weights). */
export const DRIVERS_BY_LINE: Record<string, Weighted<string>> = {
  retail: [
    ["order status", 16],
    ["delivery delay", 14],
    ["missing item", 7],
    ["damaged item", 7],
    ["wrong item", 6],
    ["refund", 12],
    ["return request", 11],
    ["payment issue", 6],
    ["billing dispute", 5],
    ["account access", 6],
    ["loyalty program", 5],
    ["cancellation", 5],
  ],
  telecom: [
    ["billing dispute", 16],
    ["plan change", 14],
    ["technical issue", 18],
    ["service outage", 10],
    ["activation", 9],
    ["cancellation", 10],
    ["payment issue", 9],
    ["account access", 7],
    ["loyalty program", 4],
  ],
  banking: [
    ["fraud", 14],
    ["card replacement", 14],
    ["payment issue", 15],
    ["account access", 14],
    ["billing dispute", 14],
    ["loan application", 12],
    ["cancellation", 6],
    ["refund", 4],
  ],
  insurance: [
    ["insurance claim", 34],
    ["billing dispute", 12],
    ["payment issue", 14],
    ["plan change", 14],
    ["cancellation", 10],
    ["account access", 8],
    ["refund", 6],
  ],
  travel: [
    ["booking change", 34],
    ["refund", 18],
    ["cancellation", 14],
    ["loyalty program", 10],
    ["payment issue", 10],
    ["billing dispute", 10],
  ],
  utilities: [
    ["meter reading", 22],
    ["billing dispute", 20],
    ["service outage", 16],
    ["payment issue", 16],
    ["plan change", 8],
    ["cancellation", 8],
    ["activation", 8],
  ],
  saas: [
    ["account access", 18],
    ["technical issue", 24],
    ["billing dispute", 12],
    ["plan change", 14],
    ["cancellation", 10],
    ["refund", 6],
    ["service outage", 8],
    ["activation", 8],
  ],
};

export interface DriverProfile {
  /** Median handle time of a call, in seconds (chats take longer, emails are open for hours). */
  handleSeconds: number;
  /** Base probability that the issue is resolved in the interaction. */
  resolve: number;
  /** Relative escalation risk (1 = the average driver). */
  escalate: number;
  /** Probability that a call is put on hold. */
  hold: number;
  /** How hard the topic is on the customer's mood, 0 (easy) to 1. */
  strain: number;
}

export const DRIVER_PROFILES: Record<string, DriverProfile> = {
  "payment issue": { handleSeconds: 420, resolve: 0.72, escalate: 1.0, hold: 0.35, strain: 0.5 },
  "billing dispute": { handleSeconds: 540, resolve: 0.58, escalate: 1.8, hold: 0.45, strain: 0.7 },
  "delivery delay": { handleSeconds: 330, resolve: 0.62, escalate: 1.1, hold: 0.3, strain: 0.6 },
  "missing item": { handleSeconds: 360, resolve: 0.7, escalate: 1.1, hold: 0.35, strain: 0.55 },
  "damaged item": { handleSeconds: 390, resolve: 0.72, escalate: 1.0, hold: 0.3, strain: 0.55 },
  "wrong item": { handleSeconds: 360, resolve: 0.74, escalate: 0.9, hold: 0.3, strain: 0.5 },
  "account access": { handleSeconds: 360, resolve: 0.8, escalate: 0.7, hold: 0.3, strain: 0.45 },
  "order status": { handleSeconds: 240, resolve: 0.88, escalate: 0.5, hold: 0.2, strain: 0.3 },
  refund: { handleSeconds: 480, resolve: 0.6, escalate: 1.4, hold: 0.4, strain: 0.65 },
  "return request": { handleSeconds: 390, resolve: 0.75, escalate: 0.8, hold: 0.3, strain: 0.4 },
  cancellation: { handleSeconds: 510, resolve: 0.7, escalate: 1.2, hold: 0.35, strain: 0.55 },
  "plan change": { handleSeconds: 450, resolve: 0.85, escalate: 0.6, hold: 0.3, strain: 0.3 },
  "technical issue": { handleSeconds: 720, resolve: 0.55, escalate: 1.2, hold: 0.5, strain: 0.6 },
  "service outage": { handleSeconds: 420, resolve: 0.45, escalate: 1.6, hold: 0.35, strain: 0.7 },
  fraud: { handleSeconds: 600, resolve: 0.7, escalate: 1.5, hold: 0.45, strain: 0.75 },
  "card replacement": { handleSeconds: 330, resolve: 0.9, escalate: 0.5, hold: 0.25, strain: 0.35 },
  "booking change": { handleSeconds: 540, resolve: 0.78, escalate: 1.0, hold: 0.4, strain: 0.5 },
  "loyalty program": { handleSeconds: 300, resolve: 0.82, escalate: 0.6, hold: 0.25, strain: 0.3 },
  activation: { handleSeconds: 480, resolve: 0.8, escalate: 0.7, hold: 0.35, strain: 0.4 },
  "insurance claim": { handleSeconds: 660, resolve: 0.5, escalate: 1.5, hold: 0.45, strain: 0.7 },
  "meter reading": { handleSeconds: 300, resolve: 0.75, escalate: 0.8, hold: 0.3, strain: 0.45 },
  "loan application": { handleSeconds: 900, resolve: 0.6, escalate: 0.9, hold: 0.4, strain: 0.5 },
};

export const SEGMENT_WEIGHTS: Weighted<Segment> = [
  ["new", 15],
  ["standard", 55],
  ["premium", 18],
  ["small_business", 12],
];

export const LANGUAGE_WEIGHTS: Weighted<string> = [
  ["en", 82],
  ["es", 9],
  ["fr", 4],
  ["de", 3],
  ["pl", 2],
];

export const SITES = ["Manila", "Austin", "Kraków", "remote"] as const;

export interface Team {
  name: string;
  /** Where its agents sit (relative weights). */
  sites: Weighted<string>;
}

export const TEAMS: readonly Team[] = [
  {
    name: "Billing Support",
    sites: [
      ["Manila", 6],
      ["Austin", 3],
      ["remote", 1],
    ],
  },
  {
    name: "Tier 2",
    sites: [
      ["Austin", 5],
      ["Kraków", 4],
      ["remote", 1],
    ],
  },
  {
    name: "Retention",
    sites: [
      ["Austin", 8],
      ["remote", 2],
    ],
  },
  { name: "Night Shift", sites: [["Manila", 1]] },
  {
    name: "Phoenix",
    sites: [
      ["Manila", 7],
      ["remote", 1],
    ],
  },
  {
    name: "Dallas",
    sites: [
      ["Austin", 9],
      ["remote", 1],
    ],
  },
  { name: "Collections", sites: [["Kraków", 1]] },
  {
    name: "Claims",
    sites: [
      ["Kraków", 6],
      ["Austin", 3],
      ["remote", 1],
    ],
  },
  {
    name: "Returns",
    sites: [
      ["Manila", 8],
      ["remote", 1],
    ],
  },
  { name: "Fraud Desk", sites: [["Kraków", 1]] },
  { name: "Lending", sites: [["Austin", 1]] },
  {
    name: "Travel Desk",
    sites: [
      ["Manila", 5],
      ["remote", 2],
    ],
  },
];

/** Calls and chats between these UTC hours go to the night team whatever their queue; emails wait for the day. */
export const NIGHT_HOURS = { from: 22, to: 6 } as const;
export const NIGHT_TEAM = "Night Shift";

/** A routing rule: the first rule that matches an interaction names its queue and the team that serves it. */
export interface Route {
  queue: string;
  team: string;
  lines?: readonly string[];
  drivers?: readonly string[];
  segments?: readonly Segment[];
}

export const ROUTES: readonly Route[] = [
  { queue: "Billing", team: "Billing Support", drivers: ["billing dispute"] },
  {
    queue: "Retention",
    team: "Retention",
    drivers: ["cancellation"],
    lines: ["telecom", "banking", "utilities", "saas", "insurance"],
  },
  {
    queue: "Collections",
    team: "Collections",
    drivers: ["payment issue"],
    lines: ["telecom", "banking", "utilities"],
  },
  { queue: "Seller Support", team: "Phoenix", lines: ["retail"], segments: ["small_business"] },
  { queue: "Returns", team: "Returns", lines: ["retail"], drivers: ["return request", "refund"] },
  { queue: "Orders", team: "Phoenix", lines: ["retail"] },
  { queue: "Tech Support", team: "Tier 2", lines: ["telecom", "saas"], drivers: ["technical issue"] },
  { queue: "Outage", team: "Tier 2", drivers: ["service outage"] },
  { queue: "Telecom Care", team: "Dallas", lines: ["telecom"] },
  { queue: "Fraud", team: "Fraud Desk", lines: ["banking"], drivers: ["fraud"] },
  { queue: "Mortgage", team: "Lending", lines: ["banking"], drivers: ["loan application"] },
  { queue: "Cards", team: "Phoenix", lines: ["banking"] },
  { queue: "Claims", team: "Claims", lines: ["insurance"], drivers: ["insurance claim"] },
  { queue: "Policy Service", team: "Dallas", lines: ["insurance"] },
  { queue: "Hotel Bookings", team: "Travel Desk", lines: ["travel"], segments: ["small_business"] },
  { queue: "Airline Reservations", team: "Travel Desk", lines: ["travel"] },
  { queue: "Energy Billing", team: "Collections", lines: ["utilities"] },
  { queue: "Enterprise Support", team: "Tier 2", lines: ["saas"], segments: ["premium", "small_business"] },
  { queue: "SaaS Support", team: "Dallas", lines: ["saas"] },
];

export function routeOf(line: string, driver: string, segment: Segment): Route {
  const route = ROUTES.find(
    (r) =>
      (!r.lines || r.lines.includes(line)) &&
      (!r.drivers || r.drivers.includes(driver)) &&
      (!r.segments || r.segments.includes(segment)),
  );
  if (!route) throw new Error(`no route for ${line} / ${driver} / ${segment}`);
  return route;
}

/** Where a transfer goes: the specialist team for the topic, else Tier 2. */
export const TRANSFER_TARGETS: Record<string, string> = {
  "billing dispute": "Billing Support",
  cancellation: "Retention",
  "technical issue": "Tier 2",
  "service outage": "Tier 2",
  fraud: "Fraud Desk",
  "insurance claim": "Claims",
  "loan application": "Lending",
  refund: "Returns",
  "return request": "Returns",
  "payment issue": "Collections",
  "booking change": "Travel Desk",
};

/** The pass/fail checks of each QA dimension (the dimensions are the description's QA terms). */
export const QA_CHECKS: Record<string, readonly string[]> = {
  "compliance & pii security": ["identity verified", "disclosure read", "PII protected"],
  "case handling": ["issue identified", "correct resolution offered", "case notes completed"],
  timeliness: ["hold etiquette followed", "response within target"],
  professionalism: ["polite language", "no interruptions"],
  empathy: ["empathy statement used", "apology offered"],
  closing: ["further help offered", "summary given at the end"],
  "communication clarity": ["customer's name used", "clear explanation given"],
};

/** How much each dimension weighs in the overall QA score. */
export const DIMENSION_WEIGHTS: Record<string, number> = {
  "compliance & pii security": 0.2,
  "case handling": 0.2,
  timeliness: 0.1,
  professionalism: 0.15,
  empathy: 0.15,
  closing: 0.1,
  "communication clarity": 0.1,
};

/** QA terms of the description that name no dimension: the overall score and the checks as a group. */
export const QA_NON_DIMENSIONS = ["qa score", "pass/fail check"] as const;

/** Moments that every interaction carries once, with a value (the others appear only when they happened). */
export const VALUED_MOMENTS = ["sentiment", "issue resolved", "follow-up required"] as const;

/** A later contact from the same customer about the same primary driver within this many days is a repeat contact. */
export const REPEAT_CONTACT_DAYS = 7;

export const FIRST_NAMES = [
  "Maya",
  "Liam",
  "Aisha",
  "Noah",
  "Sofia",
  "Mateo",
  "Hana",
  "Lucas",
  "Zara",
  "Ethan",
  "Chloe",
  "Diego",
  "Priya",
  "Jonas",
  "Amara",
  "Felix",
  "Leila",
  "Oscar",
  "Nina",
  "Kenji",
  "Elena",
  "Marco",
  "Ines",
  "Tomasz",
  "Grace",
  "Rafael",
  "Yara",
  "Samuel",
  "Mila",
  "Andre",
  "Joy",
  "Pedro",
  "Kasia",
  "Omar",
  "Lena",
  "Ivan",
  "Rosa",
  "Theo",
  "Mei",
  "Carlos",
  "Anya",
  "Ben",
  "Lucia",
  "Dev",
  "Sara",
  "Hugo",
  "Nora",
  "Ali",
  "Eva",
  "Paolo",
] as const;

export const LAST_NAMES = [
  "Santos",
  "Kowalski",
  "Reyes",
  "Nguyen",
  "Garcia",
  "Novak",
  "Tanaka",
  "Cruz",
  "Mendoza",
  "Patel",
  "Johnson",
  "Wiśniewski",
  "Bautista",
  "Lopez",
  "Kim",
  "Schmidt",
  "Ramos",
  "Nowak",
  "Torres",
  "Okafor",
  "Dela Cruz",
  "Martin",
  "Silva",
  "Zieliński",
  "Brown",
  "Aquino",
  "Rossi",
  "Hernandez",
  "Lewandowski",
  "Park",
  "Flores",
  "Walker",
  "Moreno",
  "Castillo",
  "Dubois",
  "Ito",
  "Rivera",
  "Wójcik",
  "Khan",
  "Fischer",
] as const;
