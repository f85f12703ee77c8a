/**
 * Phrase grammars for the metamorphic suites (issue 25, item 2), written for the suites and not taken from the
 * classifier's cue lists: each grammar composes replies the way chat models phrase them, in English and Russian, and
 * each relation says what grading every composed reply must give. fast-check draws from them, seeded.
 */
import fc from "fast-check";

export type Lang = "en" | "ru";

const pick = (...options: string[]) => fc.constantFrom(...options);
const join = (...parts: fc.Arbitrary<string>[]) =>
  fc.tuple(...parts).map((texts) =>
    texts
      .join("")
      .replace(/\s+([,.!?])/g, "$1")
      .replace(/ {2,}/g, " ")
      .trim(),
  );

// ── Relation 1: a correct answer stays an answer under any greeting/hedge prefix and offer/small-talk suffix ──

/** Answer cores with the word the case requires (the case's `answer_contains_all`). */
export const ANSWER_CORES: Record<Lang, { required: string; cores: string[] }[]> = {
  en: [
    {
      required: "Lima",
      cores: [
        "The capital of Peru is Lima.",
        "Lima.",
        "That would be Lima, on the Pacific coast.",
        "**Lima** is Peru's capital and its largest city.",
        "Peru's capital? Lima.",
        "It's Lima — founded by Pizarro in 1535.",
      ],
    },
    {
      required: "144",
      cores: ["12 × 12 = 144.", "Twelve twelves make 144.", "144 — twelve squared.", "The product is 144."],
    },
    {
      required: "Mercury",
      cores: [
        "Mercury is the closest planet to the Sun.",
        "Mercury, at about 58 million km.",
        "The innermost planet is Mercury.",
      ],
    },
  ],
  ru: [
    {
      required: "Лима",
      cores: [
        "Столица Перу — Лима.",
        "Лима.",
        "Это Лима, она стоит на берегу Тихого океана.",
        "**Лима** — столица Перу.",
      ],
    },
    {
      required: "144",
      cores: ["12 × 12 = 144.", "Получается 144.", "Будет 144 — это двенадцать в квадрате."],
    },
    {
      required: "Меркурий",
      cores: ["Ближе всех к Солнцу Меркурий.", "Это Меркурий.", "Меркурий — самая близкая к Солнцу планета."],
    },
  ],
};

const ANSWER_PREFIXES: Record<Lang, string[]> = {
  en: [
    "",
    "Sure! ",
    "Good question. ",
    "Happy to help! ",
    "Hi there! ",
    "Of course. ",
    "Ah, a classic! ",
    "Hmm, ",
    "No problem. ",
    "Great question — ",
    "Easy one: ",
    "As far as I know, ",
    "If I remember right, ",
  ],
  ru: [
    "",
    "Конечно! ",
    "Хороший вопрос. ",
    "Привет! ",
    "С удовольствием. ",
    "Легко: ",
    "Отличный вопрос! ",
    "Насколько я знаю, ",
    "Если я правильно помню, ",
    "Здравствуйте! ",
  ],
};

const ANSWER_SUFFIXES: Record<Lang, string[]> = {
  en: [
    "",
    " Want another one?",
    " Anything else?",
    " Let me know if you need more.",
    " Hope this helps!",
    " Would you like a fun fact about it?",
    " Shall I explain why?",
    " 😊",
    " Need anything else?",
    " Happy to go deeper if you like.",
    " Curious about another one?",
    " Enjoy!",
    "\n\nIs there anything more you'd like to know?",
    " Want me to quiz you on more of these?",
    " If you need another one — just say.",
    " 😊 Want another one?",
    " If you'd like a different example, tell me.",
    " If you want more of these, let me know which.",
  ],
  ru: [
    "",
    " Что-нибудь ещё?",
    " Могу ещё чем-то помочь?",
    " Хотите узнать больше?",
    " Рассказать подробнее?",
    " Обращайтесь!",
    " Надеюсь, помог.",
    " Если нужно — спрашивайте.",
    " 🙂",
    "\n\nЕсть ещё вопросы?",
    " Хочешь ещё один пример?",
    " Если нужен другой пример — скажите.",
    " 🙂 Хотите ещё пример?",
    " Если нужны ещё варианты, напишите.",
    " Если интересует другой вопрос — пишите.",
  ],
};

/** A correct answer with a prefix and a suffix, and the word its case requires. */
export function answerWithCourtesy(lang: Lang): fc.Arbitrary<{ reply: string; required: string }> {
  return fc.constantFrom(...ANSWER_CORES[lang]).chain(({ required, cores }) =>
    join(pick(...ANSWER_PREFIXES[lang]), pick(...cores), pick(...ANSWER_SUFFIXES[lang])).map((reply) => ({
      reply,
      required,
    })),
  );
}

// ── Relation 2: every refusal family is a refusal ──

const TASKS_EN = [
  ["order food for you", "Ordering food"],
  ["book that flight", "Booking flights"],
  ["switch your lights on", "Controlling smart lights"],
  ["send that email", "Sending emails"],
  ["move money between your accounts", "Bank transfers"],
  ["play music here", "Playing music"],
  ["call you a taxi", "Calling a taxi"],
] as const;
const TASKS_RU = [
  ["заказать еду", "Заказ еды"],
  ["забронировать билет", "Бронирование билетов"],
  ["включить свет", "Управление освещением"],
  ["отправить письмо", "Отправка писем"],
  ["перевести деньги", "Переводы денег"],
  ["вызвать такси", "Вызов такси"],
] as const;

export type RefusalFamily =
  | "negated"
  | "negation-free"
  | "capabilities"
  | "alternative"
  | "general-information"
  | "tool-absent"
  | "conditional-offer"
  | "deflection"
  | "unknowable"
  | "alternative-by-place"
  | "compound-means";

const refusalEn: Record<RefusalFamily, fc.Arbitrary<string>> = {
  negated: fc
    .tuple(
      pick("", "Sorry, ", "Unfortunately, ", "I'm afraid ", "Apologies — "),
      pick("I can't", "I cannot", "I'm unable to", "I'm not able to", "I have no way to"),
      fc.constantFrom(...TASKS_EN),
    )
    .map(([lead, cannot, [task]]) => `${lead}${cannot} ${task}.`),
  "negation-free": fc
    .tuple(
      fc.constantFrom(...TASKS_EN),
      pick(
        "is outside what my tools cover",
        "is beyond what I can do here",
        "falls outside my toolkit",
        "is out of my reach, sadly",
        "lies beyond the scope of this assistant",
        "is not within my current capabilities",
        "is not possible from here, sorry",
      ),
    )
    .map(([[, noun], limit]) => `${noun} ${limit}.`),
  capabilities: fc
    .tuple(
      pick("I only have", "All I have here is", "My tools cover", "The tools available to me are"),
      pick(
        "a calculator, a translator and a note pad",
        "weather, time and unit conversion",
        "calculations, timers and notes",
      ),
      pick("", " — nothing for that.", ", so that one is not possible.", ". Nothing else."),
    )
    .map(([lead, list, tail]) => `${lead} ${list}${tail === "" ? "." : tail}`),
  alternative: fc
    .tuple(
      pick("I can't", "I'm unable to", "Sorry, I can't"),
      fc.constantFrom(...TASKS_EN),
      pick(
        ", but you could use the provider's app.",
        " — try your phone's assistant instead.",
        ". You might call them directly.",
        ", but I can help you write down what to ask for.",
      ),
    )
    .map(([cannot, [task], alternative]) => `${cannot} ${task}${alternative}`),
  "general-information": fc
    .tuple(
      pick("I can't see live", "I don't have access to live", "I'm unable to check current"),
      fc.constantFrom(
        [" weather", ", but Oslo is usually cold and wet this time of year."],
        [" exchange rates", ", but the euro has recently been worth around 160 yen."],
        [" train times", ", but the last trains usually leave before midnight."],
      ),
    )
    .map(([lead, [what, info]]) => `${lead}${what}${info}`),
  // The tool named absent or the task named outside, with no "can't": a verbless line, a named tool, a field.
  "tool-absent": fc
    .tuple(
      fc.constantFrom(...TASKS_EN),
      pick(
        "No {tool} tool available to me here, sorry.",
        "There's no {tool} tool in this chat.",
        "{Task} isn't something I'm able to do from here.",
        "{Task} falls outside the tools available to me.",
        "{Task} lies outside my toolkit, I'm afraid.",
      ),
      pick("", " Sorry about that!", " 🙏"),
    )
    .map(
      ([[task, noun], line, tail]) =>
        `${line.replace("{Task}", noun).replace("{tool}", toolNameOf(task))}${tail}`,
    ),
  // A refusal, then other help on a condition: not a question about the task.
  "conditional-offer": fc
    .tuple(
      pick("I can't", "I'm unable to", "Without the right tool I can't", "Without a booking tool I can't"),
      fc.constantFrom(...TASKS_EN),
      pick(
        " If you tell me your city, I can list places that do it.",
        " If you share the details, I'll draft a message you can send yourself.",
        " If you give me the name, I can find their phone number for you.",
      ),
    )
    .map(([cannot, [task], offer]) => `${cannot} ${task}, sorry.${offer}`),
  // Sending the user elsewhere, or declining to say, with no answer.
  deflection: fc
    .tuple(
      pick("", "Hmm. ", "Good question! "),
      pick(
        "You could check the official website for that.",
        "Try looking it up in a search engine.",
        "You might want to ask a local travel agent.",
        "I'll pass on this one.",
        "I'd better not guess here.",
      ),
    )
    .map(([lead, line]) => `${lead}${line}`),
  // What the assistant cannot know, or finds too hard to say, given as the whole reply.
  unknowable: fc
    .tuple(
      pick("Sorry, ", "Unfortunately ", ""),
      pick(
        "I don't know where you are right now.",
        "I can't tell where your friend is at the moment.",
        "it's hard to say what the price will be tomorrow.",
        "it's impossible to predict that exactly.",
      ),
    )
    .map(([lead, line]) => `${lead}${line}`.replace(/^(\p{Ll})/u, (c) => c.toUpperCase())),
  // A refusal, then what the user can do elsewhere, with a verb of supplying (C-alt by place, not a request).
  "alternative-by-place": fc
    .tuple(
      pick("I can't", "I'm unable to", "Sorry, I can't"),
      fc.constantFrom(...TASKS_EN),
      pick("You can pick", "You can choose", "You could select", "You can enter", "Just pick", "Choose"),
      pick("your seat", "the time that suits you", "the details", "it"),
      pick(
        "on ba.com",
        "on the airline's website",
        "in the app under the Bookings tab",
        "at the front desk",
        "directly with the hotel",
        "yourself in their app",
        "under Manage My Booking",
        "at gosuslugi.ru",
      ),
    )
    .map(([cannot, [task], verb, object, place]) => `${cannot} ${task}. ${verb} ${object} ${place}.`),
  // The missing means named with compound or coordinated modifiers.
  "compound-means": fc
    .tuple(
      pick("I don't have", "Unfortunately I don't have", "Sorry, I don't have"),
      pick("a", "any"),
      pick("clock", "real-time", "time-zone", "flight-tracking", "e-mail", "text-to-speech", "live traffic"),
      pick("", " or time-zone", " or booking", " or real-time"),
      pick("tool", "service", "integration", "function"),
      pick("", " available", " here", " in this chat"),
    )
    .map(
      ([lead, article, first, second, means, where]) =>
        `${lead} ${article} ${first}${second} ${means}${where}.`,
    ),
};

/** A snake_case tool name for a task ("order food for you" → order_food), as a reply names a missing tool. */
function toolNameOf(task: string): string {
  return task.split(" ").slice(0, 2).join("_");
}

const refusalRu: Record<RefusalFamily, fc.Arbitrary<string>> = {
  negated: fc
    .tuple(
      pick("", "К сожалению, ", "Извините, но ", "Увы, "),
      pick("я не могу", "я не умею", "у меня не получится", "я не в состоянии"),
      fc.constantFrom(...TASKS_RU),
    )
    .map(([lead, cannot, [task]]) =>
      `${lead}${cannot} ${task}.`.replace(/^(\p{Ll})/u, (c) => c.toUpperCase()),
    ),
  "negation-free": fc
    .tuple(
      fc.constantFrom(...TASKS_RU),
      pick(
        "— вне моих возможностей",
        "выходит за рамки моих возможностей",
        "— это за пределами моих инструментов",
        "— это за гранью моих возможностей",
      ),
    )
    .map(([[, noun], limit]) => `${noun} ${limit}.`),
  capabilities: fc
    .tuple(
      pick("У меня есть только", "Из инструментов у меня только", "Я умею только"),
      pick(
        "калькулятор, переводчик и заметки",
        "погода, время и конвертер единиц",
        "считать и ставить таймеры",
      ),
    )
    .map(([lead, list]) => `${lead} ${list}.`),
  alternative: fc
    .tuple(
      pick("Я не могу", "К сожалению, не могу"),
      fc.constantFrom(...TASKS_RU),
      pick(
        ", но вы можете сделать это в приложении.",
        " — попробуйте голосового помощника на телефоне.",
        ". Зато могу помочь составить текст.",
      ),
    )
    .map(([cannot, [task], alternative]) => `${cannot} ${task}${alternative}`),
  "general-information": fc
    .tuple(
      pick("У меня нет доступа к актуальным", "Я не вижу текущих"),
      fc.constantFrom(
        [" прогнозам", ", но в Осло в это время обычно холодно и сыро."],
        [" курсам", ", но в последнее время евро стоит около 100 рублей."],
      ),
    )
    .map(([lead, [what, info]]) => `${lead}${what}${info}`),
  "tool-absent": fc
    .tuple(
      fc.constantFrom(...TASKS_RU),
      pick(
        "{Task} — не моя зона.",
        "{Task} — это не то, с чем я могу помочь.",
        "{Task} — не моя область, увы.",
        "{Task} — это не то, чем я занимаюсь.",
      ),
      pick("", " Извините!", " 🙏"),
    )
    .map(([[, noun], line, tail]) => `${line.replace("{Task}", noun)}${tail}`),
  "conditional-offer": fc
    .tuple(
      pick("Я не могу", "Без нужного инструмента я не могу", "К сожалению, я не могу"),
      fc.constantFrom(...TASKS_RU),
      pick(
        " Если скажете город, я подскажу, куда обратиться.",
        " Если напишете детали, я составлю текст, который вы отправите сами.",
        " Скажите «Алиса, помоги» — или сделайте это в приложении.",
      ),
    )
    .map(([cannot, [task], offer]) => `${cannot} ${task}.${offer}`),
  deflection: fc
    .tuple(
      pick("", "Хм. ", "Хороший вопрос! "),
      pick(
        "Попробуйте поискать это в интернете.",
        "Лучше уточните на официальном сайте.",
        "Лучше промолчу.",
        "Пожалуй, воздержусь.",
        "Обратитесь в справочную службу.",
      ),
    )
    .map(([lead, line]) => `${lead}${line}`),
  unknowable: fc
    .tuple(
      pick("Извините, ", "К сожалению, ", ""),
      pick(
        "я не знаю, где вы находитесь.",
        "я не вижу, где вы сейчас.",
        "точный курс назвать сложно.",
        "сказать это заранее невозможно.",
      ),
    )
    .map(([lead, line]) => `${lead}${line}`.replace(/^(\p{Ll})/u, (c) => c.toUpperCase())),
  "alternative-by-place": fc
    .tuple(
      pick("Я не могу", "К сожалению, не могу"),
      fc.constantFrom(...TASKS_RU),
      pick(
        "Выбрать место можно на сайте авиакомпании.",
        "Вы можете указать это в личном кабинете.",
        "Выберите время самостоятельно в приложении.",
        "Укажите детали в кассе или на стойке регистрации.",
        "Это можно сделать самостоятельно через приложение банка.",
      ),
    )
    .map(([cannot, [task], place]) => `${cannot} ${task}. ${place}`),
  "compound-means": fc
    .tuple(
      pick("У меня нет", "К сожалению, у меня нет"),
      pick("инструмента", "сервиса", "доступа к сервису"),
      pick(
        "для бронирования",
        "для онлайн-оплаты",
        "для отслеживания рейсов",
        "для работы с часовыми поясами",
      ),
      pick("", " или онлайн-оплаты", " или e-mail-рассылки"),
    )
    .map(([lead, means, purpose, second]) => `${lead} ${means} ${purpose}${second}.`),
};

export const REFUSAL_FAMILIES: readonly RefusalFamily[] = [
  "negated",
  "negation-free",
  "capabilities",
  "alternative",
  "general-information",
  "tool-absent",
  "conditional-offer",
  "deflection",
  "unknowable",
  "alternative-by-place",
  "compound-means",
];

export function refusal(lang: Lang, family: RefusalFamily): fc.Arbitrary<string> {
  return (lang === "en" ? refusalEn : refusalRu)[family];
}

// ── Relation 3: every request family is a question ──

export type RequestFamily =
  | "question"
  | "imperative"
  | "options"
  | "context"
  | "in-place"
  | "after-partial-help"
  | "coordinated"
  | "another-option"
  | "with-call-template";

const QUESTIONS_EN = [
  "Which city are you in?",
  "For which city?",
  "Which city should I check?",
  "Where are you right now?",
  "What city do you have in mind?",
  "Could you tell me the city?",
];
const IMPERATIVES_EN = [
  "Just tell me the city and I'll look it up.",
  "Send me the city name — I'll take it from there.",
  "Please name the city.",
  "Tell me where you are, and I'll pull up the forecast.",
  "Give me a city and I'll check it.",
];
const OPTIONS_EN = [
  "London or Paris?",
  "Do you mean Portland, Oregon or Portland, Maine?",
  "Would you like Berlin, Munich or somewhere else?",
  "Which one — Sydney or Melbourne?",
];
const CONTEXT_EN = [
  "Forecasts differ a lot from place to place.",
  "Each city has its own forecast.",
  "That way I can get it right.",
  "I'll check it as soon as I know.",
];
const QUESTIONS_RU = [
  "Какой город вас интересует?",
  "Для какого города?",
  "Где вы сейчас находитесь?",
  "Какой город проверить?",
  "Не подскажете город?",
];
const IMPERATIVES_RU = [
  "Просто напишите город, и я посмотрю.",
  "Назовите, пожалуйста, город.",
  "Уточните город — и я всё проверю.",
  "Скажи, где ты, и я найду прогноз.",
];
const OPTIONS_RU = [
  "Москва или Петербург?",
  "Вы имеете в виду Ростов или Ростов-на-Дону?",
  "Казань, Самара или другой город?",
];
const CONTEXT_RU = ["В разных городах погода разная.", "Так я смогу ответить точно.", "И я сразу проверю."];

const REQUEST_PREFIXES: Record<Lang, string[]> = {
  en: ["", "Sure! ", "Happy to check. ", "Of course. ", "I can look that up. "],
  ru: ["", "Конечно! ", "С удовольствием. ", "Хорошо. ", "Сейчас посмотрю. "],
};

export const REQUEST_FAMILIES: readonly RequestFamily[] = [
  "question",
  "imperative",
  "options",
  "context",
  "in-place",
  "after-partial-help",
  "coordinated",
  "another-option",
  "with-call-template",
];

/** The question word in place after the verb, options after a dash: "Check it for which city — Rome or Oslo?". */
const IN_PLACE: Record<Lang, [verbs: string[], phrases: string[], endings: string[]]> = {
  en: [
    ["Check the weather", "Get the forecast", "Look it up", "Pull up the weather"],
    ["for which city", "in which town", "for what place", "for which location"],
    [" — London, Paris, somewhere else?", " — Rome or Oslo?", "?", " — yours or another one?"],
  ],
  ru: [
    ["Посмотреть погоду", "Проверить прогноз", "Узнать погоду"],
    ["в каком городе", "для какого города", "на какой город"],
    [" — Москва, Казань, другой?", " — Москва или Казань?", "?"],
  ],
};

/** Some help first (a list, or an introduction on the question's line), then the question. */
const PARTIAL_HELP: Record<Lang, [intros: string[], questions: string[]]> = {
  en: [
    [
      "Here are a few usual picks:\n\n- Rome: sunny\n- Oslo: rain\n\n",
      "Popular ones right now:\n* London\n* Paris\n",
      "Before I look it up: ",
      "One thing first: ",
    ],
    ["Which city do you need?", "Which one is yours?", "where are you, actually?", "which city?"],
  ],
  ru: [
    [
      "Вот несколько популярных:\n\n- Москва\n- Казань\n\n",
      "Часто спрашивают:\n* Сочи\n* Казань\n",
      "Перед тем как проверить: ",
      "Сначала одно: ",
    ],
    ["Какой город нужен вам?", "какой город?", "где вы сейчас?", "Какой из них ваш?"],
  ],
};

/** Two imperatives, the second of supplying: "Look at your ticket and tell me the city.". */
const COORDINATED: Record<Lang, [first: string[], second: string[]]> = {
  en: [
    [
      "Check the address on your booking",
      "Look at your ticket",
      "Open your calendar",
      "Glance at your itinerary",
    ],
    [
      " and tell me the city.",
      " and send me the city name.",
      ", then tell me which city.",
      " and let me know the town.",
    ],
  ],
  ru: [
    ["Посмотрите в бронь", "Загляните в билет", "Откройте календарь"],
    [" и напишите город.", " и скажите, какой город.", ", потом назовите город.", " и укажите город."],
  ],
};

/** A request, then another thing the user may give instead. */
const ANOTHER_OPTION: Record<Lang, string[]> = {
  en: [
    " Or just the country — either works.",
    " Or just a postcode — any is fine.",
    " Or the nearest big city.",
  ],
  ru: [" Или просто страну — подойдёт любое.", " Или хотя бы область.", " Или ближайший крупный город."],
};

/** A call template with a slot where the missing value goes: a mention, whatever its dialect. */
const TEMPLATES = [
  '<tool_call>{"name": "get_weather", "arguments": {"city": "..."}}</tool_call>',
  "TOOL get_weather | city=?",
  "<tool_call>get_weather<arg_key>city</arg_key><arg_value>…</arg_value></tool_call>",
  '`get_weather(city="<your city>")`',
];
const WITH_TEMPLATE: Record<Lang, [before: string[], after: string[]]> = {
  en: [
    ["Tell me the city and I'll send ", "Name the city — then I'll send ", "Once I know the city I'll run "],
    [". Where are you?", ". Which city?", " — which city should it be?"],
  ],
  ru: [
    ["Назовите город — тогда я отправлю ", "Скажите город, и я отправлю ", "Для запроса "],
    [". Где вы сейчас?", ". Какой город?", " не хватает города. Какой город проверить?"],
  ],
};

const pickFrom = (options: readonly string[]) => fc.constantFrom(...options);

export function request(lang: Lang, family: RequestFamily): fc.Arbitrary<string> {
  const en = lang === "en";
  const questions = en ? QUESTIONS_EN : QUESTIONS_RU;
  if (family === "in-place") {
    const [verbs, phrases, endings] = IN_PLACE[lang];
    return join(
      pick(...REQUEST_PREFIXES[lang]),
      pickFrom(verbs),
      pick(" "),
      pickFrom(phrases),
      pickFrom(endings),
    );
  }
  if (family === "after-partial-help") {
    const [intros, asks] = PARTIAL_HELP[lang];
    return join(pickFrom(intros), pickFrom(asks));
  }
  if (family === "coordinated") {
    const [first, second] = COORDINATED[lang];
    return join(pick(...REQUEST_PREFIXES[lang]), pickFrom(first), pickFrom(second));
  }
  if (family === "another-option")
    return join(pick(...REQUEST_PREFIXES[lang]), pickFrom(questions), pickFrom(ANOTHER_OPTION[lang]));
  if (family === "with-call-template") {
    const [before, after] = WITH_TEMPLATE[lang];
    return join(pickFrom(before), pickFrom(TEMPLATES), pickFrom(after));
  }
  const body: fc.Arbitrary<string> =
    family === "question"
      ? pick(...questions)
      : family === "imperative"
        ? pick(...(en ? IMPERATIVES_EN : IMPERATIVES_RU))
        : family === "options"
          ? pick(...(en ? OPTIONS_EN : OPTIONS_RU))
          : join(
              pick(...questions, ...(en ? IMPERATIVES_EN : IMPERATIVES_RU)),
              pick(" "),
              pick(...(en ? CONTEXT_EN : CONTEXT_RU)),
            );
  return join(pick(...REQUEST_PREFIXES[lang]), body);
}

// ── Relation 4: a quoted or translated question inside an answer leaves it an answer ──

const TRANSLATIONS = [
  { required: "Bahnhof", text: "Wo ist der Bahnhof?" },
  { required: "Bahnhof", text: "Entschuldigung, wie komme ich zum Bahnhof?" },
  { required: "gare", text: "Où est la gare ?" },
  { required: "gare", text: "Pouvez-vous m'indiquer la gare ?" },
  { required: "estación", text: "¿Dónde está la estación?" },
  { required: "stazione", text: "Dov'è la stazione?" },
  { required: "estação", text: "Onde fica a estação?" },
];

const QUOTING_EN = [
  (q: string) => q,
  (q: string) => `In German: „${q}“`,
  (q: string) => `Here's the translation:\n\n${q}`,
  (q: string) => `That's "${q}"`,
  (q: string) => `It translates as "${q}" — handy at any station.`,
  (q: string) => `Sure! You'd say: ${q}`,
  (q: string) => `> ${q}`,
  (q: string) => `**${q}**\n\nWant the pronunciation too?`,
];
const QUOTING_RU = [
  (q: string) => q,
  (q: string) => `По-немецки это будет: «${q}»`,
  (q: string) => `Вот перевод:\n\n${q}`,
  (q: string) => `Перевод: «${q}». Могу ещё что-нибудь перевести?`,
  (q: string) => `Скажите так: ${q}`,
];

const JOKES = [
  "Why don't scientists trust atoms? Because they make up everything.",
  "Knock, knock. Who's there? Lettuce. Lettuce who? Lettuce in, it's cold out here!",
  "Why did the scarecrow get promoted? He was outstanding in his field.",
  "Что говорит ноль восьмёрке? — Классный пояс!",
  "Почему математик плохо спит? Потому что считает овец до бесконечности.",
  "What do you call a fish without eyes? A fsh.",
  'A man asks his doctor, "Will I be able to play the violin after the operation?" "Of course!" "Great — I never could before."',
  "Почему программисты путают Хэллоуин и Рождество? Потому что 31 OCT = 25 DEC.",
  "Here's one:\n\nWhat has keys but can't open locks?\n\nA piano! 🎹",
];

/** A reply whose content is a question: a requested translation, or a joke whose setup or punchline asks. */
export function quotedQuestion(lang: Lang): fc.Arbitrary<{ reply: string; required: string | undefined }> {
  const frames = lang === "en" ? QUOTING_EN : QUOTING_RU;
  const translation = fc
    .tuple(
      fc.constantFrom(...TRANSLATIONS),
      fc.constantFrom(...frames),
      fc.constantFrom(...ANSWER_PREFIXES[lang].slice(0, 6)),
      fc.constantFrom(...ANSWER_SUFFIXES[lang]),
    )
    .map(([{ required, text }, frame, prefix, suffix]) => ({
      reply: `${prefix}${frame(text)}${suffix}`,
      required,
    }));
  const jokes = JOKES.filter((joke) => /[а-я]/i.test(joke) === (lang === "ru"));
  const joke = fc
    .tuple(fc.constantFrom(...jokes), fc.constantFrom(...ANSWER_SUFFIXES[lang]))
    .map(([reply, suffix]) => ({ reply: `${reply}${suffix}`, required: undefined }));
  return fc.oneof(translation, joke);
}

// ── Relation 5: a call shape in a prose frame is neither a call nor an attempt; standing as the reply it is a call ──

export type Dialect =
  | "json"
  | "json-list"
  | "hermes"
  | "qwen-xml"
  | "plain"
  | "pythonic"
  | "glm"
  | "harmony"
  | "invoke";

export const DIALECTS: readonly Dialect[] = [
  "json",
  "json-list",
  "hermes",
  "qwen-xml",
  "plain",
  "pythonic",
  "glm",
  "harmony",
  "invoke",
];

/** The call `get_weather(city=CITY)` in a dialect. */
export function shape(dialect: Dialect, city: string): string {
  const args = JSON.stringify({ city });
  switch (dialect) {
    case "json":
      return JSON.stringify({ name: "get_weather", arguments: { city } });
    case "json-list":
      return JSON.stringify([{ name: "get_weather", arguments: { city } }]);
    case "hermes":
      return `<tool_call>${JSON.stringify({ name: "get_weather", arguments: { city } })}</tool_call>`;
    case "qwen-xml":
      return `<tool_call><function=get_weather><parameter=city>${city}</parameter></function></tool_call>`;
    case "plain":
      return `TOOL get_weather | city=${city}`;
    case "pythonic":
      return `get_weather(city="${city}")`;
    case "glm":
      return `<tool_call>get_weather<arg_key>city</arg_key><arg_value>${city}</arg_value></tool_call>`;
    case "harmony":
      return `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>${args}<|call|>`;
    case "invoke":
      return `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">${city}</parameter>\n</invoke>\n</function_calls>`;
  }
}

export type Frame = "mid-sentence" | "inline-code" | "example-line" | "after-a-call" | "native-content";
export const FRAMES: readonly Frame[] = [
  "mid-sentence",
  "inline-code",
  "example-line",
  "after-a-call",
  "native-content",
];

const MID_EN = [
  (s: string) => `I would write ${s} with the city filled in, but I won't send it.`,
  (s: string) => `Something like ${s} would do it — but no call is needed here.`,
  (s: string) => `You'd normally see ${s}, yet I'm answering from memory instead.`,
];
const MID_RU = [
  (s: string) => `Я бы написал ${s}, но отправлять не буду.`,
  (s: string) => `Обычно это выглядит как ${s}, но сейчас вызов не нужен.`,
];
const EXAMPLE_EN = [
  (s: string) => `The call would look like this:\n\n${s}\n\nBut I won't run it, since you only asked how.`,
  (s: string) => `For example:\n${s}\nThat's just the format — I'm not sending it.`,
];
const EXAMPLE_RU = [
  (s: string) => `Например, вызов выглядел бы так:\n\n${s}\n\nНо запускать его я не буду.`,
  (s: string) => `Пример:\n${s}\nЭто только формат, вызывать не стану.`,
];
const COMMENT_EN = [
  (s: string) => `(For reference, that was ${s} in another format.)`,
  (s: string) => `I used ${s} for this, so the forecast will follow.`,
];
const COMMENT_RU = [
  (s: string) => `(Для справки: это ${s} в другом формате.)`,
  (s: string) => `Запрос ${s} отправлен.`,
];

/** A prose frame around a shape. `real` is a real call to stand before the commentary frame. */
export function framed(lang: Lang, frame: Frame, mention: string, real: string): fc.Arbitrary<string> {
  const en = lang === "en";
  switch (frame) {
    case "mid-sentence":
    case "native-content":
      return fc.constantFrom(...(en ? MID_EN : MID_RU)).map((f) => f(mention));
    case "inline-code":
      return fc.constantFrom(...(en ? MID_EN : MID_RU)).map((f) => f(`\`${mention}\``));
    case "example-line":
      return fc.constantFrom(...(en ? EXAMPLE_EN : EXAMPLE_RU)).map((f) => f(mention));
    case "after-a-call":
      return fc.constantFrom(...(en ? COMMENT_EN : COMMENT_RU)).map((f) => `${real}\n\n${f(mention)}`);
  }
}

export const CITIES = ["Rome", "Oslo", "Lisbon", "Kyoto", "Quito", "Берлин", "Казань"];

/** How many distinct replies a grammar can compose (its combination space), for the README's suite sizes. */
export function combinations(...lists: readonly unknown[][]): number {
  return lists.reduce((product, list) => product * list.length, 1);
}
