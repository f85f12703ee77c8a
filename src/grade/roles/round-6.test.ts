/**
 * The reply classes of fresh blind sets 19r and 19s (issue 25, round 6), each as the rule docs/reply-roles.md now
 * states: hand-checked rows (written here, not copied from the sets) and a seeded metamorphic relation per rule,
 * graded through `grade` in every protocol. 21 of the 32 tests fail on tooluse 2.6.0 (checked against c1c874c); the
 * Russian twins of the offer-options and what-will-do relations held there already and stay as controls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { behaviourOf, expectGradedAs } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2606;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  // A free relative introduces what follows; it asks nothing.
  ["I can't see a live clock.\n\nWhat I can tell you: Lima is on UTC−5 all year.", "refusal"],
  ["Курс онлайн я не проверю. Что могу сказать: обычно он меняется каждый день.", "refusal"],
  ["What time is it in Lima?", "question"],
  // R with a modifier between the possessive and the means; R3 as a restriction of means.
  ["Translation isn't among my available tools right now.", "refusal"],
  ["Booking is not part of my current toolset.", "refusal"],
  ["Переводы я делаю только с помощью инструмента translate, а его вы просили не трогать.", "refusal"],
  ["I can translate only using the translate tool, and you asked me not to call it.", "refusal"],
  // O: options on the line of an offer are the offer's.
  [
    "Here's one: why did the cat sit on the laptop? To keep an eye on the mouse! Want another — maybe a pun?",
    "answer",
  ],
  ["Это кислород. Рассказать ещё — например, про азот?", "answer"],
  // S: what will do for the answer, and the promise after it.
  ["Let me know the city — just the name is enough — and I'll check it.", "question"],
  ["Назовите город — достаточно названия, и я посмотрю погоду.", "question"],
  // S: a block introduced after a request, for the time the user takes to answer.
  [
    "Which currency are you converting into?\n\nA few tips while you decide:\n- Avoid airport kiosks.\n- Cards often beat cash.",
    "question",
  ],
  [
    "Какая сумма счёта?\n\nПока вы смотрите, пара советов:\n- чаевые обычно 10%\n- в кафе иногда их уже включают",
    "question",
  ],
  // O: a needed step of the assistant's own, and the permission question pointing back to it.
  ["I'd need to search the web to confirm that. Would you like me to run a search?", "question"],
  ["Мне нужно было бы поискать это в интернете. Хотите, я поищу?", "question"],
  // Q4 with «как скажете»: the promise after the dash is the condition's.
  ["На сколько минут поставить таймер? Как скажете — я его запущу.", "question"],
  // O: «скажите, если нужно» after a refusal is an offer of more.
  ["Записать к врачу не могу. Могу сохранить напоминание — скажите, если нужно.", "refusal"],
  // Blind set 20r: a question word at the end of the question, the echo form of chat.
  ["Там — это где? 😅", "question"],
  ["The weather where, exactly?", "question"],
  // An imperative of telling someone else what was said asks nothing of the user.
  ["Представьте, что лист — это кухня. Солнце даёт энергию. Так ребёнку и скажите.", "answer"],
  ["Plants make sugar from light. Tell your kid exactly that.", "answer"],
  // The choice left to the user names what to supply.
  ["Into which language? It can go to Spanish or French — you name it.", "question"],
  // A recommendation after a purpose, and the offer to take its step as a bare infinitive question.
  ["Для точного результата лучше воспользоваться калькулятором. Вызвать его?", "question"],
  ["That's something I can look up for you with web search — shall I go ahead?", "question"],
  // R1 with a state of connection; a courtesy before a request; an indirect wish to know.
  ["Smart-home control isn't something I'm connected to.", "refusal"],
  ["Без проблем, только скажите время — минут пять, десять?", "question"],
  ["Хотелось бы знать продолжительность таймера.", "question"],
  ["I'd like to know the city first.", "question"],
  // Blind set 20s: «пока … не указана» holds until the question is answered; «скажите, если это нужно» offers.
  ["На сколько поставить таймер? Пока длительность не указана, ничего не запускаю.", "question"],
  ["Записать к врачу не могу. Могу сохранить напоминание — скажите, если это нужно.", "refusal"],
  // Controls: content after a question about the world stays an answer; a request stays one.
  ["Why is the sky blue? Air scatters blue light more than red.", "answer"],
  ["What I can tell you: the museum opens at nine.", "answer"],
  ["Скажите, какой город?", "question"],
];

describe("round 6 reply rules (hand-checked)", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));
  it("the user's ban on tools, given as a refusal's reason, is no content beside it", () => {
    const reading = readReply(
      "Без переводчика не получится, извините — инструменты вы использовать запретили.",
    );
    expect(reading).toMatchObject({ behaviour: "refusal", informative: false });
    expect(readReply("I can't translate it — you asked me not to use the tools.").informative).toBe(false);
  });
});

const REFUSAL = {
  en: pick(
    "I don't have a clock tool, so I can't give you the exact time.",
    "Live exchange rates are beyond what I can look up here.",
    "I'm unable to check the weather right now.",
  ),
  ru: pick(
    "Точное время я сказать не могу — часов среди инструментов нет.",
    "Живой курс мне недоступен.",
    "Проверить погоду сейчас не получится.",
  ),
};

const FREE_RELATIVE_AFTER_REFUSAL = {
  en: joined(
    REFUSAL.en,
    pick("\n\n", " "),
    pick("What I can tell you", "What I do know", "What it comes down to", "How it usually works"),
    pick(": ", ":\n"),
    pick("the city is on UTC−3.", "rates move daily.", "mornings there are mild."),
  ),
  ru: joined(
    REFUSAL.ru,
    pick("\n\n", " "),
    pick("Что я могу сказать", "Что можно сказать", "Что известно", "Как это обычно бывает"),
    pick(": ", ":\n"),
    pick("город живёт по UTC+3.", "курс меняется каждый день.", "утром там прохладно."),
  ),
};

const ABSENT_MEANS = {
  en: joined(
    pick("Translation", "Booking", "Sending email", "Reminders"),
    pick(" isn't among my ", " is not part of my ", " isn't one of my "),
    pick("available ", "current ", "built-in ", ""),
    pick("tools", "toolset", "functions"),
    pick(" right now.", ".", " here."),
    pick("", " You could try a dedicated app."),
  ),
  ru: joined(
    pick("Переводы", "Записи к врачу", "Письма", "Напоминания"),
    pick(" я делаю только ", " я выполняю лишь ", " могу делать только "),
    pick("с помощью ", "через ", "при помощи "),
    pick("инструмента translate", "функции book_visit", "сервиса почты"),
    pick(", а его вы просили не использовать.", ", которого здесь нет.", "."),
  ),
};

const OFFER_OPTIONS = {
  en: joined(
    pick("Why don't skeletons fight? They don't have the guts!", "Plants turn light into sugar."),
    pick(" Want another one", " Shall I tell you more", " Want more"),
    pick(" — maybe ", " — perhaps ", " — say, ", " — or "),
    pick("a pun", "a programming joke or a dad joke", "the chemistry behind it"),
    pick("?", " 😄?"),
  ),
  ru: joined(
    pick("Это кислород.", "Столица Австралии — Канберра."),
    pick(" Рассказать ещё", " Хотите ещё", " Могу рассказать больше"),
    pick(" — например, ", " — может, ", " — или "),
    pick("про азот", "про историю города", "пару фактов"),
    pick("?", " 🙂?"),
  ),
};

const SUFFICES_AND_PROMISE = {
  en: joined(
    pick("Which city? ", "Let me know the location", "Tell me where you are"),
    pick(" — a city name is enough — ", ". A city name is enough, ", " — just the town will do — "),
    pick("and I'll check it.", "and I'll get the forecast.", "then I'll look it up."),
  ),
  ru: joined(
    pick("Назовите город", "Уточните, где вы", "Какой город?"),
    pick(" — достаточно названия, ", ". Хватит и названия, ", " — подойдёт просто город, "),
    pick("и я посмотрю погоду.", "и я проверю прогноз.", "тогда посмотрю."),
  ),
};

const MEANWHILE_BLOCK = {
  en: joined(
    pick("Which currency are you converting into?", "How long should the timer run?", "Tell me the city."),
    pick("\n\n", " "),
    pick("A couple of tips while you decide:", "Meanwhile, a few notes:", "Some tips in the meantime:"),
    pick(
      "\n- Airport kiosks charge more.\n- Cards often beat cash.",
      "\n1. Check the package.\n2. Taste early.",
    ),
  ),
  ru: joined(
    pick("В какую валюту переводим?", "На сколько поставить таймер?", "Уточните город."),
    pick("\n\n", " "),
    pick("Пока вы решаете, пара советов:", "А пока несколько замечаний:", "Пока думаете — советы:"),
    pick(
      "\n- В аэропорту курс хуже.\n- Карта часто выгоднее.",
      "\n1. Посмотрите упаковку.\n2. Пробуйте заранее.",
    ),
  ),
};

const NEEDED_STEP = {
  en: joined(
    pick("I'd need to search the web", "I would have to look it up online", "I'd need to check a source"),
    pick(" to confirm that.", " to be sure.", "."),
    pick(" Would you like me to run a search?", " Shall I search for it?", " Want me to look it up?"),
  ),
  ru: joined(
    pick("Мне нужно было бы поискать это в интернете", "Мне пришлось бы проверить источник"),
    pick(", чтобы ответить точно.", "."),
    pick(" Хотите, я поищу?", " Поискать?", " Хотите, чтобы я проверил?"),
  ),
};

const ECHO_QUESTION = {
  en: joined(
    pick("", "Hmm, ", "Sure — "),
    pick("the weather", "a timer", "the conversion", "the translation"),
    pick(" where", " for how long", " into what", " into which language"),
    pick("?", ", exactly?", " again?"),
    pick("", " 😅", " A city is enough."),
  ),
  ru: joined(
    pick("", "Эм, ", "Секунду — "),
    pick("Там", "Таймер", "Перевод", "Погода"),
    pick(" — это где", " — на сколько", " — это куда", " — на какой"),
    pick("?", ", именно?", " тогда?"),
    pick("", " 😅", " Достаточно города."),
  ),
};

const INDIRECT_WISH = {
  en: joined(
    pick("", "Happy to help. ", "Sure. "),
    pick("I'd like to know", "I would want to know", "I'd love to know"),
    pick(" the city", " how long it should run", " the bill total", " the target language"),
    pick(" first.", ".", " — then I'll do it."),
  ),
  ru: joined(
    pick("", "Без проблем. ", "Конечно. "),
    pick("Хотелось бы знать", "Хотела бы уточнить", "Хотел бы знать"),
    pick(" продолжительность", " город", " сумму счёта", " язык перевода"),
    pick(".", " — и я всё сделаю.", ", тогда посчитаю."),
  ),
};

const RELATIONS: [string, Record<"en" | "ru", fc.Arbitrary<string>>, Behaviour][] = [
  ["a question with its question word at the end asks", ECHO_QUESTION, "question"],
  ["an indirect wish to know what the task lacks asks", INDIRECT_WISH, "question"],
  ["a refusal and a free relative introducing facts stays a refusal", FREE_RELATIVE_AFTER_REFUSAL, "refusal"],
  ["an absent means (modified) or a restricted one refuses", ABSENT_MEANS, "refusal"],
  ["an answer and an offer with its options after a dash stays an answer", OFFER_OPTIONS, "answer"],
  ["a request, what will do for it and a promise stays a question", SUFFICES_AND_PROMISE, "question"],
  ["a request and a block of tips for the meantime stays a question", MEANWHILE_BLOCK, "question"],
];

describe("round 6 reply relations (generated)", () => {
  for (const [name, replies, behaviour] of RELATIONS)
    for (const lang of ["en", "ru"] as const)
      it(`${name} (${lang})`, () => {
        fc.assert(
          fc.property(replies[lang], protocol, (reply, p) => expectGradedAs(lang, reply, p, behaviour)),
          { seed: SEED, numRuns: RUNS },
        );
      });
  for (const lang of ["en", "ru"] as const)
    it(`a needed step of the assistant's own and a permission question asks back (${lang})`, () => {
      fc.assert(
        fc.property(NEEDED_STEP[lang], protocol, (reply, p) => {
          expect(behaviourOf(lang, { no_call: "clarify" }, reply, p).behaviour).toBe("question");
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
});
