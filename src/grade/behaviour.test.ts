import { describe, expect, it } from "vitest";
import { type Behaviour, classifyBehaviour, readReply } from "./behaviour.js";

// Our own examples, written from the rules in behaviour.ts (not taken from any data set).
const EXAMPLES: Record<Behaviour, string[]> = {
  question: [
    "Which city do you want the weather for?",
    "Sure! For which city?",
    "Could you tell me how long the timer should be?",
    "I'd be happy to help. Please specify the target language.",
    "I need to know the amount you want to convert.",
    "I'll need the city name to check the forecast. Once you tell me, I'll look it up.",
    "To convert this, could you specify the currency? For example, EUR or USD.",
    "What should the note say? I can save it right away.",
    "I can't set a timer without a duration. How long should it run?",
    "Какой город вас интересует?",
    "Уточните, пожалуйста, на сколько минут поставить таймер.",
    "Подскажите, в какую валюту перевести?",
    "Хорошо. Укажите город.",
    "Мне нужно знать, какой текст сохранить в заметке.",
    "На какой язык перевести? Например, английский или немецкий.",
  ],
  refusal: [
    "I'm sorry, but I can't order pizza for you.",
    "I don't have access to real-time weather data with the tools available.",
    "Unfortunately, none of the available tools can book a flight.",
    "I am unable to send emails. Is there anything else I can help with?",
    "I can't place orders, but you could call the restaurant directly.",
    "That is beyond my capabilities. Would you like a recipe instead?",
    "Я не могу заказать пиццу.",
    "К сожалению, у меня нет доступа к вашей почте.",
    "Среди доступных инструментов нет подходящего инструмента для бронирования отеля.",
    "Извините, это вне моих возможностей. Могу ли я ещё чем-то помочь?",
  ],
  answer: [
    "The capital of Australia is Canberra.",
    "Canberra.",
    "2 + 2 = 4.",
    "TOOL calculator | expression=1+1",
    "Why did the scarecrow win an award? Because he was outstanding in his field!",
    "Canberra is the capital. Would you like to know more about it?",
    "Here is a haiku:\nCrimson leaves drifting\nSoftly on the autumn wind\nThe year exhales slow",
    "It's Mercury. Let me know if you need anything else!",
    "The weather in Paris is sunny, 22°C.",
    "Столица Австралии — Канберра.",
    "«Война и мир» написал Лев Толстой.",
    "В килобайте 1024 байта. Хотите узнать больше?",
    "Почему программисты путают Хэллоуин и Рождество? Потому что 31 OCT = 25 DEC.",
    "Mr. Darcy is a character created by Jane Austen in 1813.",
  ],
};

describe("the behaviour of a no-call reply", () => {
  for (const [behaviour, replies] of Object.entries(EXAMPLES)) {
    for (const reply of replies) {
      it(`${behaviour}: ${reply.slice(0, 60)}`, () => {
        expect(classifyBehaviour(reply)).toBe(behaviour);
      });
    }
  }

  it("reads a refusal that also gives content as an informative refusal (an answer case takes it as an answer)", () => {
    expect(readReply("I can't browse the internet, but the Berlin Wall fell in 1989.")).toMatchObject({
      behaviour: "refusal",
      informative: true,
    });
    expect(readReply("I can't browse the internet.")).toMatchObject({
      behaviour: "refusal",
      informative: false,
    });
  });

  it("reads an empty reply as an answer (nothing asked, nothing refused)", () => {
    expect(classifyBehaviour("")).toBe("answer");
  });

  it("does not split sentences at abbreviations", () => {
    expect(classifyBehaviour("Could you tell me which U.S. state you mean? It could be any of the 50.")).toBe(
      "question",
    );
  });
});
