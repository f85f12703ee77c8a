/**
 * The request role (docs/reply-roles.md, role Q): the reply asks the user for something the task lacks. Four forms,
 * English and Russian; a question mark is one form's evidence, not the rule:
 *
 * - Q1 a question to the user: addressed ("Which city do you mean?", «Какой город вас интересует?»), deliberative
 *   ("How long should it run?", «Какой город проверить?»), a fragment ("For which city?", «На сколько минут?») or a
 *   choice between options ("Celsius or Fahrenheit?");
 * - Q2 an imperative of supplying ("Just name the target language.", «Уточните, пожалуйста, город»), or its polite
 *   question form ("Could you tell me the amount?", «Не могли бы вы указать сумму?»);
 * - Q3 a need or a gap ("I'll need the bill total", "You didn't say which city", «Мне нужно знать город»);
 * - Q4 a condition of supplying ("If you tell me the city, I'll check it", «Как только напишете сумму, …»).
 */
import { actsElsewhere } from "./content.js";
import { anywhere, atStart, LEAD, wordsOf } from "./cues.js";
import { QUOTE } from "./units.js";

export type RequestForm = "question" | "imperative" | "need" | "conditional";

/** Verbs of supplying information to the assistant. */
const SUPPLY =
  "tell|let (?:me|us) know(?! if| whether)|give|provide|specify|share|send|say|clarify|confirm|indicate|name|type|enter|pick|choose|select|list|describe|mention|state|write|paste|drop|fill (?:me )?in|remind|point|reply|answer|include|advise|decide|double-check";

/** A purpose clause before a request: "To convert it, tell me…", «Чтобы пересчитать в евро, уточните…». */
const PURPOSE =
  "(?:(?:to|in order to|so (?:that )?i can|чтобы|для того чтобы|для) (?:(?! (?:i|i'd|i'll|i'm|we|я|мы)(?![\\p{L}']))[^,]){1,60}, )?";

/** Russian infinitives of supplying, for the polite question form («Можете переслать сообщение?»). */
const RU_SUPPLY_INFINITIVE =
  "уточнить|указать|сказать|написать|назвать|сообщить|подсказать|прислать|переслать|выбрать|дать знать|пояснить|продиктовать|рассказать|скинуть|повторить|показать|вставить|прикрепить|привести|дать|описать|перечислить";

const POLITE = atStart([
  `${PURPOSE}(?:please |kindly )?(?:could|can|would|will|might) (?:you|u)(?: please| kindly| just| quickly| also| first)? (?:${SUPPLY})`,
  `(?:не )?(?:могли бы|можете|можешь|могла бы|мог бы)(?: бы)?(?: вы| ты)?(?: мне)?(?: пожалуйста)?,? (?:${RU_SUPPLY_INFINITIVE})`,
  "(?:не )?(?:подскажете|подскажешь|скажете|скажешь|уточните|уточнишь|напишете|напишешь|назовете|назовешь|пришлете|пришлешь|скинете|скинешь|укажете|укажешь|перешлете|перешлешь|продиктуете|продиктуешь|дадите знать|дашь знать)",
  `you (?:can|could|may)(?: just| simply| also| please)? (?:${SUPPLY})`,
  `(?:вы )?(?:можете|можешь) (?:просто |ещё раз |еще раз )?(?:${RU_SUPPLY_INFINITIVE})`,
]);

const IMPERATIVE = atStart([
  `${PURPOSE}(?:(?:please|kindly|just|simply|first|quickly|go ahead and|feel free to|do|pls|plz)[, ]+)*(?:tell (?:me|us)|let (?:me|us) know(?! if| whether| when you need)|name(?! of)|give (?:me|us)|send (?:me|us|over|it|the|your|along)|share(?! this| it with)|provide|specify|say (?:which|what|how|where|when|who)|type|enter|pick|choose|select|confirm|clarify|indicate|mention|list(?! of)|describe|paste|drop (?:me|the|a|your)|write (?:me|down|back|the|your)|shoot me|hit me with|fill me in|reply with|answer with|point me|remind me|include|decide|pop (?:in|the|a|your)|throw (?:me|the|a|your)|copy(?: in| here| over| the| it| your| me| and paste)|put (?:the|it|your|them|that) (?:[\\p{L}\\p{N}-]+ ){0,3}(?:here|in))`,
  `${PURPOSE}(?:пожалуйста,? )?(?:уточн|укаж|назов|напиш|скаж|сообщ|пришл|перешл|скин|кин|выбер|подскаж|напомн|продикту|введ|опиш|перечисл|расскаж|ответ|покаж|повтор|прикреп)(?:и|ите|ь|ьте|й|йте)`,
  // (2.10.0) The object before the verb, as short colloquial requests put it: «Город назови», «Сумму уточните, пожалуйста».
  `(?:[\\p{L}-]+ ){1,2}(?:уточн|укаж|назов|напиш|скаж|сообщ|скин|выбер|подскаж|продикту|введ|опиш)(?:и|ите|ь|ьте)(?=,? ?(?:пожалуйста)?$)`,
  // Putting the input in (or sending it) asks for it unless the sentence sends the user elsewhere: «Скопируйте и
  // отправьте со своей почты», «Вставьте его в переводчик» tell the user what to do with another tool. What follows
  // the assistant's «я» is its promise, no place the user is sent: «Скопируйте сюда текст, и я добавлю его в заметки».
  `${PURPOSE}(?:пожалуйста,? )?(?:встав(?:ь|ьте)|скопиру(?:й|йте)|отправ(?:ь|ьте))(?!(?:(?!(?<!\\p{L})я ).)*(?:(?<!\\p{L})и (?:отправ|пошл|перешл|откр|встав)|(?<!\\p{L})(?:в|на) (?:письм|почт|приложени|браузер|поиск|калькулятор|переводчик|таблиц|документ|заметк|календар|мессенджер|адрес)|(?<!\\p{L})со? сво\\p{L}+ |(?<!\\p{L})(?:ему|ей|им|коллег\\p{L}*|друг\\p{L}*)(?!\\p{L})))`,
  // «Добавьте» is also a recipe's step («Добавьте соль»): a request only toward the assistant or before a promise.
  `${PURPOSE}(?:пожалуйста,? )?добав(?:ь|ьте)(?=(?: [^\\s]+){0,4}? (?:сюда|в чат|в (?:это |наше )?сообщени\\p{L}*|в ответ|мне|здесь)(?![\\p{L}])|.*(?:,|—) ?(?:и |тогда )?я )`,
  "(?:достаточно|хватит|нужно только|надо только|просто) (?:назвать|указать|написать|сказать|уточнить|прислать)",
  "(?:it'?s )?enough to (?:name|say|tell|give|type)",
  // The choice left to the user names what to supply: "— you name it", «— на ваш выбор».
  "you name it",
  "your (?:call|pick)",
  "(?:пожалуйста,? )?(?:дай(?:те)? знать|поделись|поделитесь|определись|определитесь)",
]);

/** Tools, access and apps: what the assistant may "need" without asking the user for anything. */
const NOT_FROM_USER =
  "(?! (?:a |an |any |the |to use |to call |access to |to have )?(?:\\p{L}+ )?(?:tool|calculator|function|search|lookup|call|web|internet|access|booking|integration|app|plugin|api|connection|инструмент|функци|доступ|калькулятор|поиск|интернет|приложени))";

/**
 * "You didn't give me convert_units": what the user did not give is a tool (a tool's name or the word), which the
 * user cannot supply, so the gap asks nothing.
 */
const NOT_A_TOOL_GIVEN =
  "(?! (?:me |us )?(?:a |an |any |the |access to )?(?:\\p{L}+ )?(?:tool|calculator|function|integration|plugin|api|инструмент|функци))(?! (?:me |us )?(?:a |an |any |the )?[\\p{L}\\p{N}]+_[\\p{L}\\p{N}_]*)";

const NEED_START = atStart([
  "(?:just |only |still )?need (?:the|a|an|your|her|his|their|to know|one|some|a bit)",
]);

const NEED = anywhere([
  // (2.10.0) The formal register: «Для установки таймера просим Вас сообщить длительность», «прошу уточнить город».
  `(?:прошу|просим)(?: вас| тебя)?,? (?:${RU_SUPPLY_INFINITIVE}|предоставить|ввести|направить)`,
  `(?:i|we)(?:'ll| will| would|'d|'m going to| am going to| just| still| first| also| really| then| only)* (?:need|require)${NOT_FROM_USER}`,
  "(?:what|all|the only thing|one thing) (?:i|we) (?:need|still need)(?:s)? (?:is|are|from you)",
  "(?:i'?m|i am|we'?re) (?:still |just )?missing",
  "(?:is|are) (?:still )?missing",
  "(?:is|are) (?:required|needed)",
  `you (?:didn'?t|did not|haven'?t|have not|forgot to|never|don'?t) (?:say|said|mention|mentioned|specify|specified|tell|told|include|included|give|given|provide|provided|share|shared|indicate|indicated|state|stated|note|noted)${NOT_A_TOOL_GIVEN}`,
  "(?:i|we) (?:don'?t|do not) (?:yet )?know (?:which|what|how|when|who|whether|if you|the|your)",
  "i'?m not (?:sure|certain|clear) (?:which|what|how|where|when|who|whether|if you|about the|about your|about which)",
  "(?:it'?s|it is) (?:not |un)clear (?:which|what|how|where|when|who|whether)",
  "need (?:a bit |a little |some )?more (?:information|info|details|context)",
  "(?:could|can) use (?:a bit |a little )?more (?:information|info|details)",
  `(?:мне|нам) (?:(?:сначала|еще|сперва|обязательно|все же|для этого) )*(?:нужн[оаы]?|нужен|необходим[оаы]?|потребуется|понадобится|требуется)${NOT_FROM_USER}`,
  "нужно (?:знать|уточнить|понимать|понять|указать|определить)",
  // An indirect wish to know: «Хотелось бы знать продолжительность», "I'd like to know the city".
  "хотел(?:ось|а|и|ось бы|)? бы (?:знать|уточнить|понять|услышать)",
  "(?:i'?d|i would|we'?d) (?:like|want|love) to know",
  "(?:необходимо|надо|требуется|важно) (?:знать|уточнить|указать|понимать)",
  `для (?:этого|этой|расчета|перевода|конвертации|таймера|заметки|прогноза|ответа)[^.]{0,30}(?:нужн[оаы]?|нужен|необходим|потребуется|понадобится|требуется)${NOT_FROM_USER}`,
  "не хватает",
  // Nothing to act on yet: «Пока сохранять нечего», "there's nothing to translate yet".
  "пока (?:\\p{L}+ )?(?:нечего|не(?:чего| из чего))",
  "(?:there'?s|there is|i have|i'?ve got) nothing (?:yet )?to (?:save|translate|convert|calculate|compute|set|check|send|work with|go on)(?: yet)?",
  "недостаточно (?:данных|информации|сведений)",
  "(?:вы|ты) не (?:указали|сказали|написали|уточнили|назвали|сообщили|указал|сказал|написал|уточнил|назвал)",
  "не указан[аоы]?",
  "не (?:понятно|ясно),? (?:какой|какая|какое|какие|какую|сколько|где|куда|когда|на сколько|что|в какой|о каком)",
  "я не знаю,? (?:какой|какая|какое|какие|какую|сколько|когда|на сколько|что именно|в какой)",
  "не уточнили",
]);

/** "No tool is needed", "nothing is missing": a negated need asks for nothing. */
const NEGATED_NEED =
  /(?:^|\s)(?:no|not|nothing|none|neither|n't|never|не|ничего|ни од(?:ин|на|но))(?:\s+\S+){0,3}\s+(?:needed|required|missing|нужн\S*|требуется|нужен)/u;

const CONDITIONAL = atStart([
  "(?:if|once|when|as soon as|after) you(?:'ve| have| can| could)? (?:just |please )?(?:tell|let me know|give|send|share|provide|specify|name|say|type|enter|confirm|clarify|pick|choose|select|told|given|sent|shared|provided|specified|named|confirmed|picked|chosen|selected|decide|decided|include|drop|paste)",
  "(?:если|как только|как|когда|после того как)(?: вы| ты)?(?: мне)? (?:скажете|скажешь|напишете|напишешь|укажете|укажешь|назовете|назовешь|пришлете|пришлешь|уточните|уточнишь|подскажете|подскажешь|сообщите|сообщишь|дадите знать|дашь знать|выберете|выберешь|определитесь|определишься)",
]);

const WH_EN =
  "which|what|where|whereabouts|when|who|whom|whose|how(?: long| many| much| often| far| soon)?|what kind|what sort|what type";
const WH_RU =
  "какой|какая|какое|какие|какую|каком|какого|каких|сколько|где|куда|откуда|когда|что|чего|кто|кому|кого|как(?! (?:раз|будто|правило|минимум|максимум|следует|положено)(?![\\p{L}]))|насколько|во сколько|на сколько|на какое|на какой|на какую|в каком|в какой|в какую|в какое|для какого|для какой|из какой|из какого|по какому|с какой|о чем|о каком|до скольки";
/** A question word opening the unit, after optional discourse markers and a preposition. */
const WH_START = new RegExp(
  `^${LEAD}(?:(?:for|in|into|to|from|at|on|with|by|up to|на|в|во|для|из|с|со|по|о|об|к|от|до|за) )?(?<!(?:^|\\s)так )(?:${WH_EN}|${WH_RU})(?![\\p{L}\\p{N}])`,
  "u",
);

const ADDRESSED = anywhere([
  "you",
  "your",
  "yours",
  "yourself",
  "u",
  "ya",
  "вы",
  "вас",
  "вам",
  "вами",
  "ваш\\p{L}*",
  "ты",
  "тебя",
  "тебе",
  "тобой",
  "тво\\p{L}+",
  // Second-person and impersonal forms that carry the addressee in Russian questions without a pronoun.
  "имеете",
  "имеешь",
  "хотите",
  "хочешь",
  "предпочитаете",
  "предпочитаешь",
  "планируете",
  "планируешь",
  "подразумеваете",
  "интересует",
  "нужн[аоы]?",
  "нужен",
]);

const DELIBERATIVE = anywhere([
  "(?:should|shall|must) (?:i|we|it|the|this|that|they|‹q›)",
  "(?:do|would|will) (?:i|we) (?:need|want|use|go with)",
  "(?:should|shall|will|would) (?:it|the timer|the note|the translation)",
]);
const ALTERNATIVE = /\s(?:or|или)\s(?!(?:anything|something|more|else|что-(?:то|нибудь)|еще)(?:\s|$))/u;

/**
 * A free relative that names what follows ("What I can tell you: …", "How it works: …", «Что я могу сказать: …»): the
 * question word is followed by its clause's subject, with no inversion, so outside a question it asks nothing.
 */
const FREE_RELATIVE = new RegExp(
  `^${LEAD}(?:(?:${WH_EN}) (?:i|we|it|this|that|they|he|she|there)(?:'d|'ll|'ve|'m|'s|'re)?|(?:что|как|почему|зачем|где|когда) (?:я |мы )?(?:могу|можем|можно|знаю|знаем|известно|стоит|нужно|удалось|это))(?![\\p{L}\\p{N}'])`,
  "u",
);

/** Whether the unit opens with a question word ("Which…", «На сколько…»). */
export function opensWithQuestionWord(text: string): boolean {
  return WH_START.test(text);
}

/** A choice between named options ("Celsius or Fahrenheit", «в евро или в долларах»). */
export function offersChoice(text: string): boolean {
  return ALTERNATIVE.test(text) && wordsOf(text).length <= 14;
}

/** A polite question that is an imperative of supplying ("Could you tell me…", «Не подскажете…»). */
export function isPoliteImperative(text: string): boolean {
  return POLITE.test(text);
}

/** Q1: the question (the unit asks) is put to the user about the task, not about the world. */
function isQuestionToUser(text: string): boolean {
  if (POLITE.test(text) || ADDRESSED.test(text) || DELIBERATIVE.test(text) || offersChoice(text)) return true;
  // A question word in the reply's own voice asks; one the reply goes on to answer is read as content by position.
  if (WH_START.test(text)) return true;
  return wordsOf(text).length <= 3 && /^(?:the|your|a|an|and|just|only) /.test(text);
}

/** What the request rule reads of a unit: its words and how its sentence ends. */
export interface Asking {
  text: string;
  /** The unit ends with a question mark. */
  asks: boolean;
  /** Its sentence does ("Which city — Paris or London?" asks in both clauses). */
  inQuestion: boolean;
  /** Its sentence has no terminal punctuation ("Which city" on a line of its own). */
  open: boolean;
  /** It ends with a colon ("Какая продолжительность нужна: 5, 10 или 15 минут?"). */
  intro: boolean;
  /** Nothing follows it on its line: an introduction that closes its line is a heading ("Как это работает:"). */
  closesLine: boolean;
}

/**
 * Riddles and rhetorical openers ask with a generic "you" and answer themselves: "What do you call a fish without
 * eyes?", "Ever wondered why…?", «Знаете, почему…?»; "Say it like this:" presents what to say.
 */
const RHETORICAL = atStart([
  "what do you call",
  "what do you get (?:when|if)",
  "(?:do|did) you (?:know|ever wonder)",
  "have you ever (?:wondered|noticed|heard)",
  "ever (?:wondered|noticed|heard)",
  "guess what",
  "(?:you )?know what",
  "want to know (?:why|how|what|a secret)",
  "say (?:it )?(?:like this|this)",
  "you'?d say",
  "знаете,? (?:почему|что|как)",
  "знаешь,? (?:почему|что|как)",
  "как называют",
  "что будет,? если",
  "скажи(?:те)? так",
  // A quiz put before its own answer: «Как думаете, какая? Конечно же, Эверест», "Can you guess? It's Everest."
  "как (?:вы |ты )?(?:думаете|думаешь|считаете|считаешь)",
  "(?:угадаете|угадаешь|угадайте|угадай)",
  "(?:can you|care to|wanna|want to) guess",
  "any guesses",
  "говори(?:те)? так",
]);

/**
 * Q2 in a coordination: "Check the package for the cooking time and tell me the number of minutes" asks in its second
 * imperative; (2.11.0) so does a disjunction, "Check the package, or just tell me and I'll set it" (the user may do
 * either, and one of them is telling). The parts after the first are read as units of their own.
 */
const COORDINATED = /(?:,\s*|\s)(?:and(?: then)?|then|or(?: else)?|и|или|а (?:потом|затем)|потом|затем)\s+/gu;

function coordinatedImperative(text: string): boolean {
  // "I would write it and send it", "You can book it and pick a seat": verbs of a subject, no imperatives.
  const subject = Math.min(
    SUBJECT.exec(text)?.index ?? text.length,
    IT_SUBJECT.exec(text)?.index ?? text.length,
  );
  let checked = 0;
  for (const match of text.matchAll(COORDINATED)) {
    // Bounded, and no copies of the text: a hostile unit of thousands of "and" stays linear.
    if (match.index > subject || ++checked > 8) return false;
    IMPERATIVE_AT.lastIndex = match.index + match[0].length;
    if (IMPERATIVE_AT.test(text)) return true;
  }
  return false;
}

/** {@link IMPERATIVE} read from a given position (sticky), not from the start of the unit. */
const IMPERATIVE_AT = new RegExp(IMPERATIVE.source.replace(/^\^/, ""), "uy");

const SUBJECT = anywhere([
  "i",
  "i'd",
  "i'll",
  "i'm",
  "we",
  "you",
  "he",
  "she",
  "they",
  "я",
  "мы",
  "вы",
  "ты",
  "он",
  "она",
  "они",
]);

/** "it" as a subject opens the unit or a clause ("It sets and it rings"); after a verb it is the object ("Look it up"). */
const IT_SUBJECT = /(?:^|[,;:]\s*)it(?![\p{L}'])/u;

/**
 * An imperative of saying whose object is a quotation ("Say ‹Alexa, set a timer›", «Скажите «Алиса, поставь таймер»»)
 * tells the user what to say to someone else: an alternative, not a request to the assistant.
 */
const SAY_QUOTED = new RegExp(
  `^${LEAD}(?:say|type|write|ask|скажите|скажи|напишите|напиши|произнесите|произнеси|попросите|попроси|спросите|спроси)(?: [\\p{L}-]+){0,2} ${QUOTE}$`,
  "u",
);

/**
 * Q1 with the question word in place ("Translate to which language?", "Convert into what?", «Перевести на какой
 * язык?»): a question phrase after the verb asks as one at the start does.
 */
const IN_SITU = anywhere([
  "(?:to|into|for|in|from|at|on|with|by) (?:which|what|whom|how long|how many|how much)",
  "(?:на|в|во|для|из|с|до|к|по) (?:какой|какую|какое|какие|каком|какого|каких|сколько)",
]);

/**
 * Q1 as a confirmation of a value the reply proposes for the missing argument: "Five minutes OK?", "Is 10 minutes
 * enough?", «Пять минут подойдёт?», «10 минут хватит?». The amount is the assistant's guess; the question asks the
 * user to settle it.
 */
const CONFIRMS_AMOUNT = new RegExp(
  `^${LEAD}(?:(?:is|are|would|will|does|do) )?(?:\\d+(?:[.,]\\d+)?\\s*|(?:a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|half an?)\\s+)\\p{L}+(?: \\p{L}+)? (?:be )?(?:ok|okay|fine|alright|all right|good|enough|right|work|do|sound (?:good|right|ok))$|^${LEAD}(?:\\d+(?:[.,]\\d+)?\\s*|(?:одн\\p{L}*|две|два|три|четыре|пять|десять|пятнадцать|двадцать|тридцать|полчаса|час|минут\\p{L}*)\\s+)(?:\\p{L}+ )?(?:вам |вас |тебе |тебя )?(?:подойд[её]т|устроит|годится|нормально|пойд[её]т|ок|окей|хватит|достаточно|норм)$`,
  "u",
);

export function confirmsAmount(unit: Asking): boolean {
  return unit.asks && CONFIRMS_AMOUNT.test(unit.text);
}

/**
 * Q1 with the question word at the end, the echo form of chat: «Там — это где?», "The weather where, exactly?", "A
 * timer for how long?". Only in a unit that asks; "who" is left out, since "Lettuce who?" is a knock-knock joke's.
 */
const WH_AT_END =
  /(?:^|\s)(?:это )?(?:where|when|which|what|how long|how many|how much|где|куда|когда|сколько|какой|какая|какое|какие|какую|на сколько)(?:,? (?:именно|exactly|then|again|тогда))?$/u;

/**
 * An imperative of telling someone else what the reply has said («Так ребёнку и скажите», "Tell your kid exactly
 * that"): the user is to pass the content on; nothing is asked of the user for the task.
 */
const TELLS_SOMEONE_ELSE =
  /(?:^|\s)(?:(?:скаж|расскаж|объясн)\p{L}* (?:\p{L}+ )?(?:ему|ей|им|ребенку|детям|сыну|дочке|дочери|другу|подруге|коллеге|маме|папе)|(?:ему|ей|им|ребенку|детям|сыну|дочке|дочери|другу|подруге|коллеге|маме|папе) (?:\p{L}+ )?(?:и )?(?:скаж|расскаж|объясн)\p{L}*|(?:tell|explain (?:it|this|that) to) (?:him|her|them|your (?:kid|child|son|daughter|friend|boss|team|colleague)s?))(?![\p{L}])/u;

/** Whether a unit asks for something the task lacks, and in which form; undefined when it does not. */
/** A question that ends with its question word («Там — это где?»): a request before it could be read as an offer. */
export function asksWithWordAtEnd(unit: Asking): boolean {
  return unit.asks && WH_AT_END.test(unit.text) && !RHETORICAL.test(unit.text);
}

export function requestForm(unit: Asking): RequestForm | undefined {
  const text = unit.text;
  if (RHETORICAL.test(text) || SAY_QUOTED.test(text) || TELLS_SOMEONE_ELSE.test(text)) return undefined;
  if (unit.asks && WH_AT_END.test(text)) return "question";
  if (confirmsAmount(unit)) return "question";
  if (IMPERATIVE.test(text) || coordinatedImperative(text))
    return actsElsewhere(text) ? undefined : "imperative";
  if (POLITE.test(text)) {
    // "You can pick seats on ba.com" tells the user where to do it; "Could you pick a city?" asks.
    if (!unit.asks && actsElsewhere(text)) return undefined;
    return unit.asks ? "question" : "imperative";
  }
  if (CONDITIONAL.test(text)) return "conditional";
  if ((NEED.test(text) || NEED_START.test(text)) && !NEGATED_NEED.test(text)) return "need";
  if (!unit.inQuestion && FREE_RELATIVE.test(text)) return undefined;
  // A question word opening a unfinished or questioning sentence asks even without "?" ("Which city — Paris…?").
  const asksOn = unit.intro && !unit.closesLine;
  const questioning = unit.asks || ((unit.inQuestion || unit.open || asksOn) && WH_START.test(text));
  if (questioning && isQuestionToUser(text)) return "question";
  if (unit.inQuestion && IN_SITU.test(text)) return "question";
  return undefined;
}

/** A request put to the user in person: an imperative, a need, a condition, or a question that names "you". */
export function isAddressed(unit: Asking): boolean {
  const form = requestForm(unit);
  if (form === undefined) return false;
  const text = unit.text;
  if (form !== "question" || POLITE.test(text) || ADDRESSED.test(text) || DELIBERATIVE.test(text))
    return true;
  // A fragment names the missing thing ("For which city?", «На сколько минут?»); a full question about the world
  // ("Which planet is closest to the Sun?") may be the user's own, echoed before its answer.
  if (offersChoice(text)) return true;
  const words = wordsOf(text).length;
  if (RU_WH.test(text)) return words <= 3 || RU_INFINITIVE.test(text);
  return words <= 5 && !EN_FINITE.test(text);
}

/** Russian deliberates with an infinitive: «Какой город проверить?», «На сколько поставить таймер?». */
const RU_INFINITIVE = /(?<![\p{L}])\p{L}{2,}(?:ть|ти|чь)(?:ся)?(?![\p{L}])/u;

const RU_WH = new RegExp(
  `^${LEAD}(?:(?:на|в|во|для|из|с|со|по|о|об|к|от|до|за) )?(?:${WH_RU})(?![\\p{L}])`,
  "u",
);
const EN_FINITE = anywhere([
  "is|are|was|were|am|be|been|do|does|did|has|have|had|can|could|will|would|should|shall|may|might|must|'s|'re|'ve|'d|'ll|makes?|causes?|happens?|works?",
  // Contracted onto the question word: "What's the capital of France?".
  "\\p{L}+'(?:s|re|ve|d|ll)",
]);

/**
 * A question of at most three words with no question word and no verb ("Target currency?", "Duration?", «Город?»):
 * a form's field put as a question, or a quiz's subject ("Capital of France?"); its neighbours tell which.
 */
export function isBareNounQuestion(unit: Asking): boolean {
  const text = unit.text;
  return (
    unit.asks &&
    wordsOf(text).length <= 3 &&
    !WH_START.test(text) &&
    !EN_FINITE.test(text) &&
    !RU_COPULA.test(text)
  );
}

const RU_COPULA = anywhere(["есть|будет|было|будут"]);

/** Yes/no questions ("Do you have a city in mind?"): no question word, no choice, not a polite imperative. */
export function isYesNoQuestion(text: string): boolean {
  return !WH_START.test(text) && !offersChoice(text) && !POLITE.test(text);
}
