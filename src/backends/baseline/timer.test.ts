import { describe, expect, it } from "vitest";
import { durationSeconds, timerRule } from "./timer.js";

const match = (text: string) => timerRule.match(text, []);

describe("timerRule", () => {
  it.each([
    ["Set a timer for 5 minutes", { seconds: 300 }],
    ["Set a timer for 1 hour 30 minutes called laundry", { seconds: 5400, label: "laundry" }],
    ["Start a 90-second countdown", { seconds: 90 }],
    ["Set a timer for half an hour for the pasta", { seconds: 1800, label: "pasta" }],
    ['Timer for twenty minutes named "tea"', { seconds: 1200, label: "tea" }],
    ["Remind me in 2 hrs 15 min", { seconds: 8100 }],
    ["Поставь таймер на 10 минут", { seconds: 600 }],
    ["Поставь таймер на полтора часа", { seconds: 5400 }],
    ["Таймер на час", { seconds: 3600 }],
    ["Им надо минут семь. Засеки, пожалуйста.", { seconds: 420 }],
    ["Поставь таймер на 15 минут с названием стирка", { seconds: 900, label: "стирка" }],
  ])("%s", (text, args) => {
    expect(match(text)).toEqual({ name: "set_timer", arguments: args });
  });

  it("asks how long when no duration is given, or only a change to one", () => {
    expect(match("Поставь таймер.")).toBe("clarify");
    expect(match("Set a timer, please")).toBe("clarify");
    expect(match("Set the timer 5 minutes longer")).toBe("clarify");
  });

  it("ignores durations without a timer word", () => {
    expect(match("I waited 5 minutes for the bus")).toBeNull();
  });

  it("sums the parts of a duration", () => {
    expect(durationSeconds("2 hours, 3 minutes and 4 seconds")).toBe(7384);
    expect(durationSeconds("no time at all")).toBe(0);
  });
});
