/**
 * The offer / small-talk role (docs/reply-roles.md, role O): what a reply says around its substance. An offer of more
 * help ("Want another one?", «Могу ещё чем-то помочь?»), courtesy and greetings ("Sure!", «Конечно!»), follow-ups
 * ("Does that help?") and remarks about not needing a tool ("No TOOL call is needed for that.") ask for nothing the
 * task lacks and refuse nothing: they never decide a reply's behaviour while it has substance.
 */
import { anywhere, atStart, whole, wordsOf } from "./cues.js";

/** A question or statement offering more: the user's wanting, or the assistant doing something further. */
const OFFER = atStart([
  // English: the user's wish or need, the assistant's next step.
  "would you (?:like|care|prefer|want)",
  "do you (?:want|wanna|need|fancy)(?! to (?:tell|give|share|let))",
  "did you want(?! to (?:tell|give))",
  "wanna",
  "want (?:me|another|more|a|an|some|to|the|it|one|any)",
  "need (?:any|anything|more|another|help|further|a hand|me|something)",
  "like (?:me to|another|more)",
  "care for",
  "fancy",
  "interested in",
  "curious (?:about|to|for)",
  "how about",
  "what about (?:another|a|an|more|something|me)",
  "shall i",
  "should i",
  "i can (?:\\p{L}+ ){1,8}for you",
  "i can (?:look|check|find|do|get|handle|pull|take care of|help with) (?:that|it|this|them)(?: up| out)?$",
  "can i (?:help|assist|do|get|offer|tell|show|give|suggest|interest|answer)",
  "may i (?:help|assist|suggest|offer)",
  "is there (?:anything|something|any other)",
  "anything (?:else|more|further)",
  "any (?:other|more|further) (?:questions?|requests?|topics?)",
  "any questions",
  "what else",
  "how else",
  "how can i (?:help|assist)",
  "how may i (?:help|assist)",
  "what (?:can|shall|should) i (?:help|do) (?:you )?(?:with )?next",
  "let me know if",
  "(?:tell|ping) me if you(?:'d| would)? (?:like|want|need)",
  "let me know whether",
  "let me know when you(?:'re| are)? (?:need|want|ready)",
  "feel free to (?:ask|reach|let me know if|come back|follow up|share more|say|tell me if)",
  "(?:just )?ask (?:me )?(?:if|anytime|away|whenever)",
  "if you(?:'d| would)? (?:like|want|need|prefer|wish|ever|'re interested|are interested|'re curious|are curious)",
  "if you have (?:any|more|other|further|another)",
  "if there'?s (?:anything|something)",
  "if (?:that|this) (?:helps|works)",
  "(?:i'?m|i am|i'?d be|i would be) (?:happy|glad|here) to (?:help|explain|assist|tell|share|go|provide|elaborate|do|give|make|write|translate)",
  "i'?m here (?:if|whenever|to help|for)",
  "happy to (?:help|explain|assist|tell|share|go|provide|elaborate|do)",
  "i can also",
  "i could also",
  // The assistant's own step on the user's wish: "I could save a note for you, if that helps?", "I can draft it if you like".
  "i (?:could|can|'d be able to|would be able to) [^,;]{1,80}?,? if (?:that|this|it) (?:helps?|works|would help|is useful|suits you)",
  "i (?:could|can) [^,;]{1,80}?,? if you(?:'d| would)? (?:like|want|wish|prefer)",
  "or i can",
  "i hope",
  "hope (?:this|that|it|you)",
  "enjoy",
  "have (?:a|an) (?:great|good|nice|lovely|wonderful|fun)",
  "good luck",
  "take care",
  "stay (?:dry|warm|safe|cool|curious)",
  // Russian.
  "хотите",
  "хочешь",
  "хотели бы",
  "не хотите",
  "не хочешь",
  "может(?:,| быть,?)? (?:вам|тебе|еще|стоит|рассказать|показать|подсказать|перевести|посчитать|объяснить)",
  "могу (?:ли я )?(?:еще|также|чем|вам|тебе|помочь|рассказать|показать|подсказать|предложить|объяснить|перевести|посчитать|добавить)",
  "чем (?:еще|я еще|я могу|могу)",
  "что-(?:нибудь|то) еще",
  "еще (?:что-нибудь|что-то|вопросы|чем|один|одну|одно|шутк\\p{L}*|анекдот\\p{L}*|пример\\p{L}*)",
  "есть (?:еще )?(?:вопросы|что-то|что-нибудь)",
  "нужн[аоы]? (?:ли )?(?:еще|помощь|что-\\p{L}+|подробн\\p{L}*|пояснен\\p{L}*)",
  "если (?:нужно|надо|хотите|хочешь|понадобится|будут|возникнут|что|вам|тебе|интересно|захотите|захочешь|есть)",
  "обращайтесь",
  "обращайся",
  "спрашивайте",
  "спрашивай",
  "пишите,? если",
  // "Let me know if you need it" in Russian: an imperative of telling whose object is the user's wish is an offer.
  "(?:скажите|скажи|напишите|напиши|сообщите|дайте знать|дай знать),? (?:если|когда) (?:это |вам |вам это |тебе )?(?:нужно|надо|хотите|хочешь|понадобится|захотите|захочешь|будет нужно|нужна|нужен|интересно)",
  "пиши,? если",
  "рад(?:а)? (?:помочь|буду)",
  "буду рад(?:а)?",
  "надеюсь",
  "удачи",
  "хорошего",
  "приятного",
  "рассказать (?:еще|подробнее|больше|про)",
  "показать",
  "подсказать еще",
  "давайте (?:еще|продолжим)",
  "давай (?:еще|продолжим)",
  "интересно (?:узнать|было бы)",
  "а еще",
  // The assistant's own step as a bare infinitive question: «Вызвать его?», «Запустить поиск?», «Посчитать?».
  "(?:вызвать|запустить|посчитать|поискать|проверить|сохранить|поставить|перевести)(?: (?:его|ее|их|это|поиск|расчет|калькулятор|таймер))?$",
]);

/** The object of an offer: more of the same, another one, something else. */
const MORE = anywhere([
  "else",
  "another",
  "more",
  "other",
  "further",
  "next",
  // «ещё раз» is "again": «Можете переслать его ещё раз?» asks for the same thing, not for more.
  "еще(?! раз)",
  "другой",
  "другую",
  "другое",
  "другие",
  "других",
  "дальше",
  "подробнее",
  "больше",
]);

/** Greetings, courtesy and acknowledgements: a unit made of nothing else. */
const SMALL_TALK = whole([
  "sure(?: thing)?",
  "(?:i'?m |i'?d be )?(?:happy|glad) to(?: help)?",
  "with pleasure",
  "с удовольствием",
  "of course",
  "certainly",
  "absolutely",
  "definitely",
  "okay",
  "ok",
  "alright",
  "all right",
  "got it",
  "no problem",
  "no worries",
  "great",
  "good",
  "nice",
  "cool",
  "awesome",
  "perfect",
  "excellent",
  "wonderful",
  "yes",
  "yeah",
  "yep",
  "well",
  "hmm+",
  "oh",
  "ah",
  "so",
  "right",
  "indeed",
  "hi(?: there)?",
  "hello(?: there)?",
  "hey(?: there)?",
  "greetings",
  "good (?:morning|afternoon|evening)",
  "thanks?(?: you)?(?: so much)?(?: for (?:asking|the question|your question))?",
  "cheers",
  "(?:i'?m |i'?d be |i would be )?(?:happy|glad|delighted) to (?:help|check|look|assist|look into (?:it|that)|find out|take a look|do (?:it|that)|check (?:it|that))(?: for you)?",
  "with pleasure",
  "my pleasure",
  "(?:great|good|excellent|fun|interesting|nice|lovely|fair) question",
  "what a (?:great|fun|good|nice|lovely|fair) (?:question|idea)",
  "easy(?: one)?",
  "let me (?:think|see|check|explain|help|work (?:it|this) out|break (?:it|this) down)",
  "let'?s (?:see|do (?:it|this)|go|figure (?:it|this) out|work (?:it|this) out|break (?:it|this) down)",
  "here you go",
  "here it is",
  "here goes",
  "there you go",
  "voila",
  "ta-da",
  "haha",
  "lol",
  "i can help(?: you)?(?: with (?:that|this))?",
  "(?:i'?d|i would) be (?:happy|glad) to help(?: (?:you )?with (?:that|this))?",
  "i'?m (?:happy|glad) to help(?: (?:you )?with (?:that|this))?",
  "(?:sounds|that'?s) (?:good|great|fun)",
  "fair enough",
  "understood",
  "gotcha",
  "no tools? (?:needed|required)",
  "(?:i'?m )?(?:so |very |really |terribly )?sorry",
  "apologies",
  "my apologies",
  "unfortunately",
  "sadly",
  "alas",
  "just to (?:confirm|clarify|check|be sure|make sure|double-check)",
  "(?:one )?(?:quick |small |short )?question",
  "one (?:more )?thing",
  "(?:glad|happy|great) (?:to hear (?:that|it)|(?:she|he|they|you) made it)",
  "yum+",
  "ooh+",
  "(?:long|tough|rough) (?:flights?|days?|trips?) (?:are|is) (?:rough|tough|hard|tiring|the worst)",
  // Follow-ups and rhetorical tags that ask nothing of the task.
  "get it",
  "see",
  "right",
  "isn'?t it",
  "huh",
  "you know",
  "does (?:that|this|it) (?:help|make sense|answer your question)",
  "did (?:that|this|it) help",
  "(?:that|it) (?:make|makes) sense",
  "makes? sense",
  "sound good",
  "how about you",
  "what about you",
  // Russian.
  "конечно",
  "разумеется",
  "безусловно",
  "хорошо",
  "ладно",
  "окей",
  "ок",
  "отлично",
  "прекрасно",
  "замечательно",
  "понял(?:а)?",
  "понятно",
  "ясно",
  "без проблем",
  "с удовольствием",
  "с радостью",
  "спасибо(?: за вопрос)?",
  "привет",
  "здравствуй(?:те)?",
  "добрый (?:день|вечер)",
  "доброе утро",
  "да",
  "итак",
  "так",
  "ну",
  "хм+",
  "ох",
  "ах",
  "(?:хороший|отличный|интересный|классный|прекрасный) вопрос",
  "легко",
  "давай(?:те)? (?:разберемся|посмотрим|посчитаем|подумаем)",
  "сейчас (?:расскажу|посчитаю|объясню|отвечу|подскажу|посмотрю|проверю|узнаю|гляну)",
  "вот",
  "держи(?:те)?",
  "пожалуйста",
  "рад(?:а)? помочь",
  "смотри(?:те)?",
  "готово",
  "правда",
  "понимаете",
  "понимаешь",
  "это помогло",
  "извини(?:те)?",
  "прости(?:те)?",
  "к сожалению",
  "увы",
  "сожалею",
  "(?:один |быстрый |маленький |короткий )?вопрос",
  "уточню",
  "подскажу",
  "помогу",
  "слушай(?:те)?",
]);

/** Remarks that no tool is needed or used: about the protocol, not about the user's task. */
const TOOL_REMARK = anywhere([
  "no (?:tool|function)(?: calls?)? (?:is |are )?(?:needed|required|necessary)",
  "no (?:tool|function) calls?",
  "no need (?:for|to (?:use|call|run|search|look))",
  "(?:don'?t|do not|doesn'?t|does not|won'?t|will not|didn'?t|did not) (?:need|require) (?:to (?:use|call|run|search|look) )?(?:a |an |any |the |my )?(?:tools?|calculator|search|lookup|functions?|calls?|web|internet|translator|translation tool|timer)",
  "without (?:using |calling |needing |any )?(?:a |an |any |the |my )?(?:tools?|calculator|search|lookup|functions?|web|internet|translator|looking (?:it )?up)",
  "instead of (?:using|calling|running)",
  "(?:i'?ll|i will|i can|let me) answer (?:this |that |it )?(?:directly|from memory|myself|without|in my head|off the top)",
  "(?:answering|straight) from memory",
  "from memory",
  "in my head",
  "(?:i )?(?:won'?t|will not|don'?t|do not) (?:need to )?(?:use|call|run|invoke) (?:a |an |any |the )?(?:tools?|calculator|search|functions?|web|internet)",
  "(?:i )?(?:won'?t|will not|'m not going to|am not going to|am not|'m not|didn'?t|did not) (?:actually )?(?:send|run|call|execute|make|invoke|issue|sending|running|calling|executing|making)(?: it| that| this| the call| the tool| the request| anything| them)?",
  "(?:не буду|не стану|не стал|не стала) (?:его |ее |их )?(?:отправлять|вызывать|запускать|выполнять)",
  // The first person's present or future of calling, negated, and what is (not) called: «Пока ничего не вызываю»,
  // «инструмент не запускаю», «запрос не отправлю» — the Russian of "I'm not calling anything (yet)".
  "(?:(?:ничего|никаких инструментов|ни одного инструмента|инструмент\\p{L}*|функци\\p{L}*|запрос\\p{L}*|вызов\\p{L}*|его|ее|их) )?не (?:вызываю|запускаю|отправляю|выполняю|делаю вызов\\p{L}*|вызову|запущу|отправлю|выполню)(?: (?:ничего|никаких инструментов|инструмент\\p{L}*|функци\\p{L}*|запрос\\p{L}*|вызов\\p{L}*|его|ее|их))?",
  "no (?:lookup|search|calculator|tools?) (?:is )?(?:needed|required|necessary)",
  "(?:инструменты|инструмент|калькулятор|поиск|интернет|переводчик|функции|вызов) (?:тут |здесь |для этого )?(?:не нужн|не требу|не понадоб)\\p{L}*",
  "без (?:инструментов|калькулятора|поиска|интернета|переводчика|вызова|вызовов|функций)",
  "отвечу (?:сам|сама|по памяти|без|сразу)",
  "посчитаю (?:сам|сама|в уме)",
  "по памяти",
  "в уме",
  "(?:не буду|не стану) (?:использовать|вызывать|искать|звать|запускать)",
  "обойд(?:усь|емся) без",
  // The user's own ban on tools, given as the reason: «инструменты вы использовать запретили», "you asked me not to use tools".
  "(?:инструменты|инструмент|калькулятор|переводчик|поиск|вызовы) (?:\\p{L}+ ){0,2}(?:запретили|запрещены|просили не (?:использовать|трогать|вызывать))",
  "вы (?:просили|попросили|запретили)(?: меня)?(?: не)? (?:использовать|вызывать|трогать) (?:инструменты|инструмент|калькулятор|переводчик|их|его)",
  "you (?:asked|told) me not to (?:use|call|touch) (?:any |the |a )?(?:tools?|calculator|translator|search|them|it)",
  // The protocol as the reason: "that would trigger a tool call", "it looks like an instruction to call a tool", "I was
  // told not to run tools", «это был бы вызов инструмента».
  "(?:would|will|might|could) (?:trigger|require|mean|be|involve|count as|amount to) (?:a |an )?(?:real |actual )?(?:tool|function) call",
  "looks? like (?:an instruction|a request|an attempt|a command|a prompt) to (?:call|use|run|invoke|trigger) (?:a |an |the |some )?(?:tools?|functions?)",
  "(?:i was|i'?ve been|i have been|i'?m|i am) (?:told|instructed|asked) not to (?:use|call|run|invoke|touch) (?:any |the )?(?:tools?|functions?)",
  "(?:это|такое) (?:был бы |было бы |будет |означало бы )?(?:вызов\\p{L}*|вызвать) (?:инструмент|функци)\\p{L}*",
]);

/**
 * A wish question about the form the task's own answer takes ("Do you want the answer in base 10?", «Вам ответ в
 * градусах Цельсия?»): it asks the user to settle how the task is done, a request (Q1′); after an answer it is the
 * follow-up "Would you like it as a fraction?" again (reply-roles.ts, isFollowUp).
 */
const ANSWER_FORM = anywhere([
  "(?:want|like|need|prefer) (?:the|your|my|that|this|it|them)(?: (?:answer|result|results|figure|number|value|conversion|translation|time|total|sum|output|reply))? (?:in|as|to be|written in|expressed in|given in|rounded to|shown in|formatted as)",
  "(?:хотите|нужен|нужно|нужна|вам) (?:\\p{L}+ )?(?:ответ|результат|перевод|число|значение)(?: \\p{L}+)? (?:в|на|как|с)",
]);

/** A bare infinitive of looking something up, put as a question: «Поискать?», «Найти статью?» asks leave to do it. */
const BARE_LOOKUP =
  /^(?:поискать|найти|посмотреть|погуглить|загуглить|проверить)(?: (?!(?:какой|какую|какое|какие|где|когда|что|кого|сколько)(?![\p{L}]))\p{L}+){0,2}$/u;

/**
 * A bare word of assent asked for, with nothing to supply: "Just say the word", «Скажите — сохраню» (the dash makes
 * «сохраню» a unit of its own), «Скажите «да»». It waits for a yes to an offer; it asks for nothing the task lacks.
 * The speaker's promise may follow in the same unit ("say yes and I'll save it", «скажите «да», и я вызову…»).
 */
const SAY_THE_WORD =
  /^(?:(?:just|only|просто|только) )?(?:say (?:the word|yes|so|go|‹q›)|скажи(?:те)?(?: ‹q›| да)?|ответь(?:те)? (?:‹q›|да)|напиши(?:те)? (?:‹q›|да))(?:,? (?:and|и|—|-) (?:then )?(?:i(?:'ll| will)|я|тогда я|сразу)(?![\p{L}]).*)?$/u;

/** A condition on the user's wish or need: "If you need…", «Если нужен…». */
const WISH_CONDITION = atStart([
  "if you(?:'d| would)? (?:need|want|like|prefer)",
  "если (?:вам |тебе )?(?:нужен|нужна|нужны|понадобится|понадобятся|интересует|интересуют)",
]);

/**
 * True when the unit offers more help or asks whether the user wants something further; a condition on the user's
 * wish for more ("If you need another city, tell me", «Если нужен другой город — скажите») offers too.
 */
export function isOffer(text: string, asks: boolean): boolean {
  if (OFFER.test(text)) return !(asks && ANSWER_FORM.test(text));
  if (asks && BARE_LOOKUP.test(text)) return true;
  if (SAY_THE_WORD.test(text)) return true;
  if (WISH_CONDITION.test(text) && MORE.test(text)) return true;
  return asks && MORE.test(text) && !ALTERNATIVES.test(text);
}

/** "…Celsius or Fahrenheit?": a choice between named options asks; "…or anything else?" offers. */
const ALTERNATIVES = /\s(?:or|или)\s(?!(?:anything|something|more|else|что-(?:то|нибудь)|еще)(?:\s|$))/u;

/** True when the unit is only a greeting, courtesy, acknowledgement or a follow-up that asks nothing. */
export function isSmallTalk(text: string): boolean {
  return text === "" || SMALL_TALK.test(text);
}

/** Words that carry nothing beyond a tool remark ("…for this one", «…тут»): what else may stand in its unit. */
const FILLER = new Set(
  "i i'll i'm i've we me you it this that one here there now so just really even at all any the a an to for of on in with from as also already answer question questions tool tools call needed is are be will can directly myself understood got okay ok sure alright понял поняла понятно хорошо ладно я мне вам вы это этого для тут здесь так и а даже вообще можно сразу просто сам сама же уж ответ вопрос пока сейчас еще ещё yet still что".split(
    " ",
  ),
);

/**
 * True when the unit says a tool is not needed or not used (a remark about the protocol, not a refusal) and says
 * nothing else: "From memory, the capital is Canberra" is an answer with a hedge, not a remark.
 */
export function isToolRemark(text: string): boolean {
  const remark = TOOL_REMARK.exec(text);
  if (!remark) return false;
  // "…, since you asked me not to" gives the reason for the remark: nothing the reply asks or answers.
  const rest = (text.slice(0, remark.index) + text.slice(remark.index + remark[0].length)).replace(
    REASON,
    "",
  );
  return wordsOf(rest).every((word) => FILLER.has(word));
}

const REASON = /,?\s*(?:since|because|as|per|поскольку|так как|раз)\s.*$/u;
