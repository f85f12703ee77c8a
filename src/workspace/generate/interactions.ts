/**
 * The interactions of the window, as episodes: a customer has an issue (a call driver), gets in touch, and comes back
 * when it was not resolved. Each contact is routed to a queue and a team, handled by an agent, and gets its outcomes
 * (resolution, escalation, transfers, holds, sentiment, CSAT). All draws are seeded per episode and per contact.
 */
import { WINDOW } from "../calendar.js";
import {
  CHANNEL_WEIGHTS,
  type Channel,
  DRIVER_PROFILES,
  DRIVERS_BY_LINE,
  NIGHT_HOURS,
  NIGHT_TEAM,
  REPEAT_CONTACT_DAYS,
  routeOf,
  TEAMS,
  TRANSFER_TARGETS,
} from "../domain.js";
import { clamp, Random } from "../random.js";
import { type Agent, type Customer, createAgents, createCustomers, WeightedPool } from "./population.js";

const DAY_MS = 86_400_000;
const WINDOW_DAYS = Math.round((WINDOW.end - WINDOW.start) / DAY_MS);

export type Tone = "negative" | "neutral" | "positive";

export interface Interaction {
  /** Position in time order; the id is derived from it. */
  index: number;
  id: string;
  episode: number;
  /** 1 for the first contact of an episode. */
  contact: number;
  customer: Customer;
  agent: Agent;
  channel: Channel;
  direction: "inbound" | "outbound";
  start: number;
  end: number;
  durationSeconds: number;
  waitSeconds: number;
  queue: string;
  /** Primary driver first. */
  drivers: string[];
  resolved: boolean;
  followUp: boolean;
  escalated: boolean;
  abusive: boolean;
  transfers: number;
  transferTarget: string | null;
  holds: number[];
  silences: number[];
  overtalk: boolean;
  sentiment: { start: Tone; middle: Tone; end: Tone; tag: Tone };
  csat: number | null;
  /** Later contacts by the same customer about the same primary driver within REPEAT_CONTACT_DAYS. */
  repeatContacts: number;
  /** Seeds the per-interaction streams (QA, transcript) independently of time order. */
  seed: number;
}

/** Relative volume per weekday (getUTCDay order, Sunday first). */
const WEEKDAY_VOLUME = [0.5, 1.25, 1.15, 1.1, 1.05, 1.0, 0.6];
/** Relative volume per UTC hour. */
const HOUR_VOLUME = [
  1, 0.7, 0.5, 0.4, 0.4, 0.6, 1.5, 3, 6, 8, 9, 9, 8, 8, 8.5, 8, 7, 6, 5, 4, 3.5, 3, 2, 1.5,
];
const OUTBOUND: Record<string, number> = {
  "plan change": 0.35,
  "loan application": 0.2,
  "insurance claim": 0.15,
  cancellation: 0.1,
};
const MAX_CONTACTS = 4;

function isNight(ms: number): boolean {
  const hour = new Date(ms).getUTCHours();
  return hour >= NIGHT_HOURS.from || hour < NIGHT_HOURS.to;
}

function startTime(random: Random): number {
  for (;;) {
    const day = random.int(0, WINDOW_DAYS - 1);
    const dayStart = WINDOW.start + day * DAY_MS;
    // A mild upward trend over the window, and fewer contacts at the weekend.
    const weight = (WEEKDAY_VOLUME[new Date(dayStart).getUTCDay()] ?? 1) * (0.9 + (0.2 * day) / WINDOW_DAYS);
    if (random.next() * 1.4 > weight) continue;
    const hour = random.weighted(HOUR_VOLUME.map((w, h) => [h, w] as const));
    return dayStart + hour * 3_600_000 + random.int(0, 3_599) * 1000;
  }
}

/** The team that handles an interaction: the night team for calls and chats at night, else the queue's team. */
function teamFor(queueTeam: string, channel: Channel, start: number): string {
  return channel !== "email" && isNight(start) ? NIGHT_TEAM : queueTeam;
}

class AgentPicker {
  private readonly byTeam = new Map<string, WeightedPool<Agent>>();
  private readonly members = new Map<string, Agent[]>();

  constructor(agents: readonly Agent[]) {
    for (const agent of agents)
      this.members.set(agent.team, [...(this.members.get(agent.team) ?? []), agent]);
    for (const [team, list] of this.members) this.byTeam.set(team, new WeightedPool(list, (a) => a.capacity));
  }

  /** An agent of the team already hired at `at`; the most senior if the draws keep hitting new joiners. */
  pick(team: string, at: number, random: Random): Agent {
    const pool = this.byTeam.get(team);
    const members = this.members.get(team);
    if (!pool || !members) throw new Error(`team ${team} has no agents`);
    for (let attempt = 0; attempt < 8; attempt++) {
      const agent = pool.pick(random);
      if (agent.hiredAt <= at) return agent;
    }
    return members.reduce((a, b) => (a.hiredAt <= b.hiredAt ? a : b));
  }
}

function toneScore(tone: Tone): number {
  return tone === "negative" ? -1 : tone === "positive" ? 1 : 0;
}

interface Contact {
  customer: Customer;
  episode: number;
  contact: number;
  driver: string;
  secondary: string | null;
  channel: Channel;
  start: number;
  random: Random;
}

type Profile = NonNullable<(typeof DRIVER_PROFILES)[string]>;

// The draws below come in one fixed order (each helper draws after the one before): a generated workspace is a
// function of its seed, so reordering them would change every interaction after the first.

/** Who takes the contact, how long the customer waited, and the tone it starts in. */
function opening(c: Contact, profile: Profile, picker: AgentPicker) {
  const { random, customer, driver, channel } = c;
  const route = routeOf(customer.line, driver, customer.segment);
  const agent = picker.pick(teamFor(route.team, channel, c.start), c.start, random);
  const premium = customer.segment === "premium";
  const outbound = channel === "call" && random.chance(c.contact > 1 ? 0.3 : (OUTBOUND[driver] ?? 0.05));
  const waitMedian = channel === "call" ? (premium ? 35 : 70) : channel === "chat" ? 45 : 4 * 3600;
  const waitSeconds = outbound ? 0 : Math.max(0, Math.round(random.logNormal(waitMedian, 0.8)));
  const waitStrain = channel === "email" ? 0 : clamp((waitSeconds - 60) / 600, 0, 0.3);
  const strain = profile.strain * 0.6 + waitStrain + (c.contact > 1 ? 0.2 : 0) + 0.15 * random.normal();
  const startTone: Tone = strain > 0.5 ? "negative" : random.chance(0.06) ? "positive" : "neutral";
  return { route, agent, premium, outbound, waitSeconds, startTone };
}

/** Whether the contact was escalated, resolved, abusive or transferred (and how often, to whom). */
function handling(c: Contact, profile: Profile, open: ReturnType<typeof opening>) {
  const { random, driver, channel } = c;
  const { agent, startTone } = open;
  const resolveChance =
    profile.resolve +
    0.3 * (agent.skill - 0.6) -
    (channel === "email" ? 0.08 : 0) +
    (c.contact > 1 ? 0.1 : 0) -
    (startTone === "negative" ? 0.05 : 0);
  const escalateChance =
    0.06 *
    profile.escalate *
    (startTone === "negative" ? 1.7 : 0.7) *
    (open.premium ? 1.3 : 1) *
    (channel === "email" ? 0.3 : 1);
  const escalated = random.chance(clamp(escalateChance, 0, 0.6));
  const resolved = random.chance(clamp(resolveChance - (escalated ? 0.15 : 0), 0.05, 0.97));
  const abusive = random.chance(
    clamp(
      0.02 * (startTone === "negative" ? 2.2 : 0.4) * (escalated ? 2.5 : 1) * (channel === "email" ? 0.5 : 1),
      0,
      0.5,
    ),
  );
  const target = TRANSFER_TARGETS[driver] ?? "Tier 2";
  const transferBase = channel === "call" ? 0.12 : channel === "chat" ? 0.09 : 0.03;
  const transferred = random.chance(transferBase * (target !== agent.team ? 1.4 : 0.5));
  const transfers = transferred
    ? random.weighted<number>([
        [1, 80],
        [2, 15],
        [3, 5],
      ])
    : 0;
  const transferTarget = transferred ? (target !== agent.team ? target : "Tier 2") : null;
  return { escalated, resolved, abusive, transfers, transferTarget };
}

/** The holds and silences of a contact (seconds each) and whether the two sides talked over each other. */
function pauses(c: Contact, profile: Profile, startTone: Tone) {
  const { random, channel } = c;
  const holds: number[] = [];
  if (channel === "call" && random.chance(profile.hold)) {
    const count = random.weighted<number>([
      [1, 60],
      [2, 25],
      [3, 10],
      [4, 5],
    ]);
    for (let i = 0; i < count; i++) holds.push(Math.max(15, Math.round(random.logNormal(75, 0.7))));
  }
  const silences: number[] = [];
  if (channel !== "email" && random.chance(0.12 + (holds.length > 0 ? 0.08 : 0))) {
    const count = random.weighted<number>([
      [1, 70],
      [2, 22],
      [3, 8],
    ]);
    for (let i = 0; i < count; i++) silences.push(Math.max(15, Math.round(random.logNormal(35, 0.5))));
  }
  const overtalk = channel === "call" && random.chance(0.08 * (startTone === "negative" ? 1.8 : 0.7));
  return { holds, silences, overtalk };
}

/** Whether a follow-up is due, and the tone of the middle and end and the overall sentiment tag. */
function closing(random: Random, agent: Agent, startTone: Tone, outcome: ReturnType<typeof handling>) {
  const { resolved, escalated, abusive } = outcome;
  const followUp = random.chance(resolved ? 0.1 : 0.6);
  const endTone: Tone = resolved
    ? random.chance(clamp(0.55 + 0.4 * (agent.skill - 0.6), 0.2, 0.9))
      ? "positive"
      : "neutral"
    : random.chance(escalated || abusive ? 0.75 : 0.55)
      ? "negative"
      : "neutral";
  const middleTone: Tone =
    startTone === endTone
      ? startTone
      : random.chance(0.5)
        ? startTone
        : random.chance(0.5)
          ? endTone
          : "neutral";
  const score = 0.3 * toneScore(startTone) + 0.2 * toneScore(middleTone) + 0.5 * toneScore(endTone);
  const tag: Tone = score > 0.25 ? "positive" : score < -0.25 ? "negative" : "neutral";
  return { followUp, sentiment: { start: startTone, middle: middleTone, end: endTone, tag } };
}

/** How long the contact lasted: talk plus holds, silences (not in email), transfers and escalation. */
function duration(
  c: Contact,
  profile: Profile,
  paused: ReturnType<typeof pauses>,
  outcome: ReturnType<typeof handling>,
) {
  const { random, channel } = c;
  const holdTotal = paused.holds.reduce((a, b) => a + b, 0);
  const silenceTotal = paused.silences.reduce((a, b) => a + b, 0);
  const talk =
    channel === "call"
      ? random.logNormal(profile.handleSeconds, 0.5)
      : channel === "chat"
        ? random.logNormal(profile.handleSeconds * 1.6, 0.55)
        : Math.max(600, random.logNormal(18 * 3600, 0.9));
  return Math.round(
    talk +
      holdTotal +
      (channel === "email" ? 0 : silenceTotal) +
      outcome.transfers * 120 +
      (outcome.escalated ? 180 : 0),
  );
}

/** The survey score (1 to 5), or null when the customer was not surveyed. */
function csatOf(c: Contact, endTone: Tone, outcome: ReturnType<typeof handling>): number | null {
  const { random, channel } = c;
  const surveyed = random.chance(channel === "call" ? 0.25 : channel === "chat" ? 0.3 : 0.15);
  const csatMean =
    endTone === "positive"
      ? 4.6
      : endTone === "neutral"
        ? 3.4
        : 1.7 + (outcome.resolved ? 0.6 : 0) - (outcome.escalated ? 0.2 : 0);
  return surveyed ? Math.round(clamp(csatMean + 0.7 * random.normal(), 1, 5)) : null;
}

/** Draws everything that happens in one contact. */
function outcomes(c: Contact, picker: AgentPicker): Omit<Interaction, "index" | "id" | "repeatContacts"> {
  const { random, customer, driver, channel } = c;
  const profile = DRIVER_PROFILES[driver];
  if (!profile) throw new Error(`no profile for driver ${driver}`);
  const open = opening(c, profile, picker);
  const outcome = handling(c, profile, open);
  const paused = pauses(c, profile, open.startTone);
  const { followUp, sentiment } = closing(random, open.agent, open.startTone, outcome);
  const durationSeconds = duration(c, profile, paused, outcome);
  const csat = csatOf(c, sentiment.end, outcome);
  return {
    episode: c.episode,
    contact: c.contact,
    customer,
    agent: open.agent,
    channel,
    direction: open.outbound || (channel !== "call" && random.chance(0.03)) ? "outbound" : "inbound",
    start: c.start,
    end: c.start + durationSeconds * 1000,
    durationSeconds,
    waitSeconds: open.waitSeconds,
    queue: open.route.queue,
    drivers: c.secondary ? [driver, c.secondary] : [driver],
    resolved: outcome.resolved,
    followUp,
    escalated: outcome.escalated,
    abusive: outcome.abusive,
    transfers: outcome.transfers,
    transferTarget: outcome.transferTarget,
    holds: paused.holds,
    silences: paused.silences,
    overtalk: paused.overtalk,
    sentiment,
    csat,
    seed: c.random.uint32(),
  };
}

/** The expected share of interactions per team, from a seeded trial of routing (sizes the teams). */
function teamLoad(seed: number, customers: readonly Customer[]): Map<string, number> {
  const random = Random.of(seed, "team-load");
  const load = new Map<string, number>(TEAMS.map((t) => [t.name, 0]));
  for (let i = 0; i < 4000; i++) {
    const customer = random.pick(customers);
    const driver = random.weighted(DRIVERS_BY_LINE[customer.line] ?? []);
    const channel = random.weighted(CHANNEL_WEIGHTS[customer.line] ?? []);
    const team = teamFor(routeOf(customer.line, driver, customer.segment).team, channel, startTime(random));
    load.set(team, (load.get(team) ?? 0) + 1);
  }
  return load;
}

export interface Population {
  agents: Agent[];
  customers: Customer[];
  interactions: Interaction[];
}

/** Exactly `size` interactions in time order, with ids IX0000001… and repeat contacts counted. */
export function generateInteractions(seed: number, size: number): Population {
  const customers = createCustomers(seed, Math.round(size * 0.42) + 50);
  const agents = createAgents(seed, teamLoad(seed, customers), clamp(Math.round(size / 55), 40, 1200));
  const picker = new AgentPicker(agents);
  const customerPool = new WeightedPool(customers, (c) => c.activity);
  const drafts: Omit<Interaction, "index" | "id" | "repeatContacts">[] = [];
  for (let episode = 0; drafts.length < size; episode++) {
    const random = Random.of(seed, "episode", episode);
    const customer = customerPool.pick(random);
    const drivers = DRIVERS_BY_LINE[customer.line] ?? [];
    const driver = random.weighted(drivers);
    let secondary: string | null = random.chance(0.2) ? random.weighted(drivers) : null;
    if (secondary === driver) secondary = null;
    let channel = random.weighted(CHANNEL_WEIGHTS[customer.line] ?? []);
    let start = startTime(random);
    for (let contact = 1; contact <= MAX_CONTACTS && drafts.length < size; contact++) {
      const draft = outcomes(
        {
          customer,
          episode,
          contact,
          driver,
          secondary,
          channel,
          start,
          random: Random.of(seed, "contact", episode, contact),
        },
        picker,
      );
      // Something still open at the end of today has not been recorded yet.
      if (draft.end >= WINDOW.end) break;
      drafts.push(draft);
      const comeBack = draft.resolved ? (draft.followUp ? 0.25 : 0.06) : 0.5;
      if (!random.chance(comeBack)) break;
      start = draft.end + Math.round(random.logNormal(2 * DAY_MS, 0.9));
      if (start >= WINDOW.end) break;
      if (random.chance(0.3)) channel = random.weighted(CHANNEL_WEIGHTS[customer.line] ?? []);
    }
  }
  drafts.sort((a, b) => a.start - b.start || a.episode - b.episode || a.contact - b.contact);
  const interactions: Interaction[] = drafts.map((draft, index) => ({
    ...draft,
    index,
    id: `IX${String(index + 1).padStart(7, "0")}`,
    repeatContacts: 0,
  }));
  countRepeatContacts(interactions);
  return { agents, customers, interactions };
}

/** The repeat contact moment: later contacts by the same customer, same primary driver, within seven days. */
function countRepeatContacts(interactions: Interaction[]): void {
  const byCustomer = new Map<number, Interaction[]>();
  for (const interaction of interactions) {
    const list = byCustomer.get(interaction.customer.index);
    if (list) list.push(interaction);
    else byCustomer.set(interaction.customer.index, [interaction]);
  }
  const horizon = REPEAT_CONTACT_DAYS * DAY_MS;
  for (const list of byCustomer.values()) {
    for (let i = 0; i < list.length; i++) {
      const first = list[i] as Interaction;
      for (let j = i + 1; j < list.length; j++) {
        const later = list[j] as Interaction;
        if (later.start - first.start > horizon) break;
        if (later.drivers[0] === first.drivers[0]) first.repeatContacts++;
      }
    }
  }
}
