/**
 * The content role (docs/reply-roles.md, role C) and what qualifies it: an answer, an explanation, or an alternative
 * the assistant suggests instead (C-alt: "You could call the restaurant", «Попробуйте приложение доставки»); support
 * that explains a request (options, examples, promises, reasons: "For example, EUR or USD", "Once you tell me, I'll
 * set it", «Например, 10 минут»); and an introduction that presents quoted material ("Here's the translation:").
 */
import { anywhere, atStart, LEAD, wordsOf } from "./cues.js";

const ALTERNATIVE = atStart([
  "instead",
  "alternatively",
  // Contracted forms are spelt out: "you'd need to" is one word to the cues, so a space before "'d" never matched.
  "you(?: can| could| might| may| should| would| will| need to| have to|'ll need to|'d need to|'ll have to|'d have to|'ll want to|'d want to|'d better| may want to| might want to| could always| can always)",
  "try",
  "consider",
  "i(?:'d| would)? (?:recommend|suggest)",
  "i (?:can (?:help|instead|suggest|draft|write|give|tell|explain|offer|show|recommend|walk|provide|share|prepare|make|create|compose|outline|describe|list)|could (?:help|draft|write|give|suggest|show|walk|instead|provide|share|prepare|make|create|compose|outline|describe|list))",
  "(?:a|one|another) (?:good |better |simple |quick |easy )?(?:option|alternative|way|idea|approach) (?:is|would be|might be)",
  "your best bet",
  "the (?:easiest|best|quickest|simplest|fastest) (?:way|option|thing|bet)",
  "(?:check|use|call|contact|visit|open|ask|download|install|look up|search|google|book|order) (?:a|an|your|the|it|them|with|online|through|via|on)",
  "(?:вы|ты) (?:можете|могли бы|можешь|мог бы|сможете|сможешь)",
  "можно",
  "можете",
  "можешь",
  "попробуйте",
  "попробуй",
  "рекомендую",
  "советую",
  "предлагаю",
  "лучше(?: всего)?",
  // The most convenient way recommended: «Удобнее всего через приложение», «Проще всего позвонить».
  "(?:удобнее|проще|быстрее|надёжнее|надежнее) всего",
  "воспользуйтесь",
  "воспользуйся",
  "обратитесь",
  "обратись",
  "позвоните",
  "позвони",
  "зайдите",
  "зайди",
  "откройте",
  "открой",
  "проверьте",
  "проверь",
  "вместо этого",
  "(?:я )?(?:могу|мог бы|могла бы|могу лишь|могу только) (?:помочь|подсказать|составить|написать|рассказать|предложить|объяснить|подготовить|набросать|сделать|дать)",
]);
const INSTEAD = anywhere([
  "instead",
  "вместо этого",
  "взамен",
  // A means recommended as the way: "A web search is the way to go here", "your best bet".
  "(?:is|'s|would be) (?:the|your) (?:way to go|best bet|best option|safest bet|way forward)",
]);

/** C-alt: the unit suggests another way (what the user could do, or other help the assistant offers). */
export function isAlternative(text: string): boolean {
  if (ALTERNATIVE.test(text) || INSTEAD.test(text) || sendsElsewhere(text)) return true;
  // A purpose before the recommendation: «Для точного результата лучше воспользоваться калькулятором».
  if (!PURPOSE_LEAD.test(text)) return false;
  // The purpose is one to three words long: each cut is tried (three at most, so this stays linear).
  const words = text.split(" ");
  for (let n = 2; n <= 4 && n < words.length; n++)
    if (ALTERNATIVE.test(words.slice(n).join(" ").replace(/^,\s*/u, ""))) return true;
  return false;
}

/** "For an exact figure, …", «Для точного результата …»: a purpose of a few words before what the unit says. */
const PURPOSE_LEAD = /^(?:для|for) /u;

/**
 * A place other than this conversation: a site or a domain, an app or an account, a desk or an office, someone to deal
 * with directly, or the user acting alone. Where an action happens, not its verb, says it is not asked of the assistant.
 */
const ELSEWHERE = anywhere([
  "(?:on|in|at|via|through|from|using) (?:the |their |an |a |your |its )?(?:[\\p{L}-]+(?:'s|’s) )?(?:official |own |mobile |online |web )?(?:[\\p{L}-]+ )?(?:website|site|app|application|portal|account|internet|web|search engine|help ?desk|hotline|front desk|counter|desk|office|branch|kiosk|store|shop|box office|booking page|settings|dashboard)",
  "online",
  // A domain name: "on ba.com", "at gosuslugi.ru".
  "(?:on|at|via|through|from) [\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:com|org|net|io|gov|edu|info|ru|рф|uk|de|fr|es|it|eu|co)",
  // A menu or section of an app: "under the Bookings tab", "in Settings › Privacy" (units are folded to lower case).
  "(?:under|in) (?:the |your |my )?(?:[\\p{L}-]+ ){1,3}(?:tab|menu|section|page|screen)",
  "under (?:manage|my|account|profile|settings|bookings|trips|orders)(?![\\p{L}])",
  "directly (?:with|through|from|on|at|via)",
  "(?:by )?yourself",
  "on your own",
  "(?:на|в|во|через) (?:\\p{L}+ )?(?:сайте|интернете|поиске|поисковике|приложении|справочной|справочном|личном кабинете|кабинете|кассе|офисе|отделении|банкомате|терминале|настройках)",
  // "Through" takes the accusative: «через приложение банка», «через личный кабинет», «через кассу»; the app may be
  // named first («через Яндекс Go или приложение такси»).
  "через (?:[\\p{L}\\p{N}-]+ ){0,2}(?:сайт|приложение|интернет|поиск|поисковик|личный кабинет|кабинет|кассу|офис|отделение|банкомат|терминал|банк|госуслуги|портал)",
  "на стойке",
  "самостоятельно",
  "(?:вы |ты )?сами(?![\\p{L}])",
  // (2.11.0) By the user's own hand: «отправьте письмо вручную», "send it manually".
  "вручную",
  "manually",
  "by hand",
]);
/** An imperative opening the unit: Russian by its ending, English by the verbs of looking and asking. */
const IMPERATIVE_OPENING = new RegExp(
  `^${LEAD}(?:\\p{L}+(?:ите|йте|ьте)|check|look|search|see|find|ask|verify|confirm|clarify|visit|google)(?![\\p{L}])`,
  "u",
);

/**
 * C-alt by place: an imperative that names where to look ("Check it on the official website", «Уточните на
 * официальном сайте») sends the user elsewhere; it asks the assistant nothing, whatever its verb.
 */
export function sendsElsewhere(text: string): boolean {
  return IMPERATIVE_OPENING.test(text) && ELSEWHERE.test(text);
}

/**
 * C-alt by place for any verb: an imperative or a "you can" sentence whose action happens elsewhere ("You can pick
 * seats on ba.com", «Выберите место в личном кабинете») tells the user what to do there; it asks the assistant nothing.
 */
export function actsElsewhere(text: string): boolean {
  return ELSEWHERE.test(text);
}

const SUPPORT = atStart([
  // Options and examples of what to answer.
  "for example",
  "for instance",
  "e\\.g\\.?",
  "such as",
  "like",
  "say",
  "(?:options|choices|examples?|popular (?:choices|options)|common (?:choices|options)|possible (?:values|options)) (?:include|are|could be|might be)",
  "either",
  "it (?:could|can|might) be",
  "you can (?:say|pick|choose|give|use|tell me|just say|type)",
  "any (?:city|currency|language|duration|time|amount|place|country|timezone)",
  "(?:например|к примеру|скажем|допустим|варианты|это может быть|подойдет|можно (?:также |еще |и |просто )?(?:указать|выбрать|написать|назвать|уточнить|добавить))",
  "(?:typical|common|usual|standard|popular|recommended) (?:times|values|options|choices|durations|amounts|ones)",
  "(?:типичн|обычн|стандартн|популярн)\\p{L}* (?:время|значения|варианты)",
  // Promises about what happens once the user answers.
  "(?:once|after|as soon as|when) (?:you|i (?:have|get|know))",
  "then (?:i|i'll|i will|i can)",
  "that way",
  "so (?:that )?i (?:can|could|know)",
  "i(?:'ll| will)",
  "i (?:can|could)(?: then| quickly| immediately| right away| gladly| happily)? (?:set|check|convert|translate|save|look|get|find|fetch|calculate|start|do|give|tell|pull|run|make|create|take|handle|work|help|show|provide|add|note|write|figure|send|be able|start)",
  // Russian promises: a first-person future ("и я запущу таймер", «тогда пересчитаю в евро»).
  "(?:как только|после (?:этого|того)|тогда|и|а)? ?(?:я )?(?:\\p{L}+ ){0,2}(?:\\p{L}+(?:у|ю)|смогу|скажу|подскажу)",
]);
/** Why the request is made: the answer depends on what is missing. */
const REASON = anywhere([
  "depends? on",
  "depending on",
  "var(?:y|ies)",
  "differs?",
  "different",
  "each (?:city|country|zone|place|currency|language|region)",
  "to (?:be sure|make sure|give you (?:an? )?(?:accurate|exact|correct|right)|get (?:it|this|that) right)",
  "in order to",
  "because i need",
  "since i need",
  "otherwise",
  "(?:this|that|it) (?:will|would|'ll|'d) help",
  "to help me",
  "(?:a variety|a range|a number|lots) of",
  "various",
  "several",
  "multiple",
  "many (?:different )?(?:options|kinds|types|places|cities)",
  "(?:we|i) (?:have|offer|support) (?:options|several|many|a few)",
  "это поможет",
  "так я (?:смогу|пойму)",
  "несколько",
  "множество",
  "зависит от",
  "в (?:разных|каждом|каждой)",
  "разн(?:ые|ое|ая|ых|ый)",
  "чтобы (?:я |точно |правильно |не )?(?:мог|смог|знал|понимал|поставить|проверить|перевести|сохранить|посчитать|подсказать|ошибиться|дать)",
  "иначе",
]);

/**
 * What will do for an answer: "Let me know the location — a city name is enough", «Достаточно названия города»: it
 * tells the user how little the request needs.
 */
const SUFFICES = anywhere([
  "(?:is|are|would be|will be|'s|'d be|should be) (?:enough|fine|sufficient|plenty|ok|okay|all i need)",
  "(?:will|would|'ll|'d) do",
  "(?:either|any|both)(?: one)? (?:works|is fine|will do)",
  "достаточно",
  "хватит",
  "подойд[её]т",
  "сойд[её]т",
]);

/** An example anywhere in the unit: "…, e.g. 9 minutes", «…, например, «Покупки»». */
const EXAMPLE = anywhere(["for example", "for instance", "e\\.g\\.?", "например", "к примеру"]);

/**
 * Where to find the value, for a user who does not know it: "Check the package if you're unsure", «Если не уверены,
 * посмотрите на упаковке». The condition names the user's not knowing what was asked, so the sentence serves the
 * request; without a request before it, it is advice (content).
 */
const HINT_FOR_UNSURE = anywhere([
  "if (?:you(?:'re| are) )?(?:unsure|not sure|uncertain)",
  "if you (?:don't|do not|can't|cannot) (?:know|remember|recall)",
  "если (?:вы |ты )?не (?:уверен[аы]?|знаете|знаешь|помните|помнишь)",
]);

/** Support for a request: options, examples, promises or reasons. Read as support only right after a request. */
export function isSupport(text: string): boolean {
  return (
    SUPPORT.test(text) ||
    HINT_FOR_UNSURE.test(text) ||
    REASON.test(text) ||
    EXAMPLE.test(text) ||
    SUFFICES.test(text) ||
    isOptionList(text) ||
    isOtherOption(text)
  );
}

/** Another thing the user may give instead: "Or just the city.", «Или просто город». */
function isOtherOption(text: string): boolean {
  return /^(?:or|или|либо)\s/u.test(text) && wordsOf(text).length <= 6;
}

/** A short list of named options with no verb: "EUR, USD or GBP", «минуты или секунды». */
function isOptionList(text: string): boolean {
  // The words are counted last: most units are no list, and the two tests tell it without a copy of each word.
  return (
    /(?:,|\s(?:or|или|and|и)\s)/u.test(text) &&
    !/\s(?:is|are|это|—)\s/u.test(text) &&
    wordsOf(text).length <= 6
  );
}

const PRESENTS = anywhere([
  "here(?:'s| is| are| it is| you go| goes)",
  "there you go",
  "translation",
  "translated",
  "in (?:english|german|french|spanish|italian|russian|japanese|chinese|portuguese|dutch|polish|turkish|arabic|korean)",
  "(?:it|this|that) (?:would be|is|reads|means|translates)",
  "(?:a|the|my|one|quick) (?:joke|haiku|poem|draft|message|email|note|example|answer|version|limerick|riddle|pun|one-liner|summary)",
  "answer",
  "says",
  "asks",
  "said",
  "asked",
  "goes",
  "вот",
  "держи(?:те)?",
  "перевод",
  "переводится",
  "по-(?:английски|немецки|французски|испански|итальянски|русски|японски|китайски)",
  "(?:это|будет|звучит|пишется)",
  "(?:шутка|анекдот|стих|стишок|хокку|хайку|черновик|письмо|сообщение|текст|ответ|пример|вариант)",
  "говорит",
  "спрашивает",
  "сказал",
  "спросил",
]);

/** An introduction ("Here's the German translation:", «Вот перевод:») presents what follows as quoted material. */
export function presentsQuotation(text: string): boolean {
  return PRESENTS.test(text);
}
