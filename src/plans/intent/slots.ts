/** Reading a prompt's intent: its domain slots (docs/plan-matching.md, section 3) and the words they leave over. */
import { maskPlaceholders } from "../placeholders.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import {
  BOUNDED_SPAN_UNITS,
  CALENDAR_UNITS,
  CALLER_KIND,
  COMPARATORS,
  ENDING_NOUNS,
  ENDING_VERBS,
  ID_KIND,
  INTENSIFIED,
  LEXICON,
  type LexiconEntry,
  NEGATIONS,
  NUMBER_WORDS,
  ONE_BEFORE_UNIT,
  OWNERS,
  SLOT_NAMES,
  type SlotName,
  STOPWORDS,
  STRUCTURE_NOUNS,
  SUBSCRIBED_THINGS,
  SYNONYMS,
  TENS,
  TIME_UNITS,
  TRAILING_COMPARATORS,
  VALENCE,
  WEAK,
} from "./lexicon.js";
import { tokens } from "./tokens.js";

/** Each slot's values, sorted; a slot a prompt does not speak of is absent. */
export type Slots = Partial<Record<SlotName, readonly string[]>>;

export interface Intent {
  slots: Slots;
  /** The slots as one string: two intents have the same slots exactly when their keys are equal. */
  slotKey: string;
  /** The words no slot consumed, stopwords removed, synonyms folded to one word each. */
  rest: readonly string[];
}

interface Phrase {
  tokens: string[];
  slot: SlotName | null;
  value: string;
}

interface Table {
  byFirst: Map<string, Phrase[]>;
  /** Phrases holding a number ("tier 2", "q3"): read before numbers are, so their digits are not a threshold. */
  numbered: Map<string, Phrase[]>;
}

const ID_PREFIX = "id:";
/** A kind said by the caller ("conversations where the caller …"): like an id word, it counts only alone. */
const HINT_PREFIX = "hint:";
const ID_WORDINGS = new Set(ID_KIND.map(([wording]) => wording));
const HINT_WORDINGS = new Set(CALLER_KIND.map(([wording]) => wording));
const tables = new WeakMap<ToolDescriptions, Table>();

function appendTo(table: Map<string, Phrase[]>, first: string, phrase: Phrase): void {
  const list = table.get(first);
  if (list) list.push(phrase);
  else table.set(first, [phrase]);
}

function compile(tools: ToolDescriptions): Table {
  const fromTools: LexiconEntry[] = [
    ...tools.triggers.call_drivers.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "driver", t.phrase] as const),
    ),
    ...tools.triggers.moments.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "moment", t.phrase] as const),
    ),
    ...tools.triggers.qa.flatMap((t) =>
      [t.phrase, ...t.variants].map((w) => [w, "metric", t.phrase] as const),
    ),
  ];
  const byFirst = new Map<string, Phrase[]>();
  const numbered = new Map<string, Phrase[]>();
  const seen = new Set<string>();
  for (const [wording, slot, rawValue] of [...LEXICON, ...fromTools]) {
    const words = tokens(wording);
    const key = words.join(" ");
    // The first entry for a wording wins: the lexicon's polarity ("unresolved") over tools.yaml's one field.
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const prefix =
      slot !== "entity"
        ? ""
        : ID_WORDINGS.has(wording)
          ? ID_PREFIX
          : HINT_WORDINGS.has(wording)
            ? HINT_PREFIX
            : "";
    const phrase = { tokens: words, slot, value: `${prefix}${rawValue}` };
    const first = words[0] as string;
    appendTo(byFirst, first, phrase);
    if (words.length > 1 && words.some((w) => numberAt(w) !== null)) appendTo(numbered, first, phrase);
  }
  // Longest first; a stable sort keeps the priority order among wordings of the same length.
  for (const list of [...byFirst.values(), ...numbered.values()])
    list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { byFirst, numbered };
}

function tableFor(tools: ToolDescriptions): Table {
  let table = tables.get(tools);
  if (!table) {
    table = compile(tools);
    tables.set(tools, table);
  }
  return table;
}

function numberAt(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (/^\d+(?:\.\d+)?$/.test(token)) return Number(token);
  return NUMBER_WORDS.get(token) ?? null;
}

/**
 * Named teams keep their capitals in the prompt ("the Phoenix team", "the Austin site"), which tokens no longer
 * show; a lower-case name needs its article ("the collections team", "the returns queue", "the mortgage line").
 */
const NAMED_TEAM = /\b((?:[A-Z][\p{L}\d&-]*\s+){0,2}[A-Z][\p{L}\d&-]*)\s+(?:team|site|queue|office)\b/gu;
const ARTICLE_TEAM =
  /\bthe\s+((?:[a-z][\p{L}&-]*\s+){0,2}?[a-z][\p{L}&-]*)\s+(?:team|site|queue|office|line(?!\s+of\s+business))\b/gu;
const NOT_A_TEAM = new Set([
  "the",
  "which",
  "what",
  "each",
  "every",
  "a",
  "our",
  "their",
  "this",
  "that",
  "same",
  "whole",
  "entire",
  "other",
  "another",
  "any",
  "all",
  "one",
  "agent's",
  "customer's",
]);

/** "the banking line" is the line of business, not a team's name. */
const BUSINESS_WORDS = new Set(["retail", "telecom", "banking", "insurance", "travel", "utilities", "saas"]);

function namedTeams(text: string): { values: string[]; rest: string } {
  const values: string[] = [];
  const take = (whole: string, name: string) => {
    const words = name.split(/\s+/).filter((w) => !NOT_A_TEAM.has(w.toLowerCase()));
    if (words.length === 0) return whole;
    values.push(words.join(" ").toLowerCase().replace(/-/g, " "));
    return " ";
  };
  const rest = text
    .replace(NAMED_TEAM, take)
    // "the agents of this team" names no team: a lower-case name is made of content words only.
    .replace(ARTICLE_TEAM, (whole, name: string) =>
      name.split(/\s+/).some((w) => STOPWORDS.has(w) || NOT_A_TEAM.has(w) || BUSINESS_WORDS.has(w))
        ? whole
        : ` ${take(whole, name)}`,
    );
  return { values, rest };
}

/** The channels that together are every interaction: "calls, chats and emails" are all interactions. */
const CHANNELS = ["call", "chat", "email"];

/** The QA term of the pass/fail checks: counted or shared, never averaged. */
const PASS_FAIL = "pass/fail check";

class SlotBag {
  readonly values = new Map<SlotName, Set<string>>();
  /** The adverbial superlative is "least": the rank, if any, starts from the bottom. */
  superlativeFromBottom = false;
  /** A moment's time is named ("the hold time", "time on hold"): a measure, as a metric is. */
  timedMoment = false;
  /** An adverbial superlative ("who transferred the most", "what they complain about most"): see finish(). */
  superlative = false;
  /**
   * A score or a time asked of a population with nothing computed and no bound ("What is the QA score of these
   * calls?", "How long did these callers wait?") is its average, as "the average QA score" says: a population has
   * no single score. A bound makes it a filter ("calls with a QA score below 60"); a pass/fail check is counted.
   */
  private impliesAverage(): boolean {
    const metrics = this.values.get("metric");
    const measured = (metrics !== undefined && !metrics.has(PASS_FAIL)) || this.timedMoment;
    return (
      measured &&
      !this.values.has("aggregation") &&
      !this.values.has("number") &&
      !this.values.has("requests")
    );
  }
  /**
   * A rank with nothing to rank (docs/plan-matching.md, section 3.3, "a rank of topics"): no unit asked for, no
   * measure, no count or bound, no ids. "What are customers' most frequent complaints?" asks what "What do
   * customers complain about most?" asks: the topics of a free-text answer, the commonest first, which is what any
   * such question returns. The other end ("the least common complaints") is a question of its own and stays.
   */
  private ranksOnlyTopics(): boolean {
    const aggregation = this.values.get("aggregation");
    return (
      aggregation !== undefined &&
      aggregation.size === 1 &&
      aggregation.has("rank") &&
      !this.values.has("group") &&
      !this.values.has("metric") &&
      !this.values.has("number") &&
      !this.timedMoment
    );
  }
  add(slot: SlotName, value: string): void {
    const set = this.values.get(slot) ?? new Set<string>();
    set.add(value);
    this.values.set(slot, set);
  }
  /** Population nouns decide the entity; the id word ("call_ids") or the caller only when no noun does. */
  finish(): Slots {
    const entity = this.values.get("entity");
    if (entity) {
      const all = [...entity];
      const of = (prefix: string) =>
        all.filter((v) => v.startsWith(prefix)).map((v) => v.slice(prefix.length));
      const nouns = all.filter((v) => !v.startsWith(ID_PREFIX) && !v.startsWith(HINT_PREFIX));
      const kinds = of(ID_PREFIX);
      if (kinds.length > 0) this.add("aggregation", "ids");
      const named = nouns.length > 0 ? nouns : kinds.length > 0 ? kinds : of(HINT_PREFIX);
      // Every channel named ("all interactions (calls, chats and emails)", "across calls, chats and emails") is
      // the population of all interactions, not three filters.
      const every = CHANNELS.every((channel) => named.includes(channel));
      this.values.set("entity", new Set(every ? ["interaction"] : named));
    }
    // An adverb of degree ranks only when the request asks for the ranked units ("which agents transferred the
    // most"); asked of a why or what question it says how strongly ("what they complain about the most"), as
    // "most unhappy" does.
    if (this.superlative && this.values.has("group")) {
      this.add("aggregation", "rank");
      if (this.superlativeFromBottom) this.add("aggregation", BOTTOM);
    }
    if (this.impliesAverage()) this.add("aggregation", "average");
    if (this.ranksOnlyTopics()) this.values.delete("aggregation");
    const slots: Slots = {};
    for (const name of SLOT_NAMES) {
      const set = this.values.get(name);
      if (set && set.size > 0) slots[name] = [...set].sort();
    }
    return slots;
  }
}

/** A number word or numeral at `at`, with the words it spans ("forty five" is 45 over two words). */
function numberSpan(words: readonly string[], at: number): { value: number; length: number } | null {
  const value = numberAt(words[at]);
  if (value === null) return null;
  const unit = numberAt(words[at + 1]);
  if (TENS.has(value) && unit !== null && unit < 10 && NUMBER_WORDS.has(words[at + 1] as string))
    return { value: value + unit, length: 2 };
  return { value, length: 1 };
}

/** The comparison written before a number ("longer than", "no more than", "at least"), over at most 3 words. */
function comparatorBefore(words: readonly string[], at: number, used: boolean[]): string {
  for (let back = 1; back <= 3 && at - back >= 0; back++) {
    const word = words[at - back] as string;
    let sign = COMPARATORS.get(word);
    if (sign) {
      let from = at - back;
      // "no more than 5" is at most 5, "not longer than 30 minutes" at most 30.
      if (words[from - 1] === "no" || words[from - 1] === "not") {
        sign = sign.startsWith(">") ? "<=" : ">=";
        from--;
      }
      for (let i = from; i < at; i++) used[i] = true;
      return sign;
    }
    if (word !== "than" && word !== "at" && word !== "or" && word !== "a" && word !== "of") break;
  }
  return "";
}

const CONJUNCTION_AFTER = new Set(
  "the a an they he she it we you their his her this that these those customer customers agent agents".split(
    " ",
  ),
);

/** A bound on a whole count in one form: "more than once" (> 1) and "two or more times" (>= 2) are one bound. */
function countBound(comparator: string, value: number): string {
  if (!Number.isInteger(value)) return `${comparator}${value}`;
  if (comparator === ">") return `>=${value + 1}`;
  if (comparator === "<") return `<=${value - 1}`;
  return `${comparator}${value}`;
}

/** A time span in one canonical unit: minutes when whole, else seconds ("half an hour" and "30 minutes" meet). */
function span(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute` : `${seconds} second`;
}

/** "half an hour", "an hour", "a quarter of an hour", "one minute": a span written without a numeral. */
function wordSpan(words: readonly string[], at: number): { seconds: number; length: number } | null {
  const word = words[at];
  const bounded =
    comparatorBefore(
      words,
      at,
      [...words].map(() => false),
    ) !== "";
  const unitAfter = (i: number) =>
    TIME_UNITS.get(words[i] as string) ?? (bounded ? BOUNDED_SPAN_UNITS.get(words[i] as string) : undefined);
  if (word === "half" || word === "quarter") {
    const fraction = word === "half" ? 0.5 : 0.25;
    for (const gap of [1, 2, 3]) {
      const unit = unitAfter(at + gap);
      if (unit === undefined) continue;
      const between = words.slice(at + 1, at + gap);
      if (between.every((w) => w === "an" || w === "a" || w === "of"))
        return { seconds: unit * fraction, length: gap + 1 };
    }
    return null;
  }
  if (word !== undefined && ONE_BEFORE_UNIT.has(word)) {
    const unit = unitAfter(at + 1);
    if (unit !== undefined) return { seconds: unit, length: 2 };
    // "an hour and a half"
  }
  return null;
}

/**
 * The comparison written after an amount (docs/plan-matching.md, section 3.3, "bound after the measure"): `or
 * COMPARATOR` ("one month or less"), or, after a unit, `of MEASURE or COMPARATOR` ("one month of tenure or less",
 * "30 minutes of hold or more"), the measure named between. Returns the sign and the words of the comparison
 * (the measure is left for the lexicon to read); null when none follows.
 */
function trailingComparator(
  words: readonly string[],
  at: number,
  afterUnit = true,
): { sign: string; words: number[] } | null {
  const direct = words[at] === "or" ? TRAILING_COMPARATORS.get(words[at + 1] ?? "") : undefined;
  if (direct !== undefined) return { sign: direct, words: [at, at + 1] };
  const measure = words[at + 1];
  if (!afterUnit || words[at] !== "of" || measure === undefined || STOPWORDS.has(measure)) return null;
  const named = words[at + 2] === "or" ? TRAILING_COMPARATORS.get(words[at + 3] ?? "") : undefined;
  return named === undefined ? null : { sign: named, words: [at, at + 2, at + 3] };
}

/** A bounded single calendar unit: "more than a year", "a tenure of one month or less", "under a month". */
function readWordCalendar(words: readonly string[], at: number, bag: SlotBag, used: boolean[]): boolean {
  const word = words[at];
  const calendar = CALENDAR_UNITS.get(words[at + 1] ?? "");
  if (word === undefined || calendar === undefined) return false;
  // "agents in their first month": their age, under one unit.
  if (word === "first" && tenureOpening(words, at + 1)) {
    used[at] = used[at + 1] = true;
    bag.add("metric", "agent tenure");
    bag.add("number", calendarValue("<", 1, calendar));
    return true;
  }
  if (!ONE_BEFORE_UNIT.has(word)) return false;
  const trailing = trailingComparator(words, at + 2);
  let comparator = comparatorBefore(words, at, used);
  if (comparator === "" && trailing !== null) {
    comparator = trailing.sign;
    for (const i of trailing.words) used[i] = true;
  }
  if (comparator === "") return false;
  used[at] = used[at + 1] = true;
  bag.add("number", calendarValue(comparator, 1, calendar));
  return true;
}

const POSSESSIVES = new Set(["their", "his", "her", "its"]);

/**
 * "(agents in) their first three months": the amount at `at` is an age under that many units, read as tenure.
 * "the first 3 calls" or "the first week of June" are no age: only a possessive before "first" makes one.
 */
function tenureOpening(words: readonly string[], at: number): boolean {
  return words[at - 1] === "first" && POSSESSIVES.has(words[at - 2] ?? "");
}

/** A calendar amount in its canonical unit: "2 year" is "24 month", "8 week" is "56 day". */
function calendarValue(comparator: string, value: number, [unit, factor]: readonly [string, number]): string {
  return `${comparator}${value * factor} ${unit}`;
}

/** Reads the number at `at`, if it is one, with the comparison before it and the unit after it. */
function readNumber(words: readonly string[], at: number, bag: SlotBag, used: boolean[]): void {
  const spoken = wordSpan(words, at);
  if (spoken) {
    const comparator = comparatorBefore(words, at, used);
    for (let i = at; i < at + spoken.length; i++) used[i] = true;
    bag.add("metric", "duration");
    bag.add("number", `${comparator}${span(spoken.seconds)}`);
    return;
  }
  if (readWordCalendar(words, at, bag, used)) return;
  // "multiple times" is "more than once".
  if (words[at] === "multiple" && words[at + 1] === "time") {
    used[at] = used[at + 1] = true;
    bag.add("number", countBound(">", 1));
    return;
  }
  // "once the agent offers …" is a conjunction, not a count.
  if (words[at] === "once" && CONJUNCTION_AFTER.has(words[at + 1] ?? "")) return;
  const read = numberSpan(words, at);
  if (read === null) {
    // "one" is a count only with a comparison word ("more than one transfer", "one or more abusive calls").
    const trailing = words[at + 1] === "or" ? TRAILING_COMPARATORS.get(words[at + 2] ?? "") : undefined;
    if (words[at] === "one" && trailing !== undefined && comparatorBefore(words, at, [...used]) === "") {
      used[at] = used[at + 1] = used[at + 2] = true;
      bag.add("number", countBound(trailing, 1));
    } else if (words[at] === "one" && comparatorBefore(words, at, [...used]) !== "") {
      const comparator = comparatorBefore(words, at, used);
      used[at] = true;
      bag.add("number", countBound(comparator, 1));
    }
    return;
  }
  const end = at + read.length;
  const next = words[end];
  if (next !== undefined && STRUCTURE_NOUNS.has(next)) {
    for (let i = at; i < end; i++) used[i] = true;
    return;
  }
  let comparator = comparatorBefore(words, at, used);
  for (let i = at; i < end; i++) used[i] = true;
  const seconds =
    next === undefined
      ? undefined
      : (TIME_UNITS.get(next) ?? (comparator !== "" ? BOUNDED_SPAN_UNITS.get(next) : undefined));
  const calendar = next === undefined ? undefined : CALENDAR_UNITS.get(next);
  const unitLength = seconds !== undefined || calendar !== undefined ? 1 : 0;
  if (unitLength > 0) used[end] = true;
  // "30 minutes or more", "five or fewer", "three months of tenure or more"
  // "three times or more": the count noun stands between the amount and its comparison.
  const counted = unitLength === 0 && words[end] === "time" ? 1 : 0;
  const trailing = trailingComparator(words, end + unitLength + counted, unitLength > 0);
  if (trailing && comparator === "") {
    comparator = trailing.sign;
    for (const i of trailing.words) used[i] = true;
  }
  if (seconds !== undefined) {
    bag.add("metric", "duration");
    bag.add("number", `${comparator}${span(read.value * seconds)}`);
  } else if (calendar !== undefined) {
    const opening = tenureOpening(words, at);
    if (opening) {
      used[at - 1] = true;
      bag.add("metric", "agent tenure");
    }
    bag.add("number", calendarValue(opening ? "<" : comparator, read.value, calendar));
  } else bag.add("number", countBound(comparator, read.value));
}

function negated(words: readonly string[], at: number): boolean {
  const before = words[at - 1];
  return before !== undefined && NEGATIONS.has(before);
}

/** Reads the lexicon's phrases, longest first, into the bag; each word is read once. */
function readPhrases(
  words: readonly string[],
  used: boolean[],
  byFirst: ReadonlyMap<string, Phrase[]>,
  bag: SlotBag,
): void {
  for (let at = 0; at < words.length; ) {
    if (used[at]) {
      at++;
      continue;
    }
    const phrase = byFirst
      .get(words[at] as string)
      ?.find((p) => p.tokens.every((token, offset) => words[at + offset] === token && !used[at + offset]));
    if (!phrase) {
      at++;
      continue;
    }
    const after = words[at + phrase.tokens.length] ?? "";
    // "how long do they wait" asks for the wait time, not the duration.
    if (phrase.slot === "metric" && phrase.value === "duration" && phrase.tokens.join(" ") === "how long") {
      const wait = words.slice(at + 2, at + 7).findIndex((w) => WAIT_WORDS.has(w));
      if (wait >= 0) {
        bag.add("metric", "wait time");
        used[at] = used[at + 1] = used[at + 2 + wait] = true;
        at += 2;
        continue;
      }
    }
    // "the most dissatisfied with" is how strongly, not which group ranks first.
    const intensity = phrase.slot === "aggregation" && phrase.value === "rank" && INTENSIFIED.has(after);
    if (phrase.slot && !intensity) {
      const flip = (phrase.slot === "moment" || phrase.slot === "driver") && negated(words, at);
      // "the resolution rate" is the share of resolved interactions.
      const rate = phrase.slot === "resolution" && phrase.value === "any" && SHARE_WORDS.has(after);
      bag.add(phrase.slot, flip ? `not ${phrase.value}` : rate ? "resolved" : phrase.value);
      if (flip) used[at - 1] = true;
      if (phrase.slot === "aggregation" && phrase.value === "rank" && rankFromBottom(phrase.tokens))
        bag.add("aggregation", BOTTOM);
    }
    for (let i = 0; i < phrase.tokens.length; i++) used[at + i] = true;
    at += phrase.tokens.length;
  }
}

/**
 * The end a rank starts from: "the lowest", "the least", "the fewest", "the bottom 5" rank from the bottom, and
 * "highest ↔ lowest" is a real intent change (another set of units). "best" and "worst" depend on the measure
 * (the worst handle time is the highest), so they say nothing about the end.
 */
const BOTTOM = "bottom";
const LOW_END = new Set(["lowest", "least", "fewest", "smallest", "bottom", "minimum", "shortest"]);

function rankFromBottom(tokens: readonly string[]): boolean {
  return tokens.some((token) => LOW_END.has(token));
}

const ENDING_VERB = new Set(ENDING_VERBS);
const ENDING_NOUN = new Set(ENDING_NOUNS);
const OWNER = new Set(OWNERS);
const SUBSCRIBED = new Set(SUBSCRIBED_THINGS);

/**
 * The cancellation family with words of description between ("closing a savings account", "cancel their mobile
 * phone contract", "the closure of their savings account"): the lexicon lists the bare forms, and an account's
 * kind is open-ended. The verb, owner and thing are read; the words between stay in the rest. Read before the
 * lexicon's phrases, so "closing" here is not the QA term "closing".
 */
function readEndings(words: readonly string[], used: boolean[], bag: SlotBag): void {
  for (let at = 0; at < words.length; at++) {
    const word = words[at] as string;
    if (used[at] || !(ENDING_VERB.has(word) || ENDING_NOUN.has(word))) continue;
    let next = at + 1;
    if (ENDING_NOUN.has(word)) {
      if (words[next] !== "of") continue;
      next++;
    }
    if (OWNER.has(words[next] as string)) next++;
    for (let described = 0; described <= 2 && next + described < words.length; described++) {
      const thing = next + described;
      if (used[thing]) break;
      if (!SUBSCRIBED.has(words[thing] as string)) {
        if (STOPWORDS.has(words[thing] as string)) break;
        continue;
      }
      bag.add("driver", "cancellation");
      for (let i = at; i < next; i++) used[i] = true;
      used[thing] = true;
      at = thing;
      break;
    }
  }
}

/** The nouns a step can break its result down by, for "which five agents", "the top 3 call drivers". */
const DIMENSIONS: ReadonlyMap<string, string> = new Map([
  ["agent", "agent"],
  ["representative", "agent"],
  ["team", "team"],
  ["site", "site"],
  ["queue", "queue"],
  ["channel", "channel"],
  ["driver", "call driver"],
  ["segment", "segment"],
]);
const BREAKDOWN_WORDS = new Set(["which", "what", "top", "bottom", "each", "every", "per"]);
/** Words that may stand between a breakdown word and its dimension ("which five agents", "the top 3"). */
const BETWEEN_BREAKDOWN = new Set(["call", "most", "frequent", "of"]);
/** Determiners after "of" in "which of its agents", "each of the teams" ("which the agent" is a relative clause). */
const OF_DETERMINERS = new Set(["its", "their", "the", "these", "those", "our"]);
/** Words between a fetching verb and what it fetches ("find the five agents", "get the top 3 teams"). */
const BEFORE_OBJECT = new Set(["the", "a", "an", "top", "bottom", "single", "one"]);
/** Frequency adjectives: "the weekly count" is the count per week. */
const FREQUENCIES: ReadonlyMap<string, string> = new Map([
  ["daily", "day"],
  ["weekly", "week"],
  ["monthly", "month"],
]);
/** Nouns a frequency adjective breaks down ("the weekly count"), as against "their monthly bill". */
const MEASURE_NOUNS = new Set(
  "count number volume total average share rate trend breakdown figure tally distribution basis percentage".split(
    " ",
  ),
);

/**
 * Breakdowns the lexicon's fixed wordings miss (docs/plan-matching.md, section 3.3): a count or adjective between
 * ("which five agents", "the top 3 call drivers", "which of its agents"); a frequency adjective on a measure ("the
 * weekly count"); and a ranked unit asked for ("fetch the team with the highest transfer rate" asks which team, as
 * "which team had …" does).
 */
function readBreakdowns(words: readonly string[], bag: SlotBag): void {
  readFrequencies(words, bag);
  readQualifiedBreakdowns(words, bag);
  readRankedObject(words, bag);
}

/** "the weekly count", "monthly totals", "counted daily": a frequency adjective on a measure, not "their monthly bill". */
function readFrequencies(words: readonly string[], bag: SlotBag): void {
  words.forEach((word, at) => {
    const frequency = FREQUENCIES.get(word);
    const next = words[at + 1];
    if (frequency && (next === undefined || STOPWORDS.has(next) || MEASURE_NOUNS.has(next)))
      bag.add("group", frequency);
  });
}

/** A breakdown word, then up to three words of count or description, then the dimension: "which five agents". */
function readQualifiedBreakdowns(words: readonly string[], bag: SlotBag): void {
  words.forEach((word, at) => {
    const dimension = DIMENSIONS.get(word);
    if (!dimension || bag.values.get("group")?.has(dimension)) return;
    for (let back = 1; back <= 3 && at - back >= 0; back++) {
      const before = words[at - back] as string;
      if (BREAKDOWN_WORDS.has(before)) {
        bag.add("group", dimension);
        return;
      }
      const afterOf = OF_DETERMINERS.has(before) && words[at - back - 1] === "of";
      if (numberAt(before) === null && !BETWEEN_BREAKDOWN.has(before) && !afterOf) return;
    }
  });
}

/**
 * A ranked request whose object is a unit ("Fetch the team with the highest transfer rate", "Look up the agents of
 * this team who transferred the most", "Team with the top transfer rate?") asks which unit ranks first. The object
 * is the first content word, or the first after the request's verb (whatever verb: the verb is wording) and its
 * determiners and count.
 */
function readRankedObject(words: readonly string[], bag: SlotBag): void {
  const ranked = bag.superlative || (bag.values.get("aggregation")?.has("rank") ?? false);
  if (!ranked) return;
  const skippable = (word: string | undefined) =>
    word !== undefined && (STOPWORDS.has(word) || FILLER.has(word) || BEFORE_OBJECT.has(word));
  let at = 0;
  while (skippable(words[at])) at++;
  if (!DIMENSIONS.has(words[at] ?? "")) {
    at++;
    while (skippable(words[at]) || numberAt(words[at]) !== null) at++;
  }
  const dimension = DIMENSIONS.get(words[at] ?? "");
  if (dimension) bag.add("group", dimension);
}
/** Words before the request's verb that ask for nothing ("Please fetch …", "Next, identify …"). */
const FILLER = new Set(["please", "next", "now", "then", "finally", "first", "kindly", "step"]);

/**
 * Degree adverbs: "(the) most" or "(the) least" closing a clause or before a preposition ("what they complain
 * about the most", "who transferred the most last quarter"). Before a noun or "of" ("the most calls", "the most of
 * these calls") it is a determiner, and "most often" is a frequency; the lexicon reads both as a rank.
 */
const DEGREE_ADVERB =
  /(?<!\bat\s+)\b(?:the\s+)?(?:most|least)(?=\s*(?:[?.!,;:)]|$)|\s+(?:about|with|in|on|for|during|when|while|among|across|over|at|from|last|this|since|before|after|between|by|to|and|or|overall|today|yesterday|recently)\b)/gi;

/**
 * What a rank is by: "the top 5 agents by number of calls", "the highest-ranked teams by the volume of chats". The
 * count names the ranking's measure, not a count asked for, so it is read as "the top 5 agents by calls" (the most
 * calls). Only after a rank word in the same clause: "broken down by the number of transfers" stays a count.
 */
const RANK_CRITERION =
  /(\b(?:top|bottom|highest|lowest|best|worst|rank|ranked|ranking)\b[^.?!;:]*?)\bby\s+(?:the\s+)?(?:number|count|volume)\s+of\b/gi;

/** The time of a moment, a measure: "hold time", "time on hold", "holding time". */
const TIMED_MOMENT = /\bhold(?:ing)?\s+times?\b|\btime\s+(?:spent\s+)?on\s+hold\b/i;

const WAIT_WORDS = new Set(["wait", "waited", "waiting", "queue", "queued"]);
const SHARE_WORDS = new Set(["rate", "percentage", "share", "proportion", "ratio"]);

/**
 * A second request joined to the first ("… and what is their average QA score?", "…; then find why …"): the
 * prompt asks several things at once, so it stands for no single step (a merge, or the paper's COMPLEX PROMPT).
 * Relative clauses ("… and where the call driver is …", "… and which were escalated") are not requests.
 */
const SECOND_REQUEST =
  /(?:\band\b|;|\bthen\b|\balso\b)\s*,?\s*(?:also\s+|then\s+)?(?:what|why|how|which(?!\s+(?:were|was|are|is|had|have|got)\b)|find|list|count|identify|fetch|get|retrieve|determine|explain|describe|summari[sz]e|tell|show|give|compute|calculate|report)\b/i;

/** Whether a prompt asks several things at once (two requests joined, or two question marks). */
export function asksSeveral(prompt: string): boolean {
  let several = severalByPrompt.get(prompt);
  if (several === undefined) {
    const masked = maskPlaceholders(prompt);
    several = SECOND_REQUEST.test(masked) || (masked.match(/\?/g) ?? []).length > 1;
    if (severalByPrompt.size >= CACHE_LIMIT) severalByPrompt.clear();
    severalByPrompt.set(prompt, several);
  }
  return several;
}
const severalByPrompt = new Map<string, boolean>();

const caches = new WeakMap<ToolDescriptions, Map<string, Intent>>();
const CACHE_LIMIT = 20_000;

/**
 * The intent of a prompt. Cached by prompt: thousands of candidate plans share a few hundred reference prompts.
 * @example readIntent("Fetch call_ids of refund calls from last week", tools).slots
 *   // { driver: ["refund"], entity: ["call"], period: ["last week"], aggregation: ["ids"] }
 */
export function readIntent(prompt: string, tools: ToolDescriptions): Intent {
  let cache = caches.get(tools);
  if (!cache) {
    cache = new Map();
    caches.set(tools, cache);
  }
  const cached = cache.get(prompt);
  if (cached) return cached;
  const explained = explanationBeforeBreakdown(prompt, tools);
  if (explained) {
    cache.set(prompt, explained);
    return explained;
  }
  const table = tableFor(tools);
  const bag = new SlotBag();
  if (asksSeveral(prompt)) bag.add("requests", "several");
  const teams = namedTeams(maskPlaceholders(prompt));
  for (const team of teams.values) bag.add("team", team);
  bag.timedMoment = TIMED_MOMENT.test(teams.rest);
  const text = teams.rest
    .replace(RANK_CRITERION, (_, ranked: string) => `${ranked} by `)
    .replace(DEGREE_ADVERB, (adverb: string) => {
      bag.superlative = true;
      if (/least/i.test(adverb)) bag.superlativeFromBottom = true;
      return " ";
    });
  const words = tokens(text);
  const used = words.map(() => false);
  readPhrases(words, used, table.numbered, bag);
  readEndings(words, used, bag);
  for (let at = 0; at < words.length; at++) if (!used[at]) readNumber(words, at, bag, used);
  readPhrases(words, used, table.byFirst, bag);
  readBreakdowns(words, bag);
  const rest = words.flatMap((word, i) => {
    if (used[i] || STOPWORDS.has(word) || word.endsWith("placeholder")) return [];
    return [SYNONYMS.get(word) ?? word];
  });
  const intent = intentOf(bag.finish(), rest);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(prompt, intent);
  return intent;
}

/**
 * A breakdown instruction after the request: "Break it down by …", ", broken down by …", "Group them by …".
 * The part before it is the request; what follows names what the answer is broken down by.
 */
const BREAKDOWN_LEAD =
  /(?:[.;:,!?]\s*|\s+)(?:and\s+)?(?:please\s+)?(?:(?:break|breaking)\s+(?:it|this|that|them|these|the\s+\w+)\s+down|broken\s+down|(?:split|splitting|group|grouping|grouped|segment|segmented|categori[sz]e|categori[sz]ed)(?:\s+(?:it|this|that|them|these|the\s+\w+))?)\s+by\b/i;
/** An explanation question: why, for what reasons, what … about, how come; filler before it asks nothing. */
const EXPLANATION =
  /^\s*(?:(?:please|next|now|then|so|finally|kindly)\b[\s,]*)*(?:why|how\s+come|for\s+what\s+reasons?|what\b)/i;

/**
 * A T2S twin of a why or what question that spells out what it explains with ("Why are these customers unhappy?
 * Break it down by call driver and by how often these calls were escalated, transferred …") asks the question
 * before the breakdown: an explanation from the stored fields is what a T2S twin gives anyway (docs, section
 * 3.2). Naming too many fields is Step Executability's flaw, charged there once. A breakdown of something computed
 * ("the average QA score, broken down by team") is a real group and is read as written; so is a restriction
 * ("… only for escalated calls"), which no breakdown lead-in introduces.
 */
function explanationBeforeBreakdown(prompt: string, tools: ToolDescriptions): Intent | null {
  const lead = BREAKDOWN_LEAD.exec(prompt);
  if (!lead || lead.index === 0) return null;
  const question = prompt.slice(0, lead.index);
  if (!EXPLANATION.test(question)) return null;
  const intent = readIntent(question, tools);
  const computed = (["aggregation", "metric", "number", "requests"] as const).some(
    (name) => intent.slots[name] !== undefined,
  );
  return computed ? null : intent;
}

/** An intent from its slots and remaining words, with the key two intents are compared by. */
export function intentOf(slots: Slots, rest: readonly string[]): Intent {
  return { slots, slotKey: SLOT_NAMES.map((name) => (slots[name] ?? []).join("|")).join("\u0000"), rest };
}

/** The remaining words that are not weak, per word list (the lists are the cached intents' own). */
const contents = new WeakMap<readonly string[], readonly string[]>();

function contentOf(rest: readonly string[]): readonly string[] {
  let content = contents.get(rest);
  if (!content) {
    content = rest.filter((word) => !WEAK.has(word));
    contents.set(rest, content);
  }
  return content;
}

/**
 * Whether the words the slots leave could be one request in two wordings (docs/plan-matching.md, section 1).
 * When the slots carry what is computed (an aggregation or a metric), the rest is wording: everything a T2S
 * step can filter or compute is a stored field, and stored fields are slots. When they carry nothing computed (a why or what
 * question, a RAG question), the question's subject is in the words: both must share one content word, or both
 * have none. Weak words ("fetch", "answer", "combine") are never content. An LLM step's words never decide.
 */
export function restCompatible(a: Intent, b: Intent, tool: string | null = null): boolean {
  // An LLM step's intent is what it computes from its inputs: its slots and wiring say it, its words are wording.
  if (tool === "LLM") return true;
  const ca = contentOf(a.rest);
  const cb = contentOf(b.rest);
  const shares = ca.some((word) => cb.includes(word));
  if (shares) return true;
  const measured = (i: Intent) => i.slots.aggregation !== undefined || i.slots.metric !== undefined;
  if (measured(a) && measured(b)) return true;
  return ca.length === 0 && cb.length === 0;
}

/** The valences a word list speaks of ("unhappy", "praise"), per word list (the cached intents' own). */
const valences = new WeakMap<readonly string[], ReadonlySet<string>>();

function valenceOf(rest: readonly string[]): ReadonlySet<string> {
  let found = valences.get(rest);
  if (!found) {
    const set = new Set<string>();
    for (const word of rest) {
      const valence = VALENCE.get(word);
      if (valence) set.add(valence);
    }
    found = set;
    valences.set(rest, found);
  }
  return found;
}

/**
 * Whether two prompts ask about opposite things customers say (docs/plan-matching.md, section 3.2): "What do
 * customers praise?" and "What do customers complain about?" share "customers" and most of their shape, but one
 * asks for praise and the other for complaints. Only a prompt of one valence against one of the other: a prompt
 * naming both, or neither, is not opposed.
 */
export function oppositeValence(a: Intent, b: Intent): boolean {
  const va = valenceOf(a.rest);
  const vb = valenceOf(b.rest);
  if (va.size !== 1 || vb.size !== 1) return false;
  return !va.has([...vb][0] as string);
}

/** The slots on which two intents disagree; empty when every slot holds the same values on both sides. */
export function slotDifferences(a: Slots, b: Slots): SlotName[] {
  return SLOT_NAMES.filter((name) => (a[name] ?? []).join("|") !== (b[name] ?? []).join("|"));
}

/** How many slots two intents disagree on: `slotDifferences(a, b).length`, without building the lists. */
export function slotDistance(a: Slots, b: Slots): number {
  let differ = 0;
  for (const name of SLOT_NAMES) {
    const x = a[name];
    const y = b[name];
    if (x === y) continue;
    if (x === undefined || y === undefined) {
      // An empty list and an absent slot read the same (slotDifferences joins them both to "").
      if ((x ?? y)?.length !== 0) differ++;
      continue;
    }
    if (x.length !== y.length || x.some((value, i) => value !== y[i])) differ++;
  }
  return differ;
}

/** Readable slots for --explain: "driver=refund entity=call". */
export function formatSlots(slots: Slots): string {
  const parts = SLOT_NAMES.flatMap((name) => (slots[name] ? [`${name}=${slots[name].join("+")}`] : []));
  return parts.length === 0 ? "(no slots)" : parts.join(" ");
}

const SMOOTHING = 0.5;

/**
 * Weighted Dice overlap of the words left after slots, smoothed so that two prompts with nothing but weak words
 * ("Fetch the ids") compare as alike and a prompt with one content word more than the other does not.
 */
export function restSimilarity(a: readonly string[], b: readonly string[]): number {
  const wa = weightsOf(a);
  const wb = weightsOf(b);
  let total = SMOOTHING;
  let shared = SMOOTHING;
  for (const [word, weight] of wa) {
    total += weight;
    if (wb.has(word)) shared += 2 * weight;
  }
  for (const weight of wb.values()) total += weight;
  return shared / total;
}

/** Word weights per word list; the lists are the cached intents' own, so each is weighed once. */
const weighed = new WeakMap<readonly string[], Map<string, number>>();

function weightsOf(words: readonly string[]): Map<string, number> {
  let weights = weighed.get(words);
  if (!weights) {
    weights = new Map();
    for (const word of words) weights.set(word, WEAK.has(word) ? 0.25 : 1);
    weighed.set(words, weights);
  }
  return weights;
}
