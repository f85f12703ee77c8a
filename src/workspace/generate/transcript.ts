/**
 * The transcript of an interaction, written from the labelled templates so that what was said is known: why the
 * customer got in touch, what they were unhappy about, how their mood moved, what the agent did. Every line keeps
 * its template's label; the interaction's labels summarise them. The transcript agrees with the store: a hold, a
 * transfer or an escalation is said, and a passed QA check (identity verified, summary given) is something the
 * agent did.
 */
import { Random } from "../random.js";
import type { Interaction, Tone } from "./interactions.js";
import type { QaEvaluation } from "./qa.js";
import {
  COMPETITORS,
  COMPLAINTS,
  CONTACT_REASONS,
  ESCALATION_TRIGGERS,
  FEES,
  ITEMS,
  LINES,
  PRAISE,
  PRODUCTS,
  type Topic,
  UNRESOLVED_REASONS,
} from "./templates.js";

export type Speaker = "agent" | "customer" | "system";

export interface Turn {
  speaker: Speaker;
  text: string;
  /** The template's label; system lines (hold, silence, transfer markers) carry `system.*`. */
  label: string;
}

/** What the transcript says, as the generator knows it: the ground truth for questions about transcripts. */
export interface TranscriptLabels {
  reason: string;
  complaint: string | null;
  sentiment: { start: Tone; middle: Tone; end: Tone };
  /** Customer lines beyond the reason and complaint: threats, competitor mentions, stress, … */
  customer: string[];
  /** What the agent did: verification, apology, explanations, offers, promises, … */
  agent: string[];
  escalation: string | null;
  unresolved: string | null;
  praise: string | null;
}

export interface Transcript {
  turns: Turn[];
  labels: TranscriptLabels;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

class Writer {
  readonly turns: Turn[] = [];
  readonly customer: string[] = [];
  readonly agent: string[] = [];

  constructor(
    private readonly random: Random,
    private readonly slots: Record<string, string>,
  ) {}

  fill(text: string, extra: Record<string, string> = {}): string {
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => extra[name] ?? this.slots[name] ?? whole);
  }

  say(speaker: Speaker, topic: Topic, extra: Record<string, string> = {}): void {
    this.turns.push({ speaker, text: this.fill(this.random.pick(topic.lines), extra), label: topic.label });
    // Reasons, complaints, escalation triggers and praise have their own label fields.
    if (topic.label.startsWith("customer.")) this.customer.push(topic.label);
    if (topic.label.startsWith("agent.")) this.agent.push(topic.label);
  }

  line(speaker: Speaker, label: string, extra: Record<string, string> = {}): void {
    const topic = LINES[label];
    if (!topic) throw new Error(`no template for ${label}`);
    this.say(speaker, topic, extra);
  }

  system(label: string, text: string): void {
    this.turns.push({ speaker: "system", text, label });
  }
}

function minutesSeconds(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/** Things customers say that the store does not hold: decided here, known through the labels. */
function customerEvents(x: Interaction, random: Random): string[] {
  const driver = x.drivers[0] ?? "";
  const negative = x.sentiment.start === "negative" || x.sentiment.middle === "negative";
  const events: string[] = [];
  const maybe = (label: string, chance: number) => {
    if (random.chance(chance)) events.push(label);
  };
  const banking = x.customer.line === "banking";
  maybe(
    banking ? "customer.threat-close-account" : "customer.threat-cancel",
    driver === "cancellation" ? 0.3 : negative ? 0.1 : 0.02,
  );
  maybe("customer.competitor-offer", driver === "cancellation" || driver === "plan change" ? 0.25 : 0.03);
  maybe("customer.switch-competitor", driver === "cancellation" ? 0.2 : negative ? 0.05 : 0.01);
  maybe(
    "customer.confused-bill",
    driver === "billing dispute" ? 0.35 : driver === "meter reading" ? 0.2 : 0.02,
  );
  maybe(
    "customer.ask-compensation",
    ["delivery delay", "service outage", "booking change"].includes(driver) ? 0.25 : 0.03,
  );
  maybe("customer.stress", driver === "fraud" ? 0.6 : negative ? 0.05 : 0.01);
  maybe("customer.refuse-security", driver === "fraud" ? 0.12 : driver === "account access" ? 0.05 : 0.01);
  maybe(
    "customer.mention-app",
    driver === "account access" ? 0.3 : driver === "technical issue" ? 0.2 : 0.06,
  );
  maybe(
    "customer.mention-website",
    ["order status", "refund", "return request"].includes(driver) ? 0.2 : 0.05,
  );
  return events;
}

/** The explanation or offer an agent gives for the topic, if any. */
function agentActions(x: Interaction, events: readonly string[], random: Random): string[] {
  const driver = x.drivers[0] ?? "";
  const actions: string[] = [];
  const maybe = (label: string, chance: number) => {
    if (random.chance(chance)) actions.push(label);
  };
  if (driver === "refund") maybe("agent.explain-refund-timeline", 0.6);
  if (driver === "billing dispute") maybe("agent.explain-fee", 0.5);
  if (driver === "billing dispute" || driver === "meter reading") maybe("agent.explain-bill", 0.4);
  if (driver === "payment issue") maybe("agent.explain-declined-payment", 0.4);
  if (driver === "booking change") maybe("agent.explain-fare-difference", 0.35);
  if (driver === "wrong item" || driver === "damaged item" || driver === "missing item")
    maybe("agent.offer-replacement", 0.7);
  if (driver === "cancellation") maybe("agent.retention-offer", x.agent.team === "Retention" ? 0.9 : 0.6);
  const askedCompensation = events.includes("customer.ask-compensation");
  maybe("agent.offer-compensation", askedCompensation ? 0.6 : driver === "service outage" ? 0.2 : 0.03);
  return actions;
}

function summaryOf(x: Interaction): string {
  const driver = x.drivers[0] ?? "your request";
  return x.resolved
    ? `we sorted out the ${driver} and you're all set`
    : `the ${driver} is still open and we'll follow up`;
}

/** The words a transcript's phrases fill in: names, the time of day, and drawn items, amounts and dates. */
function slotsOf(x: Interaction, random: Random): Record<string, string> {
  const line = x.customer.line;
  const hour = new Date(x.start).getUTCHours();
  const slots: Record<string, string> = {
    agent: x.agent.name.split(" ")[0] ?? x.agent.name,
    customer: x.customer.name.split(" ")[0] ?? x.customer.name,
    daypart: hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening",
    item: random.pick(ITEMS[line] ?? ["item"]),
    product: random.pick(PRODUCTS[line] ?? ["account"]),
    amount: `$${random.int(12, 480)}`,
    days: String(random.int(3, 14)),
    fee: random.pick(FEES[line] ?? ["fee"]),
    competitor: random.pick(COMPETITORS),
    points: String(random.int(5, 60) * 100),
    year: String(random.int(1950, 2004)),
    digits: String(random.int(1000, 9999)),
    weekday: random.pick(WEEKDAY_NAMES),
    summary: summaryOf(x),
  };
  slots.product_the = `your ${slots.product}`;
  return slots;
}

interface Conversation {
  reason: Topic;
  complaint: Topic | null;
  events: string[];
  actions: string[];
  passed: (check: string) => boolean;
}

/** Greeting, disclosure, the reason for the contact, security, complaint, what the customer raises, and the agent's reply. */
function openConversation(x: Interaction, w: Writer, random: Random, talk: Conversation): void {
  const { passed, events } = talk;
  w.line(
    "agent",
    passed("customer's name used")
      ? "agent.greeting-name"
      : x.channel === "chat"
        ? "agent.greeting-chat"
        : "agent.greeting",
  );
  if (x.channel === "call" && passed("disclosure read")) w.line("agent", "agent.disclosure");
  if (x.contact > 1 && random.chance(0.6)) w.line("customer", "customer.repeat-contact");
  w.say("customer", talk.reason);
  if (passed("identity verified")) {
    w.line("agent", "agent.verify-identity");
    if (events.includes("customer.refuse-security")) {
      w.line("customer", "customer.refuse-security");
      w.line("agent", "agent.handle-refusal");
    }
    w.line("customer", "customer.verify-answer");
  } else if (events.includes("customer.refuse-security")) {
    w.line("customer", "customer.refuse-security");
  }
  if (x.sentiment.start === "negative" && random.chance(0.5)) w.line("customer", "customer.frustrated");
  if (talk.complaint) w.say("customer", talk.complaint);
  for (const event of events) if (event !== "customer.refuse-security") w.line("customer", event);
  if (passed("empathy statement used")) w.line("agent", "agent.empathy");
  if (passed("apology offered")) w.line("agent", "agent.apology");
  for (const action of talk.actions) w.line("agent", action);
}

/** Holds, silences, talking over, abuse, and the customer's mood turning. */
function interruptions(x: Interaction, w: Writer): void {
  for (const seconds of x.holds) {
    w.line("agent", "agent.hold");
    w.system("system.hold", `[hold ${minutesSeconds(seconds)}]`);
    w.line("agent", "agent.back-from-hold");
    w.line(
      "customer",
      seconds > 120 || x.sentiment.middle === "negative"
        ? "customer.after-hold-negative"
        : "customer.after-hold-neutral",
    );
  }
  for (const seconds of x.silences) w.system("system.silence", `[silence ${minutesSeconds(seconds)}]`);
  if (x.overtalk) {
    w.line("customer", "customer.talk-over");
    w.system("system.overtalk", "[agent and customer talk over each other]");
    w.line("agent", "agent.handle-overtalk");
  }
  if (x.abusive) {
    w.line("customer", "customer.abusive");
    w.line("agent", "agent.calm-down");
  }
  if (x.sentiment.middle === "negative" && x.sentiment.start !== "negative")
    w.line("customer", "customer.frustrated");
  if (x.sentiment.start === "negative" && x.sentiment.middle !== "negative")
    w.line("customer", "customer.calmer");
}

/** An escalation to a supervisor (its trigger, or null) and the transfers. */
function handOver(x: Interaction, w: Writer, random: Random): Topic | null {
  let escalation: Topic | null = null;
  if (x.escalated) {
    escalation = random.pick(ESCALATION_TRIGGERS);
    w.say("customer", escalation);
    w.line("customer", "customer.ask-supervisor");
    w.line("agent", "agent.escalate");
    w.system("system.escalation", "[escalated to a supervisor]");
  }
  if (x.transferTarget) {
    for (let i = 0; i < x.transfers; i++) {
      w.line("agent", "agent.transfer", { team: x.transferTarget });
      w.system("system.transfer", `[transferred to ${x.transferTarget}]`);
    }
  }
  return escalation;
}

/** Writes the transcript of a call or chat, or the messages of an email thread. */
export function writeTranscript(x: Interaction, qa: QaEvaluation | null): Transcript {
  // One seeded stream, drawn in a fixed order: the transcript is a function of the interaction.
  const random = Random.of(x.seed, "transcript");
  const w = new Writer(random, slotsOf(x, random));
  const passed = (check: string) => qa?.passed.get(check) ?? random.chance(0.7);
  const driver = x.drivers[0] ?? "";
  const reason = random.pick(CONTACT_REASONS[driver] ?? []);
  const complaintTopics = COMPLAINTS[driver] ?? [];
  const hasComplaint =
    complaintTopics.length > 0 &&
    (x.sentiment.start === "negative" || (!x.resolved && random.chance(0.6)) || random.chance(0.15));
  const complaint = hasComplaint ? random.pick(complaintTopics) : null;
  const events = customerEvents(x, random);
  const actions = agentActions(x, events, random);

  if (x.channel === "email") return emailThread(x, w, { reason, complaint, events, actions, passed, random });

  openConversation(x, w, random, { reason, complaint, events, actions, passed });
  interruptions(x, w);
  const escalation = handOver(x, w, random);
  const unresolved = closeOut(x, w, random);
  const praise = endOfConversation(x, w, random, passed);
  return {
    turns: w.turns,
    labels: labelsOf(x, reason, complaint, w, escalation, unresolved, praise),
  };
}

/** Resolution, or why it could not be resolved, and a promised callback when a follow-up is needed. */
function closeOut(x: Interaction, w: Writer, random: Random): Topic | null {
  let unresolved: Topic | null = null;
  if (x.resolved) w.line("agent", "agent.resolve");
  else {
    unresolved = random.pick(UNRESOLVED_REASONS);
    w.say("agent", unresolved);
  }
  if (x.followUp && random.chance(0.6)) w.line("agent", "agent.promise-callback");
  return unresolved;
}

function endOfConversation(
  x: Interaction,
  w: Writer,
  random: Random,
  passed: (check: string) => boolean,
): Topic | null {
  let praise: Topic | null = null;
  if (x.sentiment.end === "positive") {
    w.line("customer", "customer.relieved");
    if (random.chance(0.6)) {
      praise = random.pick(PRAISE);
      w.say("customer", praise);
    }
  } else if (x.sentiment.end === "neutral") w.line("customer", "customer.thanks");
  else w.line("customer", "customer.still-unhappy");
  if (passed("summary given at the end")) w.line("agent", "agent.summary");
  if (passed("further help offered")) w.line("agent", "agent.further-help");
  w.line("agent", "agent.goodbye");
  return praise;
}

interface EmailParts {
  reason: Topic;
  complaint: Topic | null;
  events: string[];
  actions: string[];
  passed: (check: string) => boolean;
  random: Random;
}

/** An email thread: the customer's message, sentence by sentence, then the agent's reply. */
function emailThread(x: Interaction, w: Writer, parts: EmailParts): Transcript {
  const { reason, complaint, events, actions, passed, random } = parts;
  if (x.contact > 1 && random.chance(0.6)) w.line("customer", "customer.repeat-contact");
  w.say("customer", reason);
  if (complaint) w.say("customer", complaint);
  for (const event of events) w.line("customer", event);
  if (x.abusive) w.line("customer", "customer.abusive");
  w.line("agent", "agent.greeting-name");
  if (passed("apology offered")) w.line("agent", "agent.apology");
  for (const action of actions) w.line("agent", action);
  if (x.abusive) w.line("agent", "agent.calm-down");
  let escalation: Topic | null = null;
  if (x.escalated) {
    escalation = random.pick(ESCALATION_TRIGGERS);
    w.system("system.escalation", "[escalated to a supervisor]");
  }
  if (x.transferTarget) w.system("system.transfer", `[forwarded to ${x.transferTarget}]`);
  const unresolved = closeOut(x, w, random);
  if (passed("further help offered")) w.line("agent", "agent.further-help");
  let praise: Topic | null = null;
  if (x.sentiment.end === "positive" && random.chance(0.5)) {
    praise = random.pick(PRAISE);
    w.say("customer", praise);
  } else if (x.sentiment.end === "negative") w.line("customer", "customer.still-unhappy");
  return { turns: w.turns, labels: labelsOf(x, reason, complaint, w, escalation, unresolved, praise) };
}

function labelsOf(
  x: Interaction,
  reason: Topic,
  complaint: Topic | null,
  w: Writer,
  escalation: Topic | null,
  unresolved: Topic | null,
  praise: Topic | null,
): TranscriptLabels {
  const { start, middle, end } = x.sentiment;
  return {
    reason: reason.label,
    complaint: complaint?.label ?? null,
    sentiment: { start, middle, end },
    customer: [...new Set(w.customer)],
    agent: [...new Set(w.agent)],
    escalation: escalation?.label ?? null,
    unresolved: unresolved?.label ?? null,
    praise: praise?.label ?? null,
  };
}
