/**
 * The workspace's fixed calendar: a 13-week window ending on a fixed "today", and the named periods that questions
 * use ("last month", "Q3", "in March"), each a half-open UTC range. One table serves the T2S prompt (which tells the
 * model what the periods mean), the reference SQL and docs/workspace.md, so they cannot disagree.
 */

/** The fixed "today" (a Wednesday). Everything in the store happened on or before it. */
export const TODAY = "2025-11-19";
export const WINDOW_WEEKS = 13;
const DAY_MS = 86_400_000;

export function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Milliseconds since the epoch of the start of `date` shifted by `days`. */
function dayOffset(date: string, days: number): number {
  return utc(date) + days * DAY_MS;
}

/** The store's window: [start, end) in epoch milliseconds; `end` is the end of today. */
export const WINDOW = {
  start: dayOffset(TODAY, 1 - WINDOW_WEEKS * 7),
  end: dayOffset(TODAY, 1),
} as const;

export interface Period {
  /** How a question names it, lower case. */
  name: string;
  /** [start, end) in epoch milliseconds, UTC. */
  start: number;
  end: number;
  /** What it means, for the T2S prompt and the docs. */
  meaning: string;
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** getUTCDay() order: Sunday is 0. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

function monthStart(year: number, month: number): number {
  return Date.UTC(year, month, 1);
}

/** Monday of the week holding `ms` (weeks run Monday to Sunday). */
function mondayOf(ms: number): number {
  const day = new Date(ms).getUTCDay();
  return ms - ((day + 6) % 7) * DAY_MS;
}

function buildPeriods(): Period[] {
  const today = utc(TODAY);
  const tomorrow = today + DAY_MS;
  const now = new Date(today);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const quarter = Math.floor(month / 3);
  const thisMonday = mondayOf(today);
  const range = (name: string, start: number, end: number, meaning: string): Period => ({
    name,
    start,
    end,
    meaning,
  });
  const span = (start: number, end: number) => `${isoDate(start)} to ${isoDate(end - DAY_MS)}`;
  const periods: Period[] = [
    range("today", today, tomorrow, `${TODAY}`),
    range("yesterday", today - DAY_MS, today, isoDate(today - DAY_MS)),
    range("this week", thisMonday, tomorrow, `${span(thisMonday, tomorrow)} (weeks run Monday to Sunday)`),
    range("last week", thisMonday - 7 * DAY_MS, thisMonday, span(thisMonday - 7 * DAY_MS, thisMonday)),
    range("last weekend", thisMonday - 2 * DAY_MS, thisMonday, span(thisMonday - 2 * DAY_MS, thisMonday)),
    range("last 7 days", tomorrow - 7 * DAY_MS, tomorrow, span(tomorrow - 7 * DAY_MS, tomorrow)),
    range("last 30 days", tomorrow - 30 * DAY_MS, tomorrow, span(tomorrow - 30 * DAY_MS, tomorrow)),
    range("last 60 days", tomorrow - 60 * DAY_MS, tomorrow, span(tomorrow - 60 * DAY_MS, tomorrow)),
    range(
      "last eight weeks",
      thisMonday - 56 * DAY_MS,
      thisMonday,
      `the eight complete weeks before this week, ${span(thisMonday - 56 * DAY_MS, thisMonday)}`,
    ),
    range("this month", monthStart(year, month), tomorrow, span(monthStart(year, month), tomorrow)),
    range(
      "last month",
      monthStart(year, month - 1),
      monthStart(year, month),
      span(monthStart(year, month - 1), monthStart(year, month)),
    ),
    range(
      "this quarter",
      monthStart(year, quarter * 3),
      tomorrow,
      `Q${quarter + 1} ${year} so far, ${span(monthStart(year, quarter * 3), tomorrow)}`,
    ),
    range(
      "last quarter",
      monthStart(year, quarter * 3 - 3),
      monthStart(year, quarter * 3),
      `Q${((quarter + 3) % 4) + 1}, ${span(monthStart(year, quarter * 3 - 3), monthStart(year, quarter * 3))}`,
    ),
    range("this year", monthStart(year, 0), tomorrow, span(monthStart(year, 0), tomorrow)),
    range(
      "holiday season",
      Date.UTC(year, 10, 15),
      monthStart(year + 1, 0),
      span(Date.UTC(year, 10, 15), monthStart(year + 1, 0)),
    ),
  ];
  // A month or quarter named alone is its most recent occurrence that has begun by today.
  MONTHS.forEach((name, index) => {
    const y = index <= month ? year : year - 1;
    periods.push(range(name, monthStart(y, index), monthStart(y, index + 1), `${name} ${y}`));
  });
  for (let q = 0; q < 4; q++) {
    const y = q <= quarter ? year : year - 1;
    periods.push(range(`q${q + 1}`, monthStart(y, q * 3), monthStart(y, q * 3 + 3), `Q${q + 1} ${y}`));
  }
  return periods;
}

export const PERIODS: readonly Period[] = buildPeriods();

/** The period a question names; throws for a name the calendar does not know (a bug in the caller's data). */
export function period(name: string): Period {
  const found = PERIODS.find((p) => p.name === name.toLowerCase());
  if (!found) throw new Error(`unknown period "${name}"; known: ${PERIODS.map((p) => p.name).join(", ")}`);
  return found;
}

/** A SQL timestamp literal both engines read: TIMESTAMP '2025-10-01 00:00:00'. */
export function timestampLiteral(ms: number): string {
  return `TIMESTAMP '${new Date(ms).toISOString().slice(0, 19).replace("T", " ")}'`;
}

/** The calendar as the T2S prompt states it: today, the window, and what each period name means. */
export function calendarText(): string {
  const lines = [
    `Today is ${TODAY} (a ${WEEKDAYS[new Date(utc(TODAY)).getUTCDay()]}); all times are UTC.`,
    `The store holds the ${WINDOW_WEEKS} weeks from ${isoDate(WINDOW.start)} to ${TODAY}.`,
    "Named periods:",
    ...PERIODS.filter((p) => !MONTHS.includes(p.name as (typeof MONTHS)[number])).map(
      (p) => `- ${p.name}: ${p.meaning}`,
    ),
    "- a month or quarter named alone (March, Q2): its most recent occurrence that has begun by today.",
  ];
  return lines.join("\n");
}
