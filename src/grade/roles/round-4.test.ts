/**
 * The reply classes of blind set 12 (issue 25, round 4), each as the rule docs/reply-roles.md now states: hand-checked
 * rows (written here, not copied from the set) and a seeded metamorphic relation per rule, graded through `grade` in
 * both languages and every protocol. Each relation failed on the roles before its rule was written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { behaviourOf } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2504;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  // A decline by handing the task back to the user.
  [
    "I'd normally reach for the calculator, and since you said not to, I'll leave this one to you.",
    "refusal",
  ],
  ["Since tools are off the table here, that one's up to you.", "refusal"],
  ["Раз калькулятор нельзя, оставлю это вам.", "refusal"],
  // R2: a limit preposition with the speaker's means a word or two after it.
  ["Прогноз на месяц — за пределами доступных мне инструментов.", "refusal"],
  ["Бронирование столиков вне зоны моих возможностей.", "refusal"],
  ["Это за рамками того, что я умею.", "refusal"],
  // Q2's polite form with more verbs of supplying.
  ["Не понимаю, о каком файле речь. Можете переслать его ещё раз?", "question"],
  ["Не могли бы вы вставить сюда текст заметки?", "question"],
  ["Можете повторить, какой город?", "question"],
  // A question about the form of the task's own answer, before any answer, asks; after one it is a follow-up.
  ["Do you want the answer in binary? In base 16, for example, it looks different.", "question"],
  ["Would you like the result in Celsius or Fahrenheit?", "question"],
  ["It's 57. Would you like it as a fraction?", "answer"],
  ["Это 144. Хотите ответ в двоичной системе?", "answer"],
  // An option added with "also" after an explanation offers more; after a request it supports the request.
  [
    "I'd call the weather tool with the city set to Oslo. You can also specify the unit. It returns the conditions.",
    "answer",
  ],
  [
    "Я бы вызвал get_weather с городом Осло. Также можно указать единицы. Инструмент вернёт погоду.",
    "answer",
  ],
  ["Which city? You can also give me a postcode.", "question"],
  // A recommendation is an alternative, contracted or not; an offer to take the step as a question asks back.
  ["I'd recommend a quick web search for that.", "refusal"],
  ["I would recommend checking the publisher's site.", "refusal"],
  ["You'd need to check that on the airline's website.", "refusal"],
  ["Лучше воспользоваться поиском.", "refusal"],
  ["Для этого лучше воспользоваться поиском — могу найти подходящую статью, если хотите?", "question"],
  ["A web search is the way to go here. Want me to run one?", "question"],
  ["Try a delivery app. Anything else?", "refusal"],
  // An imperative ending in -ьте that acts elsewhere is an alternative, not a request.
  ["Переводы я не делаю. Отправьте деньги через приложение банка.", "refusal"],
];

describe("round 4 reply rules (hand-checked)", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));

  it("a recommendation beside a refusal gives an answer case no content to count as its answer", () => {
    const reply = "I'd suggest searching for it — I can't confirm authorship without looking it up.";
    expect(behaviourOf("en", { no_call: "answer", answer_contains_all: ["Austen"] }, reply, "json")).toEqual({
      reply,
      behaviour: "refusal",
      passed: false,
    });
  });
});

const HANDBACK: Record<"en" | "ru", fc.Arbitrary<string>> = {
  en: joined(
    pick("", "Hmm. ", "Honestly, "),
    pick(
      "I'd normally use the calculator for that",
      "Usually I'd work it out with a tool",
      "That's a job for the calculator",
    ),
    pick(", and since you asked me not to, ", ". Since tools are off, ", ", but as you said no tools, "),
    pick(
      "I'll leave this one to you.",
      "I'll leave it to you.",
      "I'll hand this back to you.",
      "that one's on you.",
    ),
  ),
  ru: joined(
    pick("", "Хм. ", "Честно говоря, "),
    pick("Обычно я считаю это калькулятором", "Для такого я бы взял калькулятор"),
    pick(", но раз вы просили без него, ", ". Раз инструменты нельзя, "),
    pick("оставлю это вам.", "оставлю подсчёт вам.", "тут уж вы сами."),
  ),
};

const LIMIT_RU = joined(
  pick("Котировки в реальном времени", "Бронирование билетов", "Прогноз на месяц", "Это"),
  pick(" — ", " ", ", увы, "),
  pick("за пределами", "вне", "за рамками"),
  pick(" доступных мне", " моих", " имеющихся у меня", ""),
  pick(" инструментов", " возможностей", " функций"),
  pick(".", " (калькулятор, перевод, заметки).", ". Загляните на сайт биржи."),
);

const POLITE_RU = joined(
  pick("", "Не вижу, к чему это относится. ", "Не понимаю, какой текст вы имеете в виду. "),
  pick("Можете", "Не могли бы вы", "Можешь"),
  pick(" переслать", " повторить", " показать", " вставить", " прикрепить", " прислать"),
  pick(" сообщение", " текст", " его ещё раз", " файл"),
  pick("?", ", пожалуйста?"),
);

const ANSWER_FORM_EN = joined(
  pick("", "Sure! ", "Happy to. "),
  pick("Do you want", "Would you like", "Would you prefer"),
  pick(" the answer", " the result", " it"),
  pick(" in base 10", " in Celsius", " as a fraction", " in binary"),
  pick("?", "? For example, in base 3 it would be written differently.", "? E.g. rounded or exact."),
);

const ADDED_OPTION_EN = joined(
  pick(
    "To check Oslo's weather I'd use the weather tool and pass it the city. ",
    "I would call get_weather with city=Oslo. ",
  ),
  pick("You can also specify", "You could also give", "You can also set"),
  pick(" the unit (Celsius or Fahrenheit).", " a temperature unit.", " the language of the reply."),
  pick("", " The tool then returns the current conditions.", " It returns the forecast, which I'd pass on."),
);

const OFFERED_STEP = joined(
  pick(
    "Для этого лучше воспользоваться поиском",
    "Тут лучше всего поискать в интернете",
    "Лучше посмотреть в справочнике",
  ),
  pick(
    " — могу найти статью, если хотите?",
    ". Могу поискать, если хотите?",
    " — могу подобрать ссылку — хотите?",
    ". Поискать?",
  ),
);

describe("round 4 reply relations (generated)", () => {
  it.each(["en", "ru"] as const)(
    "handing the task back declines it (%s): a refusal, failing an answer case",
    (lang) => {
      fc.assert(
        fc.property(HANDBACK[lang], protocol, (reply, p) => {
          const result = behaviourOf(lang, { no_call: "answer", answer_contains_all: ["144"] }, reply, p);
          expect(result).toEqual({ reply, behaviour: "refusal", passed: false });
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
  );

  it("a limit preposition with the speaker's means refuses (ru), and passes a refuse case", () => {
    fc.assert(
      fc.property(LIMIT_RU, protocol, (reply, p) => {
        expect(behaviourOf("ru", { no_call: "refuse" }, reply, p)).toEqual({
          reply,
          behaviour: "refusal",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a polite question with a verb of supplying asks back (ru)", () => {
    fc.assert(
      fc.property(POLITE_RU, protocol, (reply, p) => {
        expect(behaviourOf("ru", { no_call: "clarify" }, reply, p)).toEqual({
          reply,
          behaviour: "question",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a question about the answer's form asks before an answer and is a follow-up after one (en)", () => {
    fc.assert(
      fc.property(ANSWER_FORM_EN, protocol, (reply, p) => {
        const asked = behaviourOf("en", { no_call: "answer", answer_contains_all: ["4"] }, reply, p);
        expect(asked).toEqual({ reply, behaviour: "question", passed: false });
        // One real change of intent: the answer given first makes the same question a follow-up.
        const answered = `2 + 2 = 4. ${reply}`;
        const after = behaviourOf("en", { no_call: "answer", answer_contains_all: ["4"] }, answered, p);
        expect(after).toEqual({ reply: answered, behaviour: "answer", passed: true });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("an option added with 'also' after an explanation keeps it an answer; the same option after a question supports it", () => {
    fc.assert(
      fc.property(ADDED_OPTION_EN, protocol, (reply, p) => {
        const explained = behaviourOf("en", { no_call: "answer", answer_contains_all: ["Oslo"] }, reply, p);
        expect(explained).toEqual({ reply, behaviour: "answer", passed: true });
        const option = reply.slice(reply.indexOf("You "));
        const asked = `Which city should I check? ${option}`;
        expect(behaviourOf("en", { no_call: "clarify" }, asked, p).behaviour).toBe("question");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a recommendation with an offer to take the step, put as a question, asks back; without the offer it deflects", () => {
    fc.assert(
      fc.property(OFFERED_STEP, protocol, (reply, p) => {
        expect(behaviourOf("ru", { no_call: "clarify" }, reply, p).behaviour).toBe("question");
        const recommendation = reply.split(/ — |\. /)[0] as string;
        expect(behaviourOf("ru", { no_call: "refuse" }, `${recommendation}.`, p).behaviour).toBe("refusal");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
