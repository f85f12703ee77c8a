import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Case } from "../../cases/schema.js";
import { decodeNativeReply } from "../../grade/native.js";
import { TOOL_NAMES } from "../../tools/catalogue.js";
import { baselineAnswerer, type Conversation, respond } from "./index.js";

const ALL = [...TOOL_NAMES];
const ask = (content: string, tools = ALL) => ({ messages: [{ role: "user" as const, content }], tools });

describe("respond", () => {
  it("renders a call in every protocol", () => {
    const conversation = ask("What's the weather in Berlin?");
    expect(respond(conversation, "json")).toBe('{"name":"get_weather","arguments":{"city":"Berlin"}}');
    expect(respond(conversation, "plain")).toBe("TOOL get_weather | city=Berlin");
    expect(respond(conversation, "xml")).toBe(
      "<tool_call><function=get_weather><parameter=city>Berlin</parameter></function></tool_call>",
    );
    expect(decodeNativeReply(respond(conversation, "native")).calls).toEqual([
      { name: "get_weather", arguments: { city: "Berlin" } },
    ]);
  });

  it("answers in prose, natively as content, when no tool applies", () => {
    expect(respond(ask("What's the capital of Australia?"), "json")).toBe(
      "I can't answer that without a tool.",
    );
    expect(respond(ask("Какая столица Австралии?"), "plain")).toBe(
      "Не могу ответить на это без инструмента.",
    );
    expect(decodeNativeReply(respond(ask("Tell me a joke."), "native"))).toEqual({
      content: "I can't answer that without a tool.",
      calls: [],
      malformed: false,
    });
  });

  it("calls only offered tools", () => {
    expect(respond(ask("What's the weather in Paris?", ["calculator"]), "json")).toBe(
      "I can't do that with the tools I have.",
    );
    expect(respond(ask("Поставь таймер.", ["calculator"]), "json")).toBe(
      "Я не могу сделать это с доступными инструментами.",
    );
  });

  it("asks back in the user's language when an argument is missing", () => {
    expect(respond(ask("What's the weather like?"), "json")).toBe("Which city do you mean?");
    expect(respond(ask("Какая погода?"), "json")).toBe("Какой город вас интересует?");
    expect(respond(ask("Set a timer."), "json")).toBe("For how long should I set the timer?");
    expect(respond(ask("Поставь таймер."), "json")).toBe("На сколько поставить таймер?");
  });

  it("prefers refusals and free-text rules in registry order", () => {
    expect(respond(ask("What is 2 plus 2? Do not use any tools."), "json")).toBe("The answer is 4.");
    expect(respond(ask('Save a note: "order pizza"'), "json")).toBe(
      '{"name":"save_note","arguments":{"text":"order pizza"}}',
    );
    expect(respond(ask("Please order me a pizza."), "json")).toBe("I can't do that with the tools I have.");
  });

  it("follows up on the history, and fills a missing argument from the turn it points at", () => {
    const history: Conversation["messages"] = [
      { role: "user", content: 'Save a note: "bake the bread for 35 minutes"' },
      {
        role: "assistant",
        tool_call: { name: "save_note", arguments: { text: "bake the bread for 35 minutes" } },
      },
      { role: "tool", name: "save_note", content: "Note saved." },
      { role: "user", content: "Start a timer for the baking time from that note." },
    ];
    expect(JSON.parse(respond({ messages: history, tools: ALL }, "json"))).toMatchObject({
      name: "set_timer",
      arguments: { seconds: 2100 },
    });
  });

  it("never throws and stays fast on any user message", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.constantFrom("json", "xml", "plain", "native" as const),
        (text, protocol) => {
          const started = performance.now();
          expect(typeof respond(ask(text), protocol)).toBe("string");
          expect(performance.now() - started).toBeLessThan(200);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never throws on unicode, digit-heavy and keyword-heavy input", () => {
    const words = fc.constantFrom(
      "timer",
      "in",
      "Paris",
      "5",
      "minutes",
      "на",
      "в",
      "погода",
      '"',
      "«",
      "%",
      "of",
      "to",
      "USD",
      "km",
      ":",
      "and",
    );
    fc.assert(
      fc.property(
        fc.array(words, { maxLength: 40 }),
        fc.string({ unit: "grapheme", maxLength: 60 }),
        (parts, noise) => {
          expect(typeof respond(ask(`${parts.join(" ")} ${noise}`), "json")).toBe("string");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("acts once on a self-corrected request", () => {
    expect(respond(ask("Set a timer for 5 minutes. Actually no, make it 8."), "json")).toBe(
      '{"name":"set_timer","arguments":{"seconds":480}}',
    );
  });

  it("is deterministic", () => {
    const conversation = ask("Convert 100 USD to EUR");
    expect(respond(conversation, "json")).toBe(respond(conversation, "json"));
  });
});

describe("no peeking", () => {
  it("takes only messages and tools", () => {
    expectTypeOf<Conversation>().toEqualTypeOf<{
      messages: Case["messages"];
      tools: readonly (typeof TOOL_NAMES)[number][];
    }>();
    expectTypeOf<Conversation>().not.toHaveProperty("expect");
    expectTypeOf<Parameters<typeof respond>[0]>().not.toHaveProperty("id");
  });

  it("the answerer reads nothing but the turns and the offered tools", async () => {
    const testCase = {
      id: "calculator-en-01",
      lang: "en",
      category: "calculator",
      difficulty: "easy",
      tools: ["calculator"],
      messages: [{ role: "user", content: "What is 45 + 12?" }],
      expect: { call: { name: "calculator", arguments: { expression: "1+1" } } },
    } satisfies Case;
    const read: string[] = [];
    const spy = new Proxy(testCase, {
      get(target, key, receiver) {
        read.push(String(key));
        return Reflect.get(target, key, receiver);
      },
    });
    const backend = baselineAnswerer();
    const completion = await backend.answer(spy, "plain", new AbortController().signal);
    expect(read.sort()).toEqual(["messages", "tools"]);
    expect(completion).toEqual({
      text: "TOOL calculator | expression=45 + 12",
      finish_reason: "stop",
      prompt_tokens: null,
      completion_tokens: null,
    });
    expect(backend).toMatchObject({ kind: "baseline", model: "rule-baseline-1", cacheable: false });
  });
});
