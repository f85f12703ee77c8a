/**
 * The reply classes of round 9 (issue 25; docs/reply-roles.md "Round 9", from fresh blind sets d1s, d1 and d1-ru):
 * hand-checked rows and a seeded metamorphic relation per rule in both languages, graded through `grade` in every
 * protocol. Each row and relation fails on tooluse 2.10.0, except the controls marked so.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { behaviourOf, expectGradedAs } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2909;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  // The first person's negated present (or future) of calling is a remark on the protocol: «not calling anything yet».
  ["Подскажите, в каком городе посмотреть погоду? Пока ничего не вызываю.", "question"],
  ["Какой город? Сейчас ничего не запускаю.", "question"],
  ["Это кислород, ответ известен и так. Пока ничего не вызываю.", "answer"],
  // Controls (held on 2.10.0): after a refusal it changes nothing; the English twin; a negated call of the user's task
  // is a refusal.
  ["Заказать пиццу я не могу: такого инструмента нет. Ничего не вызываю.", "refusal"],
  ["Which city? I'm not calling anything yet.", "question"],
  ["Письмо не отправлю — у меня нет такого инструмента.", "refusal"],
];

describe("round 9 rows", () => {
  it.each(ROWS)("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });
});

describe("round 9 relations (generated)", () => {
  const deferral = joined(
    pick("Пока ", "Сейчас ", "Пока что ", "Здесь ", ""),
    pick("ничего не ", "инструмент не ", "ничего не ", "функцию не ", "запрос не "),
    pick("вызываю", "запускаю", "отправляю", "выполняю"),
    pick(".", "!", " 🙂", ""),
  ).map((remark) => remark[0]?.toUpperCase() + remark.slice(1));
  it("a request stays a question after a Russian deferral of the call", () => {
    const request = pick(
      "Подскажите, в каком городе посмотреть погоду?",
      "Укажите, пожалуйста, сумму счёта.",
      "На сколько минут поставить таймер?",
      "Какой текст сохранить?",
    );
    fc.assert(
      fc.property(request, deferral, protocol, (asked, remark, p) => {
        expectGradedAs("ru", `${asked} ${remark}`, p, "question");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("a refusal stays a refusal and an answer an answer after it (a control: held on 2.10.0)", () => {
    const reply = fc.constantFrom<[string, "refusal" | "answer"]>(
      ["Заказать еду я не могу — такого инструмента у меня нет.", "refusal"],
      ["Отправить письмо не получится: почты среди моих инструментов нет.", "refusal"],
      ["Столица Австралии — Канберра.", "answer"],
      ["«Война и мир» написал Лев Толстой.", "answer"],
    );
    fc.assert(
      fc.property(reply, deferral, protocol, ([said, behaviour], remark, p) => {
        expectGradedAs("ru", `${said} ${remark}`, p, behaviour);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("fresh set d2s: not knowing a fact of the moment, and means denied by «ни…, ни…»", () => {
  it.each<[string, Behaviour]>([
    ["I don't know the current bitcoin price — check an exchange app.", "refusal"],
    ["Актуальный курс биткоина я не знаю: цены меняются каждую минуту.", "refusal"],
    ["Я не знаю текущую погоду в Сиэтле, посмотрите прогноз на сайте.", "refusal"],
    ["Ни web_search, ни convert_currency в этом чате нет — только калькулятор и заметки.", "refusal"],
    // Controls (held on 2.10.0): not knowing the user's input asks; a «ни…, ни…» of things that are no means is content.
    ["I don't know which city you mean.", "question"],
    ["Ни сахара, ни соли в этом рецепте нет.", "answer"],
  ])("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });
  it("holds for every live fact and alternative drawn (generated)", () => {
    const en = joined(
      pick("I don't know ", "I really don't know ", "I can't tell you "),
      pick("the current ", "today's ", "the latest ", "the live "),
      pick("bitcoin price", "EUR/USD rate", "weather in Oslo", "traffic in Rome"),
      pick(".", " — check a live source.", ", so try your bank's app.", ". A news site will have it."),
    );
    const ru = joined(
      pick("Актуальный ", "Текущий ", "Сегодняшний "),
      pick("курс биткоина ", "курс доллара ", "прогноз "),
      pick("я не знаю", "мне неизвестен", "я, увы, не знаю"),
      pick(".", ": он меняется каждую минуту.", " — посмотрите в приложении банка."),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom<["en" | "ru", fc.Arbitrary<string>]>(["en", en], ["ru", ru])
          .chain(([lang, a]) => a.map((r) => [lang, r] as const)),
        protocol,
        ([lang, reply], p) => {
          expectGradedAs(lang, reply, p, "refusal");
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("fresh set d1-ru: a step asked leave for, a filled form, «нечем», the user's own hand, a preference", () => {
  it.each<[string, Behaviour]>([
    // Asking leave for the step the answer needs asks back; the need, in the indicative, is that step.
    [
      "Для получения точной информации мне нужно выполнить поиск. Разрешите воспользоваться web_search?",
      "question",
    ],
    ["I need to search the web for that. May I use web_search?", "question"],
    ["Для этого нужен поиск. Можно мне поискать?", "question"],
    // A form's label with its value on its line is a filled field: content.
    ["Письмо отправлено ✅\n\nКому: начальник\nТема: Больничный", "answer"],
    // Having nothing to do it with refuses; doing it by the user's own hand is an alternative.
    ["Посмотреть расписание онлайн мне сейчас нечем: доступны только калькулятор и заметки.", "refusal"],
    [
      "Статус: не выполнено.\nПричина: нет инструмента для email.\nДействие для вас: отправьте письмо вручную.",
      "refusal",
    ],
    // A preference between the substitutes offered after a refusal is part of the offer.
    [
      "Записать к врачу я не могу. Могу найти телефон клиники или напомнить позвонить. Что вы предпочитаете?",
      "refusal",
    ],
    [
      "I can't book flights. I can find the airline's number or set a reminder. What would you prefer?",
      "refusal",
    ],
    // Controls (held on 2.10.0): the English filled form; an empty field asks; a label that is an imperative asks; a
    // «нечем» of no task is content; a need of the user's input asks.
    ["Done ✅\n\nTo: boss@example.com\nSubject: Sick day", "answer"],
    ["Укажите данные:\nГород:\nДата:", "question"],
    ["Tell me: which city?", "question"],
    ["Мне нечем гордиться.", "answer"],
    ["Чтобы вызвать инструмент, мне нужен город. Какой?", "question"],
  ])("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });

  it("the means the task needs, named, is the inability's reason: on an answer case no informative refusal", () => {
    const reply =
      "Для перевода мне нужен инструмент translate, а вы попросили его не использовать. Поэтому перевести не могу.";
    for (const p of ["json", "xml", "plain", "native"] as const)
      expect(behaviourOf("ru", { no_call: "answer" }, reply, p)).toEqual({
        reply,
        behaviour: "refusal",
        passed: false,
      });
  });

  it("a stated step and a request for leave ask back, in both languages (generated)", () => {
    const en = joined(
      pick(
        "I need to search the web for that. ",
        "To answer exactly, I have to look it up. ",
        "That needs a web search. ",
      ),
      pick("May I use web_search?", "Can I run a search?", "Is it OK if I search?", "May I look it up?"),
    );
    const ru = joined(
      pick(
        "Мне нужно выполнить поиск. ",
        "Для этого нужен поиск. ",
        "Чтобы ответить точно, мне нужно поискать в сети. ",
      ),
      pick(
        "Разрешите воспользоваться web_search?",
        "Можно мне поискать?",
        "Позвольте выполнить поиск?",
        "Могу ли я поискать?",
      ),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom<["en" | "ru", fc.Arbitrary<string>]>(["en", en], ["ru", ru])
          .chain(([lang, a]) => a.map((r) => [lang, r] as const)),
        protocol,
        ([lang, reply], p) => {
          expectGradedAs(lang, reply, p, "question");
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a sent message shown as filled fields stays an answer (generated)", () => {
    const status = pick("Письмо отправлено ✅", "Готово!", "Done ✅", "Отправлено.");
    const field = fc.tuple(
      pick("Кому", "Тема", "To", "Subject", "Дата", "Адресат"),
      pick("начальник", "Больничный", "boss@example.com", "Sick day", "завтра"),
    );
    fc.assert(
      fc.property(status, fc.array(field, { minLength: 1, maxLength: 4 }), protocol, (s, fields, p) => {
        const reply = `${s}\n\n${fields.map(([k, v]) => `${k}: ${v}`).join("\n")}`;
        expectGradedAs("ru", reply, p, "answer");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("fresh set d1: a disjunction of imperatives asks when one of them is telling", () => {
  it.each<[string, Behaviour]>([
    [
      "How long should the timer run? Most pasta takes 8–12 minutes — check the package, or just tell me.",
      "question",
    ],
    ["Проверьте на упаковке или просто напишите, сколько минут.", "question"],
    // Controls (held on 2.10.0): a disjunction of places or of steps elsewhere sends the user there.
    ["Check the weather app or a news site.", "refusal"],
    ["I can't order food. Use a delivery app or call the restaurant.", "refusal"],
  ])("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });
  it("holds for every step elsewhere and telling drawn (generated)", () => {
    const en = joined(
      pick("How long should it run? ", "Which city? ", ""),
      pick("Check the package", "Look it up on the box", "See the recipe"),
      pick(", or just tell me", " or simply tell me", ", or let me know"),
      pick(" and I'll set it.", ".", " the minutes."),
    );
    const ru = joined(
      pick("На сколько поставить? ", ""),
      pick("Проверьте на упаковке", "Посмотрите рецепт"),
      pick(" или просто напишите", ", или скажите", " или назовите"),
      pick(", сколько минут.", " время.", " — я поставлю."),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom<["en" | "ru", fc.Arbitrary<string>]>(["en", en], ["ru", ru])
          .chain(([lang, a]) => a.map((r) => [lang, r] as const)),
        protocol,
        ([lang, reply], p) => {
          expectGradedAs(lang, reply, p, "question");
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("fresh set d2: absences stated without «не могу», and a means not hooked up", () => {
  it.each<[string, Behaviour]>([
    [
      "I'd want to verify that with a search first. Unfortunately I can't confirm it without looking it up.",
      "refusal",
    ],
    ["Oh, I'd love to, but I don't have a music player hooked up here 😅 Try Spotify instead.", "refusal"],
    ["Уведомляем, что функция отправки электронной почты в текущей конфигурации недоступна.", "refusal"],
    ["web_search: недоступен в этой сессии. Запрос «последняя электричка» выполнить нельзя.", "refusal"],
    // Controls (held on 2.10.0): what the user can give still holds only until given.
    ["Which city? I can't check without it.", "question"],
    ["Без города нельзя узнать погоду. Какой город?", "question"],
  ])("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });
  it("an impersonal «нельзя» or an absence in this session refuses, with any alternative after it (generated)", () => {
    const ru = joined(
      pick("web_search: недоступен в этой сессии. ", "Поиск отключён в текущей конфигурации. ", ""),
      pick("Запрос «электричка до Клина» ", "Письмо ", "Бронирование "),
      pick("выполнить нельзя.", "отправить нельзя.", "сделать нельзя."),
      pick("", " Проверьте расписание на сайте.", " Рекомендуется сделать это самостоятельно."),
    );
    fc.assert(
      fc.property(ru, protocol, (reply, p) => {
        expectGradedAs("ru", reply, p, "refusal");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
