/**
 * Phrase grammars for the frames of a call shape that blind sets 3 and 4 showed (issue 25, shapes round): commentary
 * on a call made, a sentence-ended preface on the call's own line, a remark after a spaced dash on a TOOL line, an
 * illustration disclaimer, a TOOL line cut at its separator, and the reply sentences around call talk (a request's
 * reason, a tool list that holds nothing like it, a gap about a tool, a presented fence, a first-person purpose
 * clause). Written for the suites from the rules in docs/spec-conformance.md (E2, E3, E8) and docs/reply-roles.md,
 * not from the sets' strings. Each grammar composes parts, so a relation draws hundreds of distinct replies.
 */
import fc from "fast-check";
import type { Lang } from "./phrase-grammars.js";

/** Pick one part from each list and join them. */
function compose(...parts: readonly (readonly string[])[]): fc.Arbitrary<string> {
  return fc.tuple(...parts.map((list) => fc.constantFrom(...list))).map((picked) => picked.join(""));
}

/** Commentary on a call just made: it reports the call, waits for its result, or restates its arguments. */
export function madeCallCommentary(lang: Lang, city: string): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["", "(", "Note: "],
        [
          "I'll share the result as soon as it comes back",
          `Above I called get_weather with city=${city}; the result will follow`,
          `That request for ${city} is on its way, back in a moment`,
          "Waiting for the forecast now",
          `Requested the weather for ${city}; I'll summarise it once it arrives`,
          "Once the tool answers, I'll tell you what it says",
        ],
        [".", "!", " 🙂"],
      ).map((text) => (text.startsWith("(") ? `${text.replace(/[.!]?$/, "")})` : text))
    : compose(
        ["", "(", "Кстати: "],
        [
          "Как только придёт ответ, сообщу результат",
          `Выше я вызвал get_weather с city=${city}; результат будет следом`,
          `Запрос по городу ${city} ушёл, ждём ответа`,
          "Жду прогноз от инструмента",
          "Когда инструмент ответит, перескажу, что он выдал",
          `Погоду для ${city} запросил, скоро расскажу`,
        ],
        [".", "!", " 🙂"],
      ).map((text) => (text.startsWith("(") ? `${text.replace(/[.!]?$/, "")})` : text));
}

/** A preface that ends a sentence on the call's own line: "I'll use get_weather for this.", «Сейчас проверю!». */
export function sentencePreface(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["", "Sure. ", "Okay! ", "Got it. "],
        [
          "I'll use get_weather for this",
          "Checking the forecast now",
          "There is a tool for that",
          "Let me look that up",
          "This needs live data",
        ],
        [". ", "! "],
      )
    : compose(
        ["", "Конечно. ", "Хорошо! ", "Понял. "],
        [
          "Для этого есть инструмент get_weather",
          "Сейчас проверю прогноз",
          "Воспользуюсь инструментом",
          "Тут нужны свежие данные",
          "Смотрю погоду",
        ],
        [". ", "! "],
      );
}

/** A preface that tells the user how they could make the call: the line after it is shown, not made. */
export function instructionPreface(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["", "If you like, ", "Easy: "],
        ["you can check it with", "you could call", "you'd just run", "you can use"],
        [": ", " this: "],
      )
    : compose(
        ["", "Если что, ", "Просто: "],
        ["можно проверить так", "вы можете вызвать", "ты можешь написать", "можно использовать"],
        [": ", " вот это: "],
      );
}

/** A remark after a spaced dash on a TOOL line that asks whether to go ahead with it. */
export function goAheadRemark(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        [" — ", " – ", " - "],
        [
          "shall I run this",
          "should I send it",
          "want me to run it",
          "can I go ahead",
          "OK",
          "go ahead",
          "may I submit that",
        ],
        ["?", "? 🙂", " ?"],
      )
    : compose(
        [" — ", " – ", " - "],
        ["запускать", "отправить", "ставить", "запустить запрос", "подойдёт", "ок", "выполнить его"],
        ["?", "? 🙂", " ?"],
      );
}

/** A remark after a spaced dash on a calculator TOOL line that gives the result itself. */
export function resultRemark(lang: Lang, result: number): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        [" — ", " – "],
        [
          "the answer is ",
          "that's ",
          "the result is ",
          "which gives ",
          "so the total is ",
          "it equals ",
          "= ",
        ],
        [`${result}`],
        ["", "."],
      )
    : compose(
        [" — ", " – "],
        ["ответ: ", "получится ", "результат будет ", "это ", "выходит ", "итог: ", "= "],
        [`${result}`],
        ["", "."],
      );
}

/** A sentence after a shown call that calls it an illustration, or says in the passive that nothing ran. */
export function illustrationDisclaimer(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["", "Again, ", "To be clear, "],
        [
          "that's only an illustration",
          "this is purely a sketch",
          "it is just a demo",
          "this is for illustration",
        ],
        [" — nothing was executed.", ". Nothing has been sent.", "; it was not actually run.", "."],
      )
    : compose(
        ["", "Повторю: ", "Для ясности: "],
        ["это лишь иллюстрация", "это только набросок", "это просто для иллюстрации", "это лишь образец"],
        [" — ничего не отправлено.", ". Ничего не выполнялось.", "; вызов не был запущен.", "."],
      );
}

/** An inability that holds until the user answers the request: the request's reason. */
export function untilAnswered(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["Without it ", "Without that ", "Otherwise ", "Unless you tell me, "],
        ["I can't ", "I cannot ", "I won't be able to "],
        ["fill in the <parameter=city> slot", "set the `seconds` argument", "start it", "finish the call"],
        [".", " for you."],
      )
    : compose(
        ["Без этого ", "Без него ", "Иначе ", "Пока вы не скажете, "],
        ["я не смогу ", "не смогу ", "я не могу "],
        ["заполнить <parameter=city>", "указать `seconds`", "запустить его", "довести вызов до конца"],
        [".", " для прогноза."],
      );
}

/** A refusal that says the list of tools holds nothing like the task, with a tool name as it is called. */
export function listHoldsNothing(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["Sorry — ", "Unfortunately ", ""],
        ["my list has nothing like ", "the toolkit includes nothing like ", "my tools have no "],
        ["TOOL bank_transfer", "`send_money`", "a payments function", "book_flight"],
        [". ", "; "],
        ["Please use your bank's app.", "Your bank can help with that.", "Try the official website."],
      )
    : compose(
        ["Увы, ", "К сожалению, ", ""],
        [
          "в моём списке нет ничего похожего на ",
          "среди инструментов нет ничего вроде ",
          "в моём наборе нет ",
        ],
        ["TOOL bank_transfer", "`send_money`", "функции платежей", "book_flight"],
        [". ", "; "],
        ["Воспользуйтесь приложением банка.", "Лучше обратиться в банк.", "Попробуйте официальный сайт."],
      );
}

/** A remark that the user gave no such tool: it names a tool, which the user cannot supply. */
export function noSuchToolGiven(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["(", ""],
        ["You didn't give me ", "You haven't given me ", "You never gave me "],
        ["convert_units", "a unit tool", "a conversion function", "unit_convert"],
        [" anyway", ""],
        [", and I wouldn't need a <tool_call> for this", ", and no tool is needed here", ""],
      ).map((text) => (text.startsWith("(") ? `${text}.)` : `${text}.`))
    : fc.constant("");
}

/** Fenced call templates whose city is a slot to fill. */
const TEMPLATE_FENCES = ["```json\n", "```\n"].flatMap((open) =>
  ["<CITY>", "<city>", "[city]", "…", "<ГОРОД>"].flatMap((slot) => [
    `\n${open}{"name": "get_weather", "arguments": {"city": "${slot}"}}\n\`\`\`\n`,
    `\n${open}<tool_call>{"name": "get_weather", "arguments": {"city": "${slot}"}}</tool_call>\n\`\`\`\n`,
  ]),
);

/** A presenting introduction, a fenced call template, and a request on the line after the fence. */
export function fenceThenRequest(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        ["Here is the call I would make:", "This is what I'd send:", "Here's the request I'd use:"],
        TEMPLATE_FENCES,
        ["Just tell me the city", "Tell me which city you mean", "Name the city"],
        [" and I'll do it.", " — I'll fill it in.", ", please."],
      )
    : compose(
        ["Вот вызов, который я бы сделал:", "Вот что я бы отправил:", "Вот такой запрос:"],
        TEMPLATE_FENCES,
        ["Просто напишите город", "Уточните, какой город", "Назовите город"],
        [", и я всё сделаю.", " — я подставлю.", ", пожалуйста."],
      );
}

/** A proposed value for the missing duration, put to the user to confirm: "I'll set it for 5 minutes — OK?". */
export function proposedAmount(lang: Lang): fc.Arbitrary<string> {
  return lang === "en"
    ? compose(
        [
          "I'll set it via set_timer(seconds=300)",
          "I can start a timer",
          "Setting it up",
          "Let me guess the usual",
        ],
        [" — ", ". ", ": "],
        [
          "five minutes OK",
          "is 5 minutes enough",
          "would 10 minutes be fine",
          "ten minutes alright",
          "3 minutes do",
        ],
        ["?", "? 🙂"],
      )
    : compose(
        [
          "Поставлю через set_timer(seconds=300)",
          "Могу завести таймер",
          "Ставлю",
          "Обычно хватает стандартного",
        ],
        [" — ", ". ", ": "],
        [
          "пять минут подойдёт",
          "10 минут хватит",
          "пять минут вас устроит",
          "три минуты нормально",
          "полчаса пойдёт",
        ],
        ["?", "? 🙂"],
      );
}
