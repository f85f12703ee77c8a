/** set_timer: a timer word and a duration (digits or words, EN/RU) summed into seconds; a label when named. */
import { withDigits } from "./numbers.js";
import { fold, languageOf, quotedSegments, trimEdges } from "./text.js";
import type { Rule } from "./types.js";

const CUE =
  /\btimer\b|\bcount ?down\b|\bremind me in\b|\b(?:alarm|wake me(?: up)?) in\b|таймер|засеки|засечь|отсчет|напомни(?:те)? через|разбуди(?:те)? через/;

const UNIT_SECONDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:d|day|days|сутки|суток|сутках|день|дня|дней)$/, 86400],
  [/^(?:h|hr|hrs|hour|hours|ч|час|часа|часов)$/, 3600],
  [/^(?:m|min|mins|minute|minutes|мин|минута|минуты|минуту|минут)$/, 60],
  [/^(?:s|sec|secs|second|seconds|с|сек|секунда|секунды|секунду|секунд)$/, 1],
];
const DURATION = /(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)/gu;
// Russian puts the unit first for "about": «минут семь» is about seven minutes.
const APPROXIMATE = /(?:^|\s)(минут|секунд|часа|часов)\s+(\d+(?:\.\d+)?)(?!\s*\p{L})/gu;
/** "5 minutes longer", «на пять минут дольше»: a change to an earlier timer, not a duration. */
export const RELATIVE = /\b(?:longer|shorter|more|less|extra)\b|дольше|больше|меньше|короче|еще на/u;
// Durations without a number: "half an hour", «полчаса», "an hour", «на минуту».
const BARE: ReadonlyArray<readonly [RegExp, number]> = [
  [/\bhalf an hour\b|\bhalf hour\b|(?:^|\s)полчаса(?!\p{L})/u, 1800],
  [/\ba quarter of an hour\b|\bquarter hour\b|четверть часа/u, 900],
  [/\ban hour\b|(?:^|\s)(?:на|через)\s+час(?!\p{L})/u, 3600],
  [/\ba minute\b|(?:^|\s)(?:на|через)\s+минуту(?!\p{L})/u, 60],
  [/\ba second\b|(?:^|\s)(?:на|через)\s+секунду(?!\p{L})/u, 1],
];

/** Seconds in one of a time unit word ("minutes", «часов», «сутках»), or null. */
export function unitSeconds(word: string): number | null {
  return UNIT_SECONDS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** The total duration named in a text, in seconds ("1 hour 30 minutes" → 5400); 0 when none. */
export function durationSeconds(text: string): number {
  let rest = ` ${withDigits(fold(text), languageOf(text))} `;
  let total = 0;
  rest = rest.replace(DURATION, (whole, amount: string, word: string) => {
    const seconds = unitSeconds(word);
    if (seconds === null) return whole;
    total += Number(amount) * seconds;
    return " ";
  });
  rest = rest.replace(APPROXIMATE, (whole, word: string, amount: string) => {
    const seconds = unitSeconds(word);
    if (seconds === null) return whole;
    total += Number(amount) * seconds;
    return " ";
  });
  for (const [pattern, seconds] of BARE) {
    if (pattern.test(rest)) {
      total += seconds;
      rest = rest.replace(pattern, " ");
    }
  }
  return Math.round(total * 1000) / 1000;
}

const LABELS = [
  /\b(?:called|named|labell?ed|titled|label(?: it)?|call it|name it)\s+(.+?)(?:[.,!?;]|$)/giu,
  /(?:с названием|под названием|с меткой|с подписью|назови(?:те)?(?: его)?)\s+(.+?)(?:[.,!?;]|$)/giu,
  /\bfor (?:the |my |our )?(\p{L}[\p{L}' -]{1,40}?)(?=[.,!?;]|$|\sfor\s)/giu,
  /(?:^|\s)(?:для|на)\s+(\p{L}[\p{L} -]{1,40}?)(?=[.,!?;]|$|\sна\s|\sдля\s)/giu,
];

/** The timer's name, when the text gives one: quoted, after "called"/«с названием», or "for the pasta". */
function labelOf(text: string): string | null {
  const quoted = quotedSegments(text)[0];
  if (quoted !== undefined) return quoted;
  for (const pattern of LABELS) {
    for (const match of text.matchAll(pattern)) {
      const label = trimEdges(match[1] ?? "");
      // "for 10 minutes" is the duration, not a name.
      const duration =
        durationSeconds(label) + durationSeconds(`на ${label}`) + durationSeconds(`a ${label}`);
      if (label !== "" && duration === 0 && !/\d/.test(label)) return label;
    }
  }
  return null;
}

export const timerRule: Rule = {
  tool: "set_timer",
  question: { en: "For how long should I set the timer?", ru: "На сколько поставить таймер?" },
  match(text) {
    const folded = fold(text);
    if (!CUE.test(folded)) return null;
    const seconds = durationSeconds(text);
    if (seconds <= 0 || RELATIVE.test(folded)) return "clarify";
    const label = labelOf(text);
    return { name: "set_timer", arguments: label === null ? { seconds } : { seconds, label } };
  },
};
