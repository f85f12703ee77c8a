import { describe, expect, it } from "vitest";
import { timeRule } from "./time.js";

const match = (text: string) => timeRule.match(text, []);

describe("timeRule", () => {
  it.each([
    ["What time is it in Tokyo?", "Asia/Tokyo"],
    ["What's the current time in New York?", "America/New_York"],
    ["What time is it in PST?", "America/Los_Angeles"],
    ["What's the time in Europe/Lisbon?", "Europe/Lisbon"],
    ["What time is it in Timbuktu?", "Timbuktu"],
    ["Который час в Токио?", "Asia/Tokyo"],
    ["Сколько сейчас времени в Новосибирске?", "Asia/Novosibirsk"],
    ["Сколько времени по московскому времени?", "Europe/Moscow"],
  ])("%s → %s", (text, timezone) => {
    expect(match(text)).toEqual({ name: "get_time", arguments: { timezone } });
  });

  it("asks where when no place is named", () => {
    expect(match("What time is it?")).toBe("clarify");
    expect(match("Который час?")).toBe("clarify");
  });

  it("ignores durations", () => {
    expect(match("How much time does it take to boil an egg?")).toBeNull();
  });
});
