/** convert_units: "5 miles in km", «10 километров в милях», "how many feet in 3 meters", with the shared unit table. */
import { UNIT_ALIASES } from "../../tools/aliases/unit.js";
import { withDigits } from "./numbers.js";
import { fold, languageOf } from "./text.js";
import { type Found, phraseAt, type Token, tokenize } from "./tokens.js";
import type { Rule } from "./types.js";

// Between the quantity and the target: "to", "in", "is how many", «в», «это сколько».
const LINKS: readonly (readonly string[])[] = [
  ["to"],
  ["in"],
  ["into"],
  ["as"],
  ["="],
  ["в"],
  ["во"],
  ["на"],
  // «по Фаренгейту», «по Цельсию»: the scale a temperature is read in.
  ["по"],
  ["is", "how", "many"],
  ["are", "how", "many"],
  ["equals", "how", "many"],
  ["это", "сколько"],
  ["сколько", "это"],
];
const HOW_MANY = [["how", "many"], ["how", "much"], ["сколько"]];
const IN = new Set([
  "in",
  "in a",
  "are in",
  "are there in",
  "is in",
  "is",
  "are",
  "в",
  "во",
  "это",
  "будет",
  "будут",
]);
// "350 °F. What's that in Celsius?": a target named later counts when the text asks a question.
const ASKS = /\?|\b(?:what|how|convert)\b|сколько|переведи/;
const CONVERT = /\bconvert\b|конверт|переведи|перевести/;

const unitAt = (tokens: readonly Token[], index: number): Found | null =>
  phraseAt(tokens, index, (key) => UNIT_ALIASES.get(key), { maxWords: 4, inflected: true });

interface Quantity {
  value: number;
  from: string;
  to: string | null;
  /** Whether the target followed the quantity directly ("5 km in miles"). */
  adjacent: boolean;
}

function linkAt(tokens: readonly Token[], index: number): number {
  for (const link of LINKS) {
    if (link.every((word, i) => tokens[index + i]?.text === word)) return link.length;
  }
  return 0;
}

function signed(tokens: readonly Token[], index: number): number | null {
  const value = tokens[index]?.number;
  if (value === undefined || value === null) return null;
  const before = tokens[index - 1]?.text;
  return before === "-" || before === "minus" || before === "минус" ? -value : value;
}

/** The first "in UNIT" / «в UNIT» after a position, for a quantity whose target comes later. */
function laterTarget(tokens: readonly Token[], from: number): string | null {
  for (let i = from; i < tokens.length; i++) {
    if (tokens[i]?.number !== null) return null;
    const link = linkAt(tokens, i);
    const to = link > 0 ? unitAt(tokens, i + link) : null;
    if (to) return to.value;
  }
  return null;
}

/** "NUMBER UNIT to UNIT" anywhere in the tokens; a quantity with no target when there is no such phrase. */
function forward(tokens: readonly Token[]): Quantity | null {
  let partial: Quantity | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const value = signed(tokens, i);
    const from = value === null ? null : unitAt(tokens, i + 1);
    if (value === null || from === null) continue;
    const link = linkAt(tokens, i + 1 + from.length);
    const to = link > 0 ? unitAt(tokens, i + 1 + from.length + link) : null;
    if (to) return { value, from: from.value, to: to.value, adjacent: true };
    partial ??= { value, from: from.value, to: laterTarget(tokens, i + 1 + from.length), adjacent: false };
  }
  return partial;
}

/** "how many UNIT (are) in NUMBER UNIT" / «сколько UNIT в NUMBER UNIT». */
function backward(tokens: readonly Token[]): Quantity | null {
  for (let i = 0; i < tokens.length; i++) {
    const ask = HOW_MANY.find((words) => words.every((word, k) => tokens[i + k]?.text === word));
    if (!ask) continue;
    const to = unitAt(tokens, i + ask.length);
    if (!to) continue;
    for (let gap = 1; gap <= 3; gap++) {
      const at = i + ask.length + to.length;
      const link = tokens
        .slice(at, at + gap)
        .map((token) => token.text)
        .join(" ");
      const value = signed(tokens, at + gap);
      const from = value === null ? null : unitAt(tokens, at + gap + 1);
      if (IN.has(link) && value !== null && from)
        return { value, from: from.value, to: to.value, adjacent: true };
    }
  }
  return null;
}

export const unitsRule: Rule = {
  tool: "convert_units",
  question: { en: "Which unit should I convert it into?", ru: "В какие единицы перевести?" },
  match(text) {
    const folded = fold(text);
    const tokens = tokenize(withDigits(folded, languageOf(text)));
    const found = backward(tokens) ?? forward(tokens);
    if (found === null) return null;
    if (found.to === null) return CONVERT.test(folded) ? "clarify" : null;
    if (!found.adjacent && !ASKS.test(folded)) return null;
    if (found.to === found.from) return null;
    return {
      name: "convert_units",
      arguments: { value: found.value, from_unit: found.from, to_unit: found.to },
    };
  },
};
