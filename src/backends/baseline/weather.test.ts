import { describe, expect, it } from "vitest";
import { weatherRule } from "./weather.js";

const match = (text: string) => weatherRule.match(text, []);

describe("weatherRule", () => {
  it.each([
    ["What's the weather in Berlin?", { city: "Berlin" }],
    ["Weather in New York in fahrenheit", { city: "New York", unit: "fahrenheit" }],
    ["Is it raining in London right now?", { city: "London" }],
    ["What's the forecast for Reykjavik?", { city: "Reykjavik" }],
    ["How's the weather in Ulan Bator?", { city: "Ulan Bator" }],
    ["Какая погода в Санкт-Петербурге?", { city: "Saint Petersburg" }],
    ["Какая погода в Казани по Фаренгейту?", { city: "Kazan", unit: "fahrenheit" }],
    ["Холодно сейчас в Москве?", { city: "Moscow" }],
    ["Какая погода во Владивостоке в градусах Цельсия?", { city: "Vladivostok", unit: "celsius" }],
  ])("%s", (text, args) => {
    expect(match(text)).toEqual({ name: "get_weather", arguments: args });
  });

  it("asks for the city when the question names none", () => {
    expect(match("What's the weather like?")).toBe("clarify");
    expect(match("Какая сегодня погода?")).toBe("clarify");
    expect(match("Is it raining there?")).toBe("clarify");
  });

  it("needs a city before a weak word counts", () => {
    expect(match("What is the boiling temperature of water?")).toBeNull();
    expect(match("I like cold brew coffee")).toBeNull();
  });

  it("does not take a short word for a city («дели» is a verb)", () => {
    expect(match("Какая погода? Дели на два")).toEqual({ name: "get_weather", arguments: { city: "Delhi" } });
    expect(match("какая погода, дели на два")).toBe("clarify");
  });
});
