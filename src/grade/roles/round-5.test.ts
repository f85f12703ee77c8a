/**
 * The reply classes of blind sets 15s, 16r, 17r and 18r (issue 25, round 5), each as the rule docs/reply-roles.md
 * now states: hand-checked rows (written here, not copied from the sets) and a seeded metamorphic relation per rule,
 * graded through `grade` in every protocol. Each relation failed on tooluse 2.5.0 except the English assent one
 * ("say yes and I'll…" was an offer already), kept as the control of its Russian twin.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { behaviourOf } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2506;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  // O: a word of assent asked for, then the speaker's promise in the same sentence.
  ["I can't book the dentist. I could save a reminder instead — say yes and I'll save it.", "refusal"],
  ["Заказать цветы не могу. Могу записать заметку: ответьте «да», и я сохраню её.", "refusal"],
  ["Tell me the city and I'll check it.", "question"],
  // R4 with the means named by its identifier.
  ["Инструмента send_sms в этом чате нет.", "refusal"],
  ["Функции book_flight у меня тут нет, к сожалению.", "refusal"],
  // S: an option added with «можно ещё» after a request.
  ["Уточните сумму — и можно ещё валюту, если она не рубли.", "question"],
  // C-alt: the most convenient way, and its step after the colon.
  ["Вызвать курьера я не могу. Проще всего через приложение СДЭК: укажите адрес и время.", "refusal"],
  ["Удобнее всего через Госуслуги.", "refusal"],
  // O: picking among the substitutes offered after a refusal.
  [
    "I can't transfer money. Instead I can:\n1. Save a reminder to pay\n2. Explain how to pay in your bank's app\nWhich one works for you?",
    "refusal",
  ],
  // Blind set 17r: short list items after a request are its options; «не моя функция» is R2.
  ["Happy to help! Which currency?\n\n- Euro\n- Dollar\n- Something else", "question"],
  ["В какой город?\n1. Москва\n2. Казань", "question"],
  ["Переводы денег — не моя функция.", "refusal"],
  // Blind set 18r: declining to guess or not seeing the input, after a request, gives it its reason; clipped and
  // colloquial refusals; a word between «мне» and «недоступны».
  ["How long should it run? Brands differ, so I'd rather not guess.", "question"],
  ["Какую сумму? Я не вижу в вашем сообщении никакого числа.", "question"],
  ["can't do that one — no access to your calendar here. your phone's app can do it in a tap.", "refusal"],
  ["I've got no access to booking systems, sorry.", "refusal"],
  ["Переводы мне тут недоступны.", "refusal"],
  ["I'd rather not guess the ending of the film.", "refusal"],
  // Controls: a request for what the task lacks stays one.
  ["Уточните, пожалуйста, город.", "question"],
  ["Which city do you mean — Paris, Texas or Paris, France?", "question"],
  ["Такси вызвать не могу. Укажите адрес?", "question"],
];

describe("round 5 reply rules (hand-checked)", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));
});

const REFUSAL_RU = pick(
  "Записать вас к врачу я не могу — доступа к клиникам у меня нет.",
  "Заказать такси не получится: таких сервисов у меня нет.",
  "Купить билеты я не в состоянии.",
);
const REFUSAL_EN = pick(
  "I can't book appointments — I have no access to clinics.",
  "Ordering a taxi is outside what my tools cover.",
  "I'm unable to buy tickets.",
);

const ASSENT_PROMISE = {
  ru: joined(
    REFUSAL_RU,
    pick(" Но могу сохранить напоминание: ", " Зато могу записать заметку. ", " "),
    pick("скажите «да»", "ответьте «да»", "напишите «да»", "просто скажите «да»", "скажите"),
    pick(", и я ", " — и я ", ", и тогда я "),
    pick("вызову save_note с текстом «Записаться».", "сохраню заметку.", "поставлю напоминание на утро."),
  ),
  en: joined(
    REFUSAL_EN,
    pick(" I can save a reminder instead: ", " What I can do is save a note. ", " "),
    pick("say yes", "just say yes", "say the word", 'say "go"'),
    pick(" and I'll ", ", and I'll ", " and then I'll "),
    pick("save it.", "call save_note with the text.", "set a reminder for the morning."),
  ),
};

const IDENTIFIER_ABSENT = joined(
  pick("", "Я бы выполнил поиск так: `web_search(query=…)` — но "),
  pick("инструмента", "функции", "инструментов вроде"),
  pick(" web_search", " book_taxi", " send_email", " get_stock_price"),
  pick(" в этом диалоге", " у меня", " здесь", " сейчас"),
  pick(" нет", " нету", " нет, есть только калькулятор и переводчик"),
  pick(".", ". Посмотрите расписание на сайте перевозчика.", "."),
);

const ADDED_TO_REQUEST = joined(
  pick("", "Конечно! ", "Хорошо. "),
  pick("Уточните, пожалуйста,", "Напишите", "Укажите"),
  pick(" длительность", " сумму", " город", " текст заметки"),
  pick(" — и можно ещё", ", и можно ещё", ". Можно ещё"),
  pick(" название таймера", " валюту", " единицы", " заголовок"),
  pick(", если нужно.", ".", ", по желанию."),
);

const STEP_OF_ALTERNATIVE = joined(
  REFUSAL_RU,
  pick(" Удобнее всего", " Проще всего", " Быстрее всего", " Лучше всего"),
  pick(" через Яндекс Go", " через приложение клиники", " через сайт перевозчика", " через Госуслуги"),
  pick(" или приложение другого сервиса", "", " или личный кабинет"),
  pick(": укажите ", ": выберите ", ": введите "),
  pick("Шереметьево и время 8:00.", "дату и врача.", "номер рейса."),
);

const PICK_SUBSTITUTE = {
  ru: joined(
    REFUSAL_RU,
    pick(" Что могу предложить вместо этого:\n", " Взамен могу:\n"),
    pick(
      "1. Сохранить напоминание\n2. Подсказать, как сделать это в приложении\n",
      "- Записать заметку\n- Объяснить порядок действий\n",
    ),
    pick("Напишите, какой вариант подходит.", "Какой вариант выберете?", "Выберите, пожалуйста."),
  ),
  en: joined(
    REFUSAL_EN,
    pick(" Here's what I can do instead:\n", " Instead, I could:\n"),
    pick(
      "1. Save a reminder\n2. Explain how to do it in the app\n",
      "- Save a note\n- Walk you through the steps\n",
    ),
    pick("Which one works for you?", "Which option would you like?", "Pick one and I'll do it."),
  ),
};

function isRefusal(lang: "en" | "ru", reply: string, p: Protocol): void {
  expect(behaviourOf(lang, { no_call: "refuse" }, reply, p)).toEqual({
    reply,
    behaviour: "refusal",
    passed: true,
  });
}

describe("round 5 reply relations (generated)", () => {
  for (const lang of ["en", "ru"] as const) {
    it(`a refusal and a word of assent asked for with the speaker's promise stays a refusal (${lang})`, () => {
      fc.assert(
        fc.property(ASSENT_PROMISE[lang], protocol, (reply, p) => isRefusal(lang, reply, p)),
        { seed: SEED, numRuns: RUNS },
      );
    });
    it(`a refusal, options offered and a request to pick one stays a refusal (${lang})`, () => {
      fc.assert(
        fc.property(PICK_SUBSTITUTE[lang], protocol, (reply, p) => isRefusal(lang, reply, p)),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
  it("the means named by its identifier and «нет» refuses (ru)", () => {
    fc.assert(
      fc.property(IDENTIFIER_ABSENT, protocol, (reply, p) => isRefusal("ru", reply, p)),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("an alternative's step after its colon is no request (ru)", () => {
    fc.assert(
      fc.property(STEP_OF_ALTERNATIVE, protocol, (reply, p) => isRefusal("ru", reply, p)),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("an option added with «можно ещё» after a request keeps it a question (ru)", () => {
    fc.assert(
      fc.property(ADDED_TO_REQUEST, protocol, (reply, p) => {
        expect(behaviourOf("ru", { no_call: "clarify" }, reply, p)).toEqual({
          reply,
          behaviour: "question",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
