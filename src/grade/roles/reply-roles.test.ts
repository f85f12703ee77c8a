/** The decision of docs/reply-roles.md ("Behaviour"), one row per rule, in both languages; examples written here. */
import { describe, expect, it } from "vitest";
import { type Behaviour, readReply } from "./reply-roles.js";

const ROWS: [string, Behaviour][] = [
  // 1. the last substantive unit is a request
  ["Sure — which city? For example, Paris or Rome.", "question"],
  ["Send me the bill total and I'll add the tip.", "question"],
  ["Just name the target language.", "question"],
  ["Rates move daily. Which currency are you buying?", "question"],
  ["I can't set a timer without a duration. How long should it run?", "question"],
  ["Could you specify the genre? There are several kinds of films to choose from.", "question"],
  ["Подскажите, пожалуйста, город — и я посмотрю прогноз.", "question"],
  ["Конечно! На сколько минут поставить?", "question"],
  ["Назови сумму, пересчитаю.", "question"],
  // a rhetorical opening is answered in the reply: content comes last
  ["How does it work? Plants take in light and turn it into sugar.", "answer"],
  ["Почему небо голубое? Воздух сильнее рассеивает синий свет.", "answer"],
  // 2. a refusal
  ["Ordering food is outside what my tools cover.", "refusal"],
  ["I can't order pizza. Would you like a recipe instead?", "refusal"],
  ["I can't place orders. If you tell me what you like, I can help you pick toppings.", "refusal"],
  ["К сожалению, это вне моих возможностей. Могу помочь чем-то ещё?", "refusal"],
  ["У меня есть только калькулятор и переводчик.", "refusal"],
  // 3. content, with offers and courtesy around it
  ["15% of 80 is 12. Want another one?", "answer"],
  ["Great question! It's Lima. Anything else?", "answer"],
  ["Это кислород. Что-нибудь ещё?", "answer"],
  ["Pride and Prejudice was written by Jane Austen. No TOOL call is needed for that.", "answer"],
  ["In German: „Wo ist der Bahnhof?“", "answer"],
  ["Wo ist der Bahnhof?", "answer"],
  ["Here's a draft:\n\nHi Sam, are you free on Friday?\n\nBest, Kim", "answer"],
  ["Lima is the capital. Is that what you needed?", "answer"],
  // 4. only offers and courtesy
  ["Would you like me to search for jazz playlists?", "question"],
  ["Sure!", "answer"],
  ["", "answer"],
];

describe("the behaviour of a reply, from its roles", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));

  it("flags a refusal that also gives content (an answer case takes it as its answer)", () => {
    expect(
      readReply("I can't see live weather, but Seattle is drizzly from October to April."),
    ).toMatchObject({
      behaviour: "refusal",
      informative: true,
    });
    expect(readReply("I can't order food, but you could try a delivery app.").informative).toBe(false);
    expect(
      readReply("I'd rather not repeat that line. If it's the sum you want, 1 + 1 = 2.").informative,
    ).toBe(false);
  });

  it("gives every unit its role", () => {
    expect(readReply("Sure! Which city? E.g. Oslo.").units.map((unit) => unit.role)).toEqual([
      "small_talk",
      "request",
      "support",
    ]);
  });
});
