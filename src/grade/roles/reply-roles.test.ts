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

/** Styles of deployed assistants, written here (not taken from any blind set). */
const STYLES: [string, Behaviour][] = [
  ["Sure thing! The answer is 144. 😊 Let me know if there's anything else I can help you with!", "answer"],
  [
    "Canberra! 🇦🇺 Fun fact: it was purpose-built as the capital. Would you like to learn more about Australian history?",
    "answer",
  ],
  [
    "The boiling point of water at sea level is 100°C (212°F). Is there anything specific you'd like to know about boiling points?",
    "answer",
  ],
  ["It's Jane Austen who wrote Pride and Prejudice. Have you read any of her other works?", "answer"],
  [
    "**Answer:** 1969\n\nThe Apollo 11 mission landed on July 20, 1969. What else would you like to know for your essay?",
    "answer",
  ],
  ["Hydrogen (H) has atomic number 1. What other elements are you curious about?", "answer"],
  ["Mercury! It's the smallest planet too. Which planet would you like to learn about next?", "answer"],
  ["Конечно! Ответ: 1440 минут. Если будут ещё вопросы — пишите!", "answer"],
  ["Гагарин полетел в космос 12 апреля 1961 года. Хотите узнать подробности полёта?", "answer"],
  ["Санкт-Петербург основан в 1703 году Петром I. Интересуетесь историей города?", "answer"],
  ["Это Байкал! 🌊 А вы бывали на Байкале?", "answer"],
  ["Пушкин. Что ещё подсказать?", "answer"],
  [
    "Unfortunately, I don't have the ability to place food orders. You might want to try a delivery app like DoorDash or Uber Eats.",
    "refusal",
  ],
  [
    "I'm sorry, but I'm not able to control smart home devices. Is there something else I can help you with?",
    "refusal",
  ],
  ["Playing music isn't something I can do — I'm a text-based assistant without access to audio.", "refusal"],
  [
    "Hmm, that's not possible with my current tools. I can only help with calculations, weather, translations, and a few other things.",
    "refusal",
  ],
  ["I wish I could! But I don't have email access.", "refusal"],
  ["Sadly, booking flights is not within my capabilities.", "refusal"],
  ["That requires access to your bank account, which I don't have.", "refusal"],
  ["Your request to order pizza can't be completed with the tools available.", "refusal"],
  ["There's no way for me to play music here.", "refusal"],
  ["Turning on lights? Not something I can do, sorry!", "refusal"],
  ["Такие действия мне недоступны.", "refusal"],
  ["Увы, бронированием я не занимаюсь.", "refusal"],
  ["Это мне не под силу.", "refusal"],
  ["Денежные переводы я не выполняю.", "refusal"],
  ["Эта функция пока не поддерживается.", "refusal"],
  ["What city would you like the weather for?", "question"],
  ["I'd be happy to help! Could you please let me know which city you're interested in?", "question"],
  ["Sure, I can set a timer. How many minutes?", "question"],
  ["No problem! What's the duration?", "question"],
  ["Which currency are you converting to? (e.g., USD, EUR)", "question"],
  [
    "Happy to help with the conversion! Just let me know the destination currency and I'll do the math.",
    "question",
  ],
  ["I need a bit more info — where is your sister right now?", "question"],
  ["Could you clarify what you'd like me to save?", "question"],
  ["Please provide the text you want in the note.", "question"],
  ["Скажите, в каком вы городе, и я подскажу время.", "question"],
  ["А в какой город?", "question"],
  ["Для перевода мне нужно знать исходную валюту и сумму.", "question"],
  ["Сколько конвертировать?", "question"],
  ["Here's a joke: Why did the bicycle fall over? Because it was two tired!", "answer"],
  ['Wo ist der Bahnhof? (That\'s "Where is the train station?" in German.)', "answer"],
  ["I can set that timer — how long do you need?", "question"],
  ["What would you like the note to say?", "question"],
  ["Got it! And the amount?", "question"],
  ["I'll need the target language first. Spanish? French?", "question"],
  ["Timer for how long?", "question"],
  ["Which language? I can do most major ones.", "question"],
  ["Absolutely — just need the city name!", "question"],
  ["Is it for Paris, France or Paris, Texas?", "question"],
  ["I'm happy to translate! What language?", "question"],
  ["Не могу открыть браузер, но Эверест — 8849 м.", "refusal"],
  ["Смотрите: 2 + 2 = 4. Всё просто!", "answer"],
  ["To be honest, I'm not sure, but I think it's 1703.", "answer"],
  ["The answer is 30.\n\n---\n*Need help with more quiz questions? Just ask!*", "answer"],
  ["That's the Pacific. Would you like me to look up its exact area?", "answer"],
];

/** The context rules added for blind set 2's classes (docs/reply-roles.md, U2, U3, U4, O, Q, S), in new wording. */
const CONTEXT_RULES: [string, Behaviour][] = [
  // U4: an introduction on the question's own line that presents nothing.
  ["Before I set it: for how many minutes?", "question"],
  ["Прежде чем поставить: на сколько минут?", "question"],
  // U4: a presented list ends where the list does.
  ["Some common ones:\n\n- Spanish: Hola\n- Italian: Ciao\n\nWhich one did you mean?", "question"],
  ["Вот популярные:\n* евро\n* доллар\nКакую валюту вы имели в виду?", "question"],
  ["Here's the translation:\n\n- Wo ist der Bahnhof?", "answer"],
  // U3: a Latin-heavy call template leaves a Russian question the reply's own.
  ["Для TOOL set_timer | seconds=? не хватает длительности. На сколько минут?", "question"],
  // Q1 in place, options after a dash.
  ["Okay! Into which currency — EUR, USD, JPY…?", "question"],
  // S: another thing to give instead.
  ["Which airport? Or just the city — either is fine.", "question"],
  // Q2 coordinated.
  ["Look at the label and send me the weight.", "question"],
  // O: a condition on a wish for more after an answer; U2 the dash after a condition.
  ["It's 9:40 in Tokyo. Если нужен другой город — скажите.", "answer"],
  ["The total is 42. If you need another split, just tell me.", "answer"],
  // R and Q4: a refusal for want of a means, then a conditional offer of other help.
  ["Without a booking tool I can't reserve it. If you tell me the dates, I'll list some hotels.", "refusal"],
  [
    "Hotel bookings aren't something I'm able to make. If you share the city, I can suggest areas.",
    "refusal",
  ],
  // C-alt: telling the user what to say to someone else.
  ["Напоминаний у меня нет. Скажите «Алиса, напомни в семь» — или поставьте будильник.", "refusal"],
  // R1 by ignorance, alone and followed by a request.
  ["Sorry, I don't know where you are right now.", "refusal"],
  ["Я не знаю, где вы сейчас. Какой город?", "question"],
  // Decision: alternatives alone are a deflection.
  ["You could check the official tourism site for that.", "refusal"],
  ["Попробуйте поискать это в интернете.", "refusal"],
  // O: a permission question that points back makes the proposed step part of the offer.
  ["I could look that up online. Want me to do that?", "question"],
  ["Могу поискать в интернете. Сделать это?", "question"],
  ["It's 12. I can also show the steps. Would you like me to do that?", "answer"],
  // U1: an emoji between a sentence and a capital letter ends the sentence.
  ["3 × 3 = 9 🎉 Хочешь ещё задачку?", "answer"],
  // S: a full question about the world, contracted ("What's…"), is echoed before its answer.
  ["What's the largest planet? Jupiter!", "answer"],
];

describe("the behaviour of a reply, from its roles", () => {
  it.each(CONTEXT_RULES)("context rule: %j is %s", (reply, behaviour) =>
    expect(readReply(reply).behaviour).toBe(behaviour),
  );

  it.each(STYLES)("style %#: %j is %s", (reply, behaviour) =>
    expect(readReply(reply).behaviour).toBe(behaviour),
  );

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
