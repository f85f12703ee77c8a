/**
 * The figures an answer states, read from its text: numbers with their unit (%, seconds, minutes, hours), and
 * whether it says there is no data. The tolerance of each unit is defined here and documented in docs/workspace.md
 * ("Ground truth"); `matches` is the one comparison every fact kind uses.
 */
import type { UNITS } from "../../plans/data/references.js";

export type Unit = (typeof UNITS)[number];

export interface StatedNumber {
  value: number;
  /** The unit written after it, normalised; null when there is none. */
  unit: "percent" | "seconds" | "minutes" | "hours" | null;
}

const NUMBER =
  /(?<![\w.:-])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?|-?\.\d+)(?:\s*(%|percent\b|per cent\b|seconds?\b|secs?\b|s\b|minutes?\b|mins?\b|m\b|hours?\b|hrs?\b|h\b))?/gi;

const WORD_ZERO =
  /\b(zero|none|no (?:calls?|chats?|emails?|interactions?|contacts?|customers?|agents?|records?|rows?|results?|data|matching|such))\b/i;
const NO_DATA =
  /\b(no data|no (?:calls?|chats?|emails?|interactions?|contacts?|customers?|agents?|records?|rows?|results?|matching)|none|null|n\/a|not available|nothing (?:to report|matched|found))\b/i;

function unitOf(raw: string | undefined): StatedNumber["unit"] {
  if (!raw) return null;
  const u = raw.toLowerCase();
  if (u === "%" || u.startsWith("per")) return "percent";
  if (u.startsWith("s")) return "seconds";
  if (u.startsWith("m")) return "minutes";
  return "hours";
}

/** Every number in the text, in order. */
export function statedNumbers(text: string): StatedNumber[] {
  return [...text.matchAll(NUMBER)].map((m) => ({
    value: Number((m[1] ?? "0").replaceAll(",", "")),
    unit: unitOf(m[2]),
  }));
}

export function saysNoData(text: string): boolean {
  return NO_DATA.test(text);
}

/** The stated number in the reference's unit, or null when its unit cannot express that quantity. */
function inUnit(stated: StatedNumber, unit: Unit): number | null {
  switch (unit) {
    case "seconds":
      if (stated.unit === "minutes") return stated.value * 60;
      if (stated.unit === "hours") return stated.value * 3600;
      return stated.unit === "percent" ? null : stated.value;
    case "share":
      if (stated.unit === "percent") return stated.value / 100;
      return stated.unit === null && Math.abs(stated.value) <= 1 ? stated.value : null;
    case "count":
      return stated.unit === null ? stated.value : null;
    default:
      return stated.unit === null || stated.unit === "percent" ? stated.value : null;
  }
}

/** How far a stated figure may be from the reference and still be the same figure. */
export function tolerance(unit: Unit, reference: number): number {
  switch (unit) {
    case "count":
      return 0;
    case "seconds":
      return Math.max(1, 0.02 * Math.abs(reference));
    case "share":
      return 0.005;
    case "score":
      return 0.5;
    case "csat":
      return 0.05;
  }
}

/** Whether the text states the reference figure (null: whether it says there is no data). */
export function statesFigure(text: string, reference: number | null, unit: Unit): boolean {
  if (reference === null) return saysNoData(text);
  if (unit === "count" && reference === 0 && WORD_ZERO.test(text)) return true;
  const allowed = tolerance(unit, reference);
  return statedNumbers(text).some((stated) => {
    const value = inUnit(stated, unit);
    return value !== null && Math.abs(value - reference) <= allowed + 1e-9;
  });
}
