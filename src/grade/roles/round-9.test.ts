/**
 * The reply classes of round 9 (issue 25; docs/reply-roles.md "Round 9", from fresh blind sets d1s, d1 and d1-ru):
 * hand-checked rows and a seeded metamorphic relation per rule in both languages, graded through `grade` in every
 * protocol. Each row and relation fails on tooluse 2.10.0, except the controls marked so.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { expectGradedAs } from "../test-support/synthetic-cases.js";
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
