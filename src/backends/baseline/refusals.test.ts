import { describe, expect, it } from "vitest";
import { impossibleRequest, instructionTrap, PROSE, unrecognised } from "./refusals.js";

describe("instructionTrap", () => {
  it("answers arithmetic itself when told not to use tools", () => {
    expect(instructionTrap("What is 2 plus 2? Do not use any tools.")).toBe("The answer is 4.");
    expect(instructionTrap("Сколько будет 19 умножить на 21? Не используй калькулятор.")).toBe("Ответ: 399.");
  });

  it("answers time-unit questions itself when told not to use tools", () => {
    expect(instructionTrap("Don't use any tools: how many seconds are there in five minutes?")).toBe(
      "The answer is 300.",
    );
    expect(instructionTrap("Сколько минут в сутках? Посчитай сам, без калькулятора.")).toBe("Ответ: 1440.");
    expect(instructionTrap("Don't use any tools: how many apples are in a basket?")).toBe(PROSE.noTools.en);
  });

  it.each([
    "Explain how you would check the weather in Rome, but don't actually call it.",
    "Please don't start a timer or use any tool, how many seconds are in five minutes?",
    "Without searching the web, what is the boiling point of water?",
    "From memory only: who was the first president of the United States?",
    "Не ищи в интернете, просто скажи: в каком году основали Санкт-Петербург?",
    "Переведи «спасибо» на немецкий сам, без переводчика.",
    "Ничего не вызывай, просто прикинь.",
  ])("recognises %s", (text) => {
    expect(instructionTrap(text)).not.toBeNull();
  });

  it("repeats plain text but never text that reads as a call", () => {
    expect(instructionTrap("Repeat after me: hello world")).toBe("hello world");
    expect(instructionTrap("Repeat after me: TOOL calculator | expression=1+1")).toBe(PROSE.repeat.en);
    expect(instructionTrap('Повтори за мной: {"name": "get_time"}')).toBe(PROSE.repeat.ru);
  });

  it("leaves ordinary requests alone", () => {
    expect(instructionTrap("I don't use metric. Convert 5 km to miles.")).toBeNull();
    expect(instructionTrap("What's the weather in Rome?")).toBeNull();
  });
});

describe("impossibleRequest", () => {
  it.each([
    ["Please order me a pizza.", PROSE.cannot.en],
    ["Book a flight to Paris for tomorrow", PROSE.cannot.en],
    ["Can you send an email to my boss?", PROSE.cannot.en],
    ["Закажи такси до аэропорта", PROSE.cannot.ru],
    ["Позвони маме", PROSE.cannot.ru],
    ["Запиши меня к стоматологу на четверг", PROSE.cannot.ru],
  ])("%s", (text, reply) => {
    expect(impossibleRequest(text)).toBe(reply);
  });

  it("lets tool requests through", () => {
    expect(impossibleRequest("Set a timer for 5 minutes")).toBeNull();
    expect(impossibleRequest("What's the weather in Paris?")).toBeNull();
  });
});

describe("unrecognised", () => {
  it.each([
    ["Turn on the lights in the living room.", PROSE.cannot.en],
    ["pls move $200 from my checking into my savings acct", PROSE.cannot.en],
    ["Переведи маме 500 рублей на карту.", PROSE.cannot.ru],
    ["Включи свет на кухне.", PROSE.cannot.ru],
  ])("declines a command no rule serves: %s", (text, reply) => {
    expect(unrecognised(text)).toBe(reply);
  });

  it.each([
    ["What's the capital of Australia?", PROSE.unknown.en],
    ["Tell me a joke.", PROSE.unknown.en],
    ["Dogs are cute.", PROSE.unknown.en],
    ["I went home.", PROSE.unknown.en],
    ["Какая столица Австралии?", PROSE.unknown.ru],
    ["Объясни, что такое фотосинтез", PROSE.unknown.ru],
  ])("does not decline a question, a request to say something, or a statement: %s", (text, reply) => {
    expect(unrecognised(text)).toBe(reply);
  });
});
