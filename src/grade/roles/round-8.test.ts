/**
 * The reply classes of round 8 (issue 25; docs/reply-roles.md "Round 8", from fresh clarification set c1): hand-checked
 * rows written here and a seeded metamorphic relation per rule in both languages, graded through `grade` in every
 * protocol. Each row and relation fails on tooluse 2.9.0, except the controls marked so (they held there and must
 * keep holding); the second pass's rows and relations also fail on the first pass (commit 5aff9c9), except its
 * controls and the two rows marked "held on the first pass".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { expectGradedAs } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 2808;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  // The sentence of context after a request, cut into clauses by a contrast or a spaced dash, supports it whole.
  [
    "How long would you like it to run? Most dried pasta takes 8–12 minutes, but the package will have the exact time.",
    "question",
  ],
  [
    "Уточните, пожалуйста, часовой пояс 🙂 Россия большая — между Калининградом и Камчаткой 10 часов разницы!",
    "question",
  ],
  ["Which city? Paris is lovely, but Rome is warmer.", "question"],
  // Sending the input, and putting it in before the assistant's promise, ask for it.
  [
    "Для создания заметки мне нужен её текст. Отправьте его следующим сообщением — я сохраню без изменений.",
    "question",
  ],
  [
    "Похоже, «это» не попало в сообщение. Скопируйте сюда текст, который нужно сохранить, и я добавлю его в заметки.",
    "question",
  ],
  // An imperative of supplying with a question mark after content asks; it is no yes/no follow-up.
  ["Не совсем понял, о каком месте речь. Подскажите город?", "question"],
  ["Не понял. Назовите сумму?", "question"],
  // Controls (held on 2.9.0): content after a question about the world stays content; the user's own step elsewhere;
  // a discourse "Tell me," before a yes/no follow-up; two sentences of content after a request are an answer's.
  ["Which planet is closest to the Sun? Mercury, but Venus is hotter.", "answer"],
  ["Я не могу отправить письмо. Скопируйте текст и отправьте его со своей почты.", "refusal"],
  ["Отправьте это на почту.", "answer"],
  ["Canberra. Tell me, is that what you needed?", "answer"],
  ["Canberra is the capital. Send me another?", "answer"],
  // Second pass (fresh sets c2 and c3). A parenthesis inside a sentence is an aside: the sentence is read without it.
  [
    "Вставьте, пожалуйста, то, что нужно записать (можно как есть, я ничего не буду менять), и я сохраню.",
    "question",
  ],
  [
    "Could you tell me the city (or just the country, though some span several zones, so the city is best)?",
    "question",
  ],
  // Chat spellings read as the words they stand for.
  ["sure whats the cook time for the pasta? ill set it once u tell me the minites", "question"],
  ["На скока минут ставить таймер", "question"],
  // A bare noun phrase asked, then a hint for the answer; a verbless need; "whereabouts"; "pop in".
  ["Target currency? (ISO code, e.g. EUR)", "question"],
  ["Duration? E.g. 10 minutes.", "question"],
  ["Need her city or time zone (IANA, e.g. Europe/Paris).", "question"],
  // Held on the first pass (the promise after "pop in" already asked): kept as a regression row.
  ["Happy to check — whereabouts are you? Just pop in the town and I'll pull up the forecast.", "question"],
  // «только напиши» splices a request on; the object before the verb; unseen input and location as reasons.
  ["сохраню, только напиши что именно)", "question"],
  ["Где — там? Город назови плз", "question"],
  ["Я не вижу, о каком месте идёт речь. Если подскажете город, я проверю погоду.", "question"],
  [
    "Я не имею доступа к информации о вашем местоположении. Пожалуйста, укажите город, и я подскажу время.",
    "question",
  ],
  // A form's empty field; a quotation as the subject of a deliberative question; the formal «просим указать».
  [
    "### Currency conversion\n**Amount:** 250 CAD\n**To:** ❓\n\nPlease tell me the target currency.",
    "question",
  ],
  ["- **Her city or time zone:** ?\n\nSend me that and I'll give you the local time.", "question"],
  ['Which language should "See you tomorrow" be translated into?\n\nExamples: Spanish, Italian', "question"],
  ["Для установки таймера просим Вас сообщить требуемую продолжительность.", "question"],
  // Controls: a self-answered quiz; a capital "U"; a sick "ill"; an empty list after a label; a label introducing.
  ["Care to guess? It's Canberra, not Sydney.", "answer"],
  ["Option U is the right one.", "answer"],
  ["I feel ill today, sorry — but 2 + 2 = 4.", "answer"],
  ["**Call:** []", "answer"],
  ["Note: this is approximate.", "answer"],
];

describe("round 8 reply rules (hand-checked)", () => {
  it.each(ROWS)("%j is %s", (reply, behaviour) => expect(readReply(reply).behaviour).toBe(behaviour));
});

const SPLIT_CONTEXT = {
  en: joined(
    pick("", "Sure! ", "Happy to. "),
    pick(
      "How long should the timer run?",
      "Which city do you mean?",
      "Could you tell me the target language?",
    ),
    pick(" "),
    pick("Most pasta takes 8–12 minutes", "Rome and Paris are both popular", "French and Spanish are common"),
    pick(", but ", " — ", "; "),
    pick("the package will say.", "either works.", "any language is fine."),
  ),
  ru: joined(
    pick("", "Конечно! ", "Хорошо. "),
    pick("Уточните, пожалуйста, часовой пояс.", "Назовите город.", "На сколько минут поставить таймер?"),
    pick(" "),
    pick("Россия большая", "Городов с таким названием много", "Паста варится по-разному"),
    pick(" — ", ", но ", ", однако "),
    pick("разница до 10 часов!", "разница бывает большой.", "на упаковке всё написано."),
  ),
};

const SEND_OR_PUT_BEFORE_PROMISE = {
  en: joined(
    pick("", "Sure! "),
    pick("Send me the text", "Tell me the amount", "Give me the city"),
    pick(" and I'll save it.", " — I'll take it from there.", ", then I'll handle it."),
  ),
  ru: joined(
    pick("", "Хорошо. ", "Похоже, текст не дошёл. "),
    pick(
      "Отправьте текст следующим сообщением",
      "Отправьте его сюда",
      "Скопируйте сюда текст, который нужно сохранить",
    ),
    pick(" — я сохраню.", ", и я добавлю его в заметки.", ", и я сохраню его в заметки."),
  ),
};

const SUPPLY_AS_QUESTION = {
  en: joined(
    pick("I'm not sure which place you mean. ", "Hmm, I didn't catch that. "),
    pick("Tell me the city?", "Give me the amount?", "Send me the text?"),
  ),
  ru: joined(
    pick("Не совсем понял, о каком месте речь. ", "Не понял. ", "Хм, не уловил. "),
    pick("Подскажите город?", "Назовите сумму?", "Уточните время?", "Пришлите текст?"),
  ),
};

const HINTED_FRAGMENT = {
  en: joined(
    pick("Target currency?", "Duration?", "City?", "Target language?", "Time zone?"),
    pick(
      " (ISO code, e.g. EUR)",
      " (e.g. `10m`, `90s`)",
      " E.g. Paris.",
      " (for example, French)",
      " For example, Europe/Paris.",
    ),
  ),
  ru: joined(
    pick("Город?", "Длительность?", "Валюта?", "Сумма?", "Часовой пояс?"),
    pick(" (например, Москва)", " Например, 10 минут.", " (напр. EUR)", " К примеру, 1000 рублей."),
  ),
};

const FORMAL_OR_COLLOQUIAL = {
  en: joined(
    pick("", "sure ", "ok "),
    pick("whats the city", "whats the cook time", "hows long should it run", "wheres she now"),
    pick("? ", " "),
    pick("ill check it once u tell me", "ill set it once u tell me", "just tell me pls"),
  ),
  ru: joined(
    pick("", "Уважаемый пользователь! ", "Благодарим за обращение. "),
    pick("Для установки таймера просим ", "Для прогноза погоды просим ", "Просим ", "Прошу "),
    pick("Вас сообщить длительность.", "указать населённый пункт.", "уточнить город.", "направить текст."),
  ),
};

// A form's field alone under a heading reads as content beside the heading ("### Weather lookup\n**City:** ?"): left.
const FORM_FIELD = {
  en: joined(
    pick("### Weather lookup\n", "", "Sure.\n"),
    pick("**City:** ?", "- **Target language:** ❓", "**To:** ?", "Amount: ____"),
    pick("\n\nSend me that and I'll check.", "\n\nTell me and I'll do it."),
  ),
  ru: joined(
    pick("### Таймер\n", "", "Хорошо.\n"),
    pick("**Город:** ?", "- **Длительность:** ❓", "**Сумма:** ____"),
    pick("\n\nНапишите, и я проверю.", "\n\nПришлите — и я всё сделаю."),
  ),
};

const RELATIONS: [string, Record<"en" | "ru", fc.Arbitrary<string>>, Behaviour][] = [
  ["a bare noun phrase asked, then a hint for the answer, asks", HINTED_FRAGMENT, "question"],
  ["a request in chat spelling (en) or the formal register (ru) asks", FORMAL_OR_COLLOQUIAL, "question"],
  ["a form's empty field asks", FORM_FIELD, "question"],
  ["a request, then one sentence of context cut into clauses, asks", SPLIT_CONTEXT, "question"],
  // English held on 2.9.0 (its imperatives of sending were read already): the control beside the Russian.
  ["an imperative of sending or putting in before a promise asks", SEND_OR_PUT_BEFORE_PROMISE, "question"],
  ["an imperative of supplying with a question mark after content asks", SUPPLY_AS_QUESTION, "question"],
];

describe("round 8 reply relations (generated)", () => {
  for (const [name, replies, behaviour] of RELATIONS)
    for (const lang of ["en", "ru"] as const)
      it(`${name} (${lang})`, () => {
        fc.assert(
          fc.property(replies[lang], protocol, (reply, p) => expectGradedAs(lang, reply, p, behaviour)),
          { seed: SEED, numRuns: RUNS },
        );
      });
});
