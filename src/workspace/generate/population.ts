/** The people of the simulated contact center: agents in teams at sites, and customers with their segment. */
import { WINDOW } from "../calendar.js";
import {
  FIRST_NAMES,
  LANGUAGE_WEIGHTS,
  LAST_NAMES,
  LINE_OF_BUSINESS_WEIGHTS,
  SEGMENT_WEIGHTS,
  type Segment,
  TEAMS,
} from "../domain.js";
import { clamp, Random } from "../random.js";

export const MONTH_MS = 30.4375 * 86_400_000;

export interface Agent {
  id: string;
  name: string;
  team: string;
  site: string;
  /** Epoch ms of the first day of service. */
  hiredAt: number;
  /** 0–1: how well the agent handles interactions (QA, resolution). */
  skill: number;
  /** Relative share of the team's interactions the agent takes. */
  capacity: number;
}

export interface Customer {
  index: number;
  id: string;
  line: string;
  segment: Segment;
  language: string;
  joinedAt: number;
  /** Relative chance that an issue belongs to this customer (a few customers contact us often). */
  activity: number;
  name: string;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** Months of service tenure at `at`, never negative. */
export function monthsBetween(from: number, at: number): number {
  return Math.max(0, Math.floor((at - from) / MONTH_MS));
}

/** Agents per team in proportion to the team's expected load; every team has at least three. */
export function createAgents(seed: number, teamLoad: ReadonlyMap<string, number>, total: number): Agent[] {
  const random = Random.of(seed, "agents");
  const loadSum = [...teamLoad.values()].reduce((a, b) => a + b, 0);
  const agents: Agent[] = [];
  const names = new Set<string>();
  for (const team of TEAMS) {
    const count = Math.max(3, Math.round((total * (teamLoad.get(team.name) ?? 0)) / loadSum));
    for (let i = 0; i < count; i++) {
      let name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      while (names.has(name)) name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      names.add(name);
      // Tenure at the end of the window: a few joined during it, most have served one to ten years.
      const tenureMonths = random.weighted<[number, number]>([
        [[0, 3], 8],
        [[3, 6], 10],
        [[6, 24], 27],
        [[24, 120], 55],
      ]);
      const months = tenureMonths[0] + random.next() * (tenureMonths[1] - tenureMonths[0]);
      agents.push({
        id: `AG${pad(agents.length + 1, 4)}`,
        name,
        team: team.name,
        site: random.weighted(team.sites),
        hiredAt: Math.round(WINDOW.end - months * MONTH_MS),
        skill: clamp(0.62 + 0.15 * random.normal() + Math.min(months, 36) / 360, 0.15, 0.98),
        capacity: random.logNormal(1, 0.35),
      });
    }
  }
  return agents;
}

export function createCustomers(seed: number, count: number): Customer[] {
  const random = Random.of(seed, "customers");
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const segment = random.weighted(SEGMENT_WEIGHTS);
    // New customers joined in the last three months; the others up to ten years ago.
    const months = segment === "new" ? random.next() * 3 : 3 + random.next() * 117;
    customers.push({
      index,
      id: `CU${pad(index + 1, 6)}`,
      line: random.weighted(LINE_OF_BUSINESS_WEIGHTS),
      segment,
      language: random.weighted(LANGUAGE_WEIGHTS),
      joinedAt: Math.round(WINDOW.end - months * MONTH_MS),
      activity: random.logNormal(1, 0.8),
      name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    });
  }
  return customers;
}

/** Picks by cumulative weight with a binary search: the customer pool is large. */
export class WeightedPool<T> {
  private readonly cumulative: number[] = [];
  private total = 0;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    for (const item of items) {
      this.total += weight(item);
      this.cumulative.push(this.total);
    }
  }

  pick(random: Random): T {
    const point = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > point) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
