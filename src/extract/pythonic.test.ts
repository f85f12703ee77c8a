import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";

describe("python-style calls", () => {
  it.each([
    ['get_weather(city="Paris")', [{ name: "get_weather", arguments: { city: "Paris" } }]],
    [
      "get_weather(city='Paris', unit='celsius')",
      [{ name: "get_weather", arguments: { city: "Paris", unit: "celsius" } }],
    ],
    ['[calculator(expression="45 + 12")]', [{ name: "calculator", arguments: { expression: "45 + 12" } }]],
    [
      '[get_weather(city="Paris"), get_time(timezone="Asia/Tokyo")]',
      [
        { name: "get_weather", arguments: { city: "Paris" } },
        { name: "get_time", arguments: { timezone: "Asia/Tokyo" } },
      ],
    ],
    ["set_timer(seconds=300, label=None)", [{ name: "set_timer", arguments: { seconds: 300, label: null } }]],
    ['save_note(text="a, b (and c)")', [{ name: "save_note", arguments: { text: "a, b (and c)" } }]],
    [
      "Here you go:\nget_time(timezone='Europe/Berlin')",
      [{ name: "get_time", arguments: { timezone: "Europe/Berlin" } }],
    ],
  ])("%s", (raw, calls) => {
    const extraction = extractCalls(raw);
    expect(extraction.calls).toEqual(calls);
    expect(extraction.shape).toBe("pythonic");
  });

  it("reads nested literals: lists, dicts, tuples and booleans", () => {
    const tool = {
      name: "plan_trip",
      description: "",
      aliases: [],
      parameters: [],
    };
    const raw = "plan_trip(stops=['Rome', 'Pisa'], budget={'max': 500}, dates=(1, 2), flexible=True)";
    expect(extractCalls(raw, { tools: [tool] }).calls).toEqual([
      {
        name: "plan_trip",
        arguments: { stops: ["Rome", "Pisa"], budget: { max: 500 }, dates: [1, 2], flexible: true },
      },
    ]);
  });

  it("ignores names that are not offered tools, positional arguments, and names inside a sentence", () => {
    for (const raw of [
      "Use max(a=1, b=2) to compare.",
      'get_weather("Paris")',
      'You could call get_weather(city="Paris") yourself.',
      "print(get_weather)",
    ]) {
      expect(extractCalls(raw).calls).toEqual([]);
    }
  });

  it.each([
    ["a long run of letters", () => `{"${"a".repeat(1 << 20)}`],
    ["repeated calls on one line", () => 'get_weather(city="x") '.repeat(50_000)],
    ["repeated unclosed calls", () => "get_weather(\n".repeat(80_000)],
    ["a megabyte of parentheses", () => "(".repeat(1 << 20)],
  ])("stays linear on %s", (_label, build) => {
    const raw = build();
    const started = performance.now();
    extractCalls(raw);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("never throws and stays fast on arbitrary text around call-like tokens", () => {
    const token = fc.constantFrom(
      "get_weather(",
      "calculator(",
      "city=",
      "'",
      '"',
      ",",
      ")",
      "(",
      "[",
      "]",
      "\n",
      "x",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 200 }), (parts) => {
        const started = performance.now();
        extractCalls(parts.join(""));
        expect(performance.now() - started).toBeLessThan(100);
      }),
    );
  });
});
