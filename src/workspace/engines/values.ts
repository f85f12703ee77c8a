/** Result values as both engines report them, made alike: numbers as numbers, timestamps as UTC text. */
import type { SqlValue } from "./engine.js";

/** 2025-10-01 13:45:07 for a time of day, 2025-10-01 for midnight (a day, a week, a month start). */
export function timestampText(date: Date): string {
  const iso = date.toISOString();
  const [day, time] = [iso.slice(0, 10), iso.slice(11, 19)];
  return time === "00:00:00" && iso.slice(20, 23) === "000" ? day : `${day} ${time}`;
}

export function normalizeValue(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : timestampText(value);
  if (Array.isArray(value)) return JSON.stringify(value.map(normalizeValue));
  return JSON.stringify(value, (_, v) => (typeof v === "bigint" ? Number(v) : v));
}
