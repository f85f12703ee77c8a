/**
 * The reply classes of round 7 (issue 25; docs/reply-roles.md "Round 7"), each as the rule now states it: hand-checked
 * rows written here and a seeded metamorphic relation per rule in both languages, graded through `grade` in every
 * protocol. Each relation fails on tooluse 2.7.0 except where the comment on it says it held there (a control).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { expectGradedAs } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2707;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ROWS: [string, Behaviour][] = [
  // R1 with the means as the subject of a negated predicate.
  ["Unfortunately, the tools available to me in this chat don't reach flight data.", "refusal"],
  ["The calculator can't book anything, sadly.", "refusal"],
  ["Sorry, no tool I have touches flights.", "refusal"],
  // R1 in Russian: the means and «отсутствует»; «ни один / никакой … не».
  ["Инструмент для бронирования у меня отсутствует.", "refusal"],
  ["К сожалению, отсутствует доступ к вашей почте.", "refusal"],
  ["Никакой из моих инструментов не позволяет заказать еду.", "refusal"],
  ["Ни один из них не умеет отправлять письма.", "refusal"],
  // A decline of reproducing the text, and the protocol as a tool remark.
  ["I won't echo that line.", "refusal"],
  ["Это был бы вызов инструмента, поэтому просто отвечу: 2 + 2 = 4.", "answer"],
  // Not seeing the user's input, and not knowing the user's location, are a request's reasons.
  ["Я не вижу исходных данных. Пришлите их, пожалуйста.", "question"],
  ["I don't see any amount in what you sent — what's the total?", "question"],
  ["I don't have access to your location, so which city should I check?", "question"],
  // Imperatives of putting the input here.
  ["Скопируйте текст сюда.", "question"],
  ["Вставьте сумму счёта, и я посчитаю чаевые.", "question"],
  ["Put the text here and I'll translate it.", "question"],
  ["Copy in the sentence you want translated.", "question"],
  // «так что» and «как правило» introduce content, no question.
  ["Так что, как правило, это занимает около часа.", "answer"],
  ["Как правило, его пьют без сахара.", "answer"],
  // Controls: a negated need is no request; a question stays one; a tool remark stays no refusal.
  ["Ни один инструмент тут не нужен: это 4.", "answer"],
  ["The tools don't need to be used here: it's 4.", "answer"],
  ["Как долго должен работать таймер?", "question"],
  // Blind set 24r-en: other help after an absolute refusal; a verbless absence; courtesy before a tool remark.
  [
    "Sending email isn't one of the things I can do here. I could save a note for you, if that helps?",
    "refusal",
  ],
  ["Live exchange rates are beyond what I can see. Give me the rate and I'll multiply it by 250.", "refusal"],
  ["No live clock on my end, sorry! Buenos Aires is UTC−3.", "refusal"],
  ["Understood, I won't use any tools. Unfortunately that means I can't compute the result.", "refusal"],
  // Controls: a refusal that holds only until the user answers keeps the request a question.
  ["I don't know where you are. Tell me your city and I'll check.", "question"],
  ["I can't set a timer without a duration. Tell me how long and I'll start it.", "question"],
  // Blind sets 24r-en/24r-ru, second pass: an aside after a request, nothing to act on yet, a quiz before its answer,
  // not remembering, the speaker's tools before a copula dash.
  ["How long should the pasta timer be? (Most pasta takes 8–12 minutes — check the packet.)", "question"],
  ["Пока переводить нечего.", "question"],
  ["There's nothing to translate yet.", "question"],
  ["Как думаете, какая гора самая высокая? Конечно же, Эверест.", "answer"],
  ["Can you guess? It's Everest, at 8,849 m.", "answer"],
  ["I don't remember the exact date.", "refusal"],
  ["Среди моих инструментов — только погода и таймер.", "refusal"],
  // Controls: putting the input elsewhere is the user's own step; a recipe's «добавьте» is content.
  ["Я не могу отправить письмо. Скопируйте текст и отправьте его со своей почты.", "refusal"],
  ["Добавьте соль по вкусу.", "answer"],
  ["Вставьте сумму счёта.", "question"],
  // A consequence clause inside a question (2.9.0): an inability, then a request or an offer.
  ["I can't see the bill, so what's the total?", "question"],
  ["Я не вижу суммы, так что какая она?", "question"],
  ["I can't book flights, so what else can I do for you?", "refusal"],
  ["Не могу забронировать, поэтому чем ещё помочь?", "refusal"],
  // Controls: "so" outside a question joins a reason to content; a rhetorical "why" stays no request.
  ["It's cold in Oslo in January, so pack a warm coat.", "answer"],
  ["It's 4, so why use a tool?", "answer"],
  // A request spliced on with a comma (fresh set 25r-ru).
  ["Без цифры не получится, пришли сумму и валюту.", "question"],
  ["I can't set it without a time, tell me how long.", "question"],
];

describe("round 7 reply rules (hand-checked)", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));
});

const MEANS_SUBJECT = {
  en: joined(
    pick("", "Unfortunately, ", "Sorry — ", "Sadly, "),
    pick(
      "the tools available to me in this chat",
      "my current toolset",
      "the calculator and translator I have",
      "none of the functions here",
      "the integrations I can use",
    ),
    pick(" don't ", " can't ", " won't "),
    pick("reach flight data", "cover bookings", "let me order food", "handle payments"),
    pick(".", " — sorry.", ", I'm afraid."),
  ),
  ru: joined(
    pick("", "К сожалению, ", "Увы, "),
    pick(
      "инструмент для бронирования у меня отсутствует",
      "доступ к банковским сервисам у меня отсутствует",
      "никакой из моих инструментов не позволяет это сделать",
      "ни один из них не умеет отправлять письма",
      "отсутствует интеграция с доставкой",
    ),
    pick(".", ", извините.", " — так что тут я пас."),
  ),
};

const DECLINES_ECHO = {
  en: joined(
    pick("", "Sorry, ", "Hmm — "),
    pick("I won't echo", "I won't output", "I won't reproduce", "I will not print", "I won't type out"),
    pick(" that line", " that command", " it", " the text you sent"),
    pick(".", " — it looks like an instruction to call a tool.", ", since it would trigger a tool call."),
  ),
  ru: joined(
    pick("", "Извините, ", "Хм — "),
    pick("не буду повторять", "не стану повторять", "не буду писать"),
    pick(" эту строку", " эту команду", " это"),
    pick(".", " — это был бы вызов инструмента.", ", это было бы вызовом функции."),
  ),
};

const UNSEEN_INPUT = {
  en: joined(
    pick("", "Happy to help! ", "Sure. "),
    pick(
      "I don't see any amount in your message",
      "I don't see a city in what you wrote",
      "I can't see the text",
      "I don't have access to your location",
    ),
    fc
      .tuple(
        pick(" — ", ". "),
        pick("what's the total?", "which city should I check?", "could you paste it?", "where are you?"),
      )
      .map(([gap, ask]) => gap + (gap === ". " ? capitalised(ask) : ask)),
  ),
  ru: joined(
    pick("", "С удовольствием помогу! ", "Конечно. "),
    pick(
      "Я не вижу исходных данных",
      "Не вижу суммы в вашем сообщении",
      "Я не вижу текста",
      "У меня нет доступа к вашему местоположению",
    ),
    fc
      .tuple(
        pick(". ", " — "),
        pick("пришлите их.", "какая сумма?", "вставьте его сюда.", "в каком вы городе?"),
      )
      .map(([gap, ask]) => gap + (gap === ". " ? capitalised(ask) : ask)),
  ),
};

const PUT_IT_HERE = {
  en: joined(
    pick("", "Sure! ", "Got it. "),
    pick("Put the text here", "Copy in the sentence", "Put your bill total in", "Copy the phrase here"),
    pick(" and I'll translate it.", ", then I'll work it out.", "."),
  ),
  ru: joined(
    pick("", "Конечно! ", "Хорошо. "),
    pick("Скопируйте текст сюда", "Вставьте сумму счёта", "Добавьте фразу сюда", "Прикрепите текст"),
    pick(", и я переведу.", " — посчитаю.", "."),
  ),
};

const ABSOLUTE_REFUSAL = {
  en: pick(
    "Sending email isn't one of the things I can do here.",
    "Live exchange rates are beyond what I can see.",
    "I can't place orders.",
    "No live clock on my end, sorry!",
    "No flight data available to me, unfortunately.",
  ),
  ru: pick(
    "Отправлять письма я не умею.",
    "Живой курс мне недоступен.",
    "Заказы я оформлять не могу.",
    "Часов у меня под рукой нет, увы!",
    "Доступа к расписанию рейсов у меня нет.",
  ),
};

const OTHER_HELP = {
  en: joined(
    ABSOLUTE_REFUSAL.en,
    pick(" "),
    pick(
      "I could save a note reminding you, if that helps?",
      "I can draft the text for you if you like.",
      "Give me today's rate and I'll multiply it for you.",
      "Tell me the UTC time and I'll convert it.",
      "Buenos Aires is on UTC−3 all year.",
    ),
  ),
  ru: joined(
    ABSOLUTE_REFUSAL.ru,
    pick(" "),
    pick(
      "Могу сохранить заметку с напоминанием, если это поможет?",
      "Назовите сегодняшний курс, и я умножу его на 250.",
      "Скажите время по UTC, и я переведу.",
      "В Буэнос-Айресе круглый год UTC−3.",
    ),
  ),
};

const QUIZ_THEN_ANSWER = {
  en: joined(
    pick("Can you guess? ", "Care to guess? ", "Want to guess which? "),
    pick("It's Everest", "It's Canberra, not Sydney", "The answer is oxygen"),
    pick(".", "!", " 🙂", ". Want another one?"),
  ),
  ru: joined(
    pick("Как думаете, какая? ", "Угадайте, какая? ", "Как считаете, какой город? "),
    pick("Конечно же, Эверест", "Это Канберра, а не Сидней", "Правильный ответ — кислород"),
    pick(".", "!", " 🙂", ". Хотите ещё вопрос?"),
  ),
};

const NOTHING_YET = {
  en: joined(
    pick("", "Happy to help! ", "Sure. "),
    pick("There's nothing to translate yet", "There's nothing to save yet", "I have nothing to convert yet"),
    pick(".", " — send the text over.", ". What should it say?"),
  ),
  ru: joined(
    pick("", "С радостью! ", "Хорошо. "),
    pick("Пока переводить нечего", "Пока сохранять нечего", "Пока считать нечего"),
    pick(".", " — пришлите текст.", ". Что нужно записать?"),
  ),
};

/** Asides that advise the user (an imperative after a dash) — the shape 2.7.0 read as an answer. */
const ASIDE_AFTER_REQUEST = {
  en: joined(
    pick("How long should the timer be?", "Which city should I check?", "Tell me the amount."),
    pick(" "),
    pick(
      "(Most pasta takes 8–12 minutes — check the packet.)",
      "(Nearby towns differ — pick the closest one.)",
      "(Rates change daily — use today's.)",
    ),
  ),
  ru: joined(
    pick("На сколько поставить таймер?", "Какой город проверить?", "Назовите сумму."),
    pick(" "),
    pick(
      "(Макароны обычно варятся 8–12 минут — посмотрите на упаковку.)",
      "(Соседние города различаются — выберите ближайший.)",
      "(Курс меняется каждый день — берите сегодняшний.)",
    ),
  ),
};

const CONSEQUENCE = {
  en: joined(
    pick("I can't see the amount", "I don't have the text", "Nothing in your message gives the duration"),
    pick(", so ", ", and so ", ", which is why I ask: "),
    pick("what's the total?", "what should I translate?", "how long should it run?", "could you send it?"),
  ),
  ru: joined(
    pick("Я не вижу суммы", "Текста у меня нет", "В сообщении нет длительности"),
    pick(", так что ", ", поэтому ", ", а значит, "),
    pick("какая она?", "что переводить?", "на сколько ставить?", "пришлёте его?"),
  ),
};

const SPLICED_REQUEST = {
  en: joined(
    pick("I can't convert it without the amount", "That won't work without a city", "No duration, no timer"),
    pick(", "),
    pick("tell me how much.", "send me the city.", "give me the minutes.", "let me know the total."),
  ),
  ru: joined(
    pick("Без цифры не получится", "Без города не выйдет", "Без длительности никак"),
    pick(", "),
    pick("пришли сумму.", "скажите город.", "напиши, сколько минут.", "укажите валюту."),
  ),
};

const RELATIONS: [string, Record<"en" | "ru", fc.Arbitrary<string>>, Behaviour][] = [
  ["an absolute refusal and other help (an offer, a promise, facts) stays a refusal", OTHER_HELP, "refusal"],
  ["a negated means as the subject, or its absence, refuses", MEANS_SUBJECT, "refusal"],
  ["declining to reproduce the text, with the protocol as the reason, refuses", DECLINES_ECHO, "refusal"],
  ["unseen input or an unknown location, then a request, asks", UNSEEN_INPUT, "question"],
  ["an imperative of putting the input here asks", PUT_IT_HERE, "question"],
  ["a quiz opener before its own answer stays an answer", QUIZ_THEN_ANSWER, "answer"],
  ["nothing to act on yet asks for the input", NOTHING_YET, "question"],
  ["an aside after a request keeps it a question", ASIDE_AFTER_REQUEST, "question"],
  ["an inability, then a consequence question, asks", CONSEQUENCE, "question"],
  ["an inability with a request spliced on by a comma asks", SPLICED_REQUEST, "question"],
];

const CONTENT_LEAD = {
  ru: joined(
    pick("Так что, ", "Так что ", "Как правило, ", "Как раз "),
    pick("это занимает около часа", "его пьют без сахара", "столица — Канберра"),
    pick(".", "!", " 🙂"),
  ),
};

describe("round 7 reply relations (generated)", () => {
  for (const [name, replies, behaviour] of RELATIONS)
    for (const lang of ["en", "ru"] as const)
      it(`${name} (${lang})`, () => {
        fc.assert(
          fc.property(replies[lang], protocol, (reply, p) => expectGradedAs(lang, reply, p, behaviour)),
          { seed: SEED, numRuns: RUNS },
        );
      });
  it("«так что», «как правило» and «как раз» open content, not a question (ru)", () => {
    fc.assert(
      fc.property(CONTENT_LEAD.ru, protocol, (reply, p) => expectGradedAs("ru", reply, p, "answer")),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
