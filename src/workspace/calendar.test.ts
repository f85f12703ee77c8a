import { describe, expect, it } from "vitest";
import {
  calendarText,
  isoDate,
  PERIODS,
  period,
  TODAY,
  timestampLiteral,
  WINDOW,
  WINDOW_WEEKS,
} from "./calendar.js";

const day = (ms: number) => isoDate(ms);

describe("the workspace calendar", () => {
  it("holds a window of exactly 13 weeks that ends with today", () => {
    expect(WINDOW_WEEKS).toBe(13);
    expect((WINDOW.end - WINDOW.start) / 86_400_000).toBe(91);
    expect(day(WINDOW.end - 1)).toBe(TODAY);
    expect(new Date(`${TODAY}T00:00:00Z`).getUTCDay()).toBe(3);
  });

  it.each([
    ["yesterday", "2025-11-18", "2025-11-18"],
    ["this week", "2025-11-17", "2025-11-19"],
    ["last week", "2025-11-10", "2025-11-16"],
    ["last weekend", "2025-11-15", "2025-11-16"],
    ["this month", "2025-11-01", "2025-11-19"],
    ["last month", "2025-10-01", "2025-10-31"],
    ["this quarter", "2025-10-01", "2025-11-19"],
    ["last quarter", "2025-07-01", "2025-09-30"],
    ["last 30 days", "2025-10-21", "2025-11-19"],
    ["last eight weeks", "2025-09-22", "2025-11-16"],
    ["march", "2025-03-01", "2025-03-31"],
    ["december", "2024-12-01", "2024-12-31"],
    ["q3", "2025-07-01", "2025-09-30"],
    ["q4", "2025-10-01", "2025-12-31"],
  ])("reads %s as %s to %s", (name, first, last) => {
    const p = period(name);
    expect(day(p.start)).toBe(first);
    expect(day(p.end - 1)).toBe(last);
  });

  it("has one meaning per name, and refuses a name it does not know", () => {
    expect(new Set(PERIODS.map((p) => p.name)).size).toBe(PERIODS.length);
    expect(() => period("next fortnight")).toThrow(/unknown period/);
  });

  it("writes timestamps both engines read, and tells the model what each period means", () => {
    expect(timestampLiteral(period("last month").start)).toBe("TIMESTAMP '2025-10-01 00:00:00'");
    const text = calendarText();
    expect(text).toContain("Today is 2025-11-19 (a Wednesday)");
    expect(text).toContain("- last quarter: Q3, 2025-07-01 to 2025-09-30");
  });
});
