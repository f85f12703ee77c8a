/**
 * The refusal role (docs/reply-roles.md, role R): the reply says the assistant cannot do the task. Four forms, English
 * and Russian, with or without a negation word:
 *
 * - R1 a negated ability of the speaker: "I can't", "I'm unable to", "I don't have access to", «не могу», «у меня нет
 *   доступа»;
 * - R2 a limit without a negation: "That's outside what my tools cover", "beyond what I can look up", «вне моих
 *   возможностей», «выходит за рамки»;
 * - R3 a capability description: "I only have a calculator and a translator", "My tools cover weather and time",
 *   «У меня есть только калькулятор»;
 * - R4 the tool is absent: "None of my tools can book flights", "There's no tool for that", «Среди инструментов нет…».
 */
import { anywhere, type Cue, wordsOf } from "./cues.js";

/** The same means in Russian, any case and number: «нет инструмента», «нет сервисов», «нет доступа к сервису». */
const MEANS_RU =
  "(?:доступ|возможност|инструмент|функци|сервис|интеграци|подключени|плагин|способ|средств|api)\\p{L}*";

/** What an ability is about: tools, access, means (so "I don't have a favourite" is no refusal). */
const MEANS =
  "(?:the |any |a |an |direct |real-time |realtime |live |current |internet |web |physical |such |that |this |those |these |access to (?:a |an |the |any )?)?(?:abilit|access|capabilit|tools?|function|means|way|permission|options?|feature|integration|connection|plugin|skill|api|internet|browsing|web|real-time|realtime|live|control|hands|body|phone|account|email|e-mail|calendar|booking|payment|ordering|bank|reservation|smart|device|credentials|authori)\\p{L}*";

const R1_NEGATED = anywhere([
  `(?:i|we)(?:'m| am| are|'re)? (?:(?:really|truly|currently|still|just|simply|unfortunately|sadly|afraid i|also|personally|actually|therefore|thus) )*(?:can ?not|can'?t|couldn'?t|could not|won'?t be able|will not be able|am not able|'m not able|are not able|not able|unable|am unable|'m unable|am not capable|'m not capable|not capable|am not equipped|'m not equipped|not equipped|am not set up|'m not set up|not set up|am not allowed|'m not allowed|not allowed|not permitted|'m not connected|am not connected|not connected|don'?t support|do not support|lack|am lacking|'m lacking|no longer)(?! (?:wait|believe|stress|help but|go wrong|agree|recommend (?:it|this) enough|emphasi))`,
  `(?:i|we) (?:(?:really|currently|unfortunately|sadly|just|also) )*(?:don'?t|do not|didn'?t|did not) (?:currently |actually |really )?have ${MEANS}`,
  "(?:i|we) (?:(?:really|currently|unfortunately|sadly|just|also) )*(?:don'?t|do not) have (?:that|it|one|them|this)(?: here| available| at my disposal)?$",
  "which i (?:don'?t|do not) have",
  "(?:that|which) i (?:don'?t|do not|can'?t|cannot) (?:have|access|use|reach)",
  `(?:i|we) (?:(?:really|currently|unfortunately|sadly|just) )*have no ${MEANS}`,
  "i'?m afraid (?:i|that'?s|that is|this is|not|it'?s)",
  "no can do",
  "(?:not|isn'?t|aren'?t|is not|are not) (?:something|a thing|one of the things|anything) (?:that )?(?:i(?:'m| am)?|my tools?|these tools|the tools) (?:can|could|able|am able|have|support|do|handle|cover|offer|connected to|linked to|hooked up to|integrated with|set up (?:for|to))",
  "(?:not|isn'?t|aren'?t|is not|are not) (?:within|in) my (?:\\p{L}+ ){0,2}(?:power|abilities|capabilities|scope|remit|reach|skill set|toolset|toolkit)",
  "(?:not|isn'?t|aren'?t|is not|are not) (?:available|possible|supported|doable|something i can do) (?:for me|to me|here|from here|with my|with the|in this|right now|through my|with these|on my end)",
  "(?:that|this)(?:'s| is| would be) (?:not possible|impossible|not doable|not something i can)",
  // A modifier may stand between the possessive and the means: "isn't among my available tools", "not part of my current toolset".
  "(?:isn'?t|aren'?t|is not|are not|not) (?:among|part of|one of|included in|on|in) (?:my|the)(?: (?:available|current|own|built-in|existing|provided|usual|enabled))? (?:tools|toolset|toolkit|abilities|capabilities|skills|functions|list)",
  "(?:isn'?t|aren'?t|is not|are not|not) (?:something )?(?:my|the available|the) tools? (?:can|could|support|cover|handle|do)",
  "(?:my |the )?(?:tools?|functions?|toolset|abilities|capabilities) (?:(?:i have|available|at my disposal|i can use|i'?ve got|provided|given to me|available to me|here) )?(?:don'?t|do not|doesn'?t|does not|can'?t|cannot|won'?t|aren'?t|isn'?t) (?:support|cover|include|allow|let|do|handle|provide|offer|reach|extend|go|work|have|able|capable|meant)",
  "none of (?:my|the|these|the available|the provided|the offered|the tools? i have) ?(?:available |provided |offered )?(?:tools|functions|options)",
  "(?:not|none) (?:one|any) of my tools",
  "i (?:don'?t|do not) see (?:a|any) (?:tool|function|way)",
  "i see no (?:tool|function|way)",
  "not (?:equipped|designed|built|able|set up) (?:to|for)",
  "unable to",
  // Clipped and colloquial forms: "can't do that one — …", "I've got no access to your bank".
  "^(?:sorry,? |nope,? |afraid )?(?:can'?t|cannot|won'?t be able to) (?:do|help|handle|book|send|make|set|order|transfer|check|access|reach)",
  `(?:i|we)(?:'ve| have) got no ${MEANS}`,
  "not able to",
  "no way (?:for me )?to",
  "sorry, (?:no|not|i can'?t|i cannot|i'?m unable)",
  // The means with its modifiers, compound and coordinated ones too: "a clock or time-zone tool", "a real-time flight-tracking service".
  `(?:i|we) (?:(?:really|currently|unfortunately|sadly|just|also) )*(?:don'?t|do not) have (?:a |an |any |the )?(?:[\\p{L}\\p{N}][\\p{L}\\p{N}_'’-]* ){1,5}(?:tool|function|integration|app|service|access|connection)s?`,
  // R4 with the tool named as it is called ("There's no send_email tool") or no verb at all ("No weather tool here").
  "(?:there'?s|there is|there are) no (?:[\\p{L}\\p{N}_.-]+ ){0,2}(?:tool|function|integration|way|option|feature)s?",
  "no (?:[\\p{L}\\p{N}_.-]+ ){0,2}(?:tool|function|integration|plugin|api|access)s? (?:available|here|at my disposal|for (?:that|this|it)|i can use|on my end|in my)",
  "nothing like .{1,80} in my (?:toolkit|tools|toolset)",
  // R4 without a verb, the means on the speaker's side: "No live clock on my end, sorry!", "no flight data available to me".
  "^(?:sorry,? |unfortunately,? |sadly,? |alas,? )?no (?:[\\p{L}\\p{N}_-]+ ){1,3}(?:on my (?:end|side)|available to me|at my disposal|i can (?:use|reach|access|check|see))",
  // R4 as a subject: "No tool I have touches flights", "no function here handles payments".
  "^(?:sorry,? |unfortunately,? |sadly,? |alas,? )?no (?:tool|function|integration|service|plugin)s? (?:i have|i'?ve got|i can use|available to me|of mine|here|at my disposal|in my (?:kit|toolkit|toolset|list))",
  // R4 as what the list of tools holds: "my list has nothing like bank_transfer", "the toolkit includes no email tool".
  "(?:my|the) (?:list|toolkit|toolset|tools|functions|tool list|catalog|catalogue)(?: of tools)? (?:has|have|holds|contains|includes|offers|lists) (?:nothing|no|none)(?![\\p{L}])",
  "(?:can'?t|cannot|could not|couldn'?t|won'?t) be (?:done|completed|performed|fulfilled|processed|handled|carried out|placed|booked|sent|made|arranged)",
  "i (?:don'?t|do not) (?:do|handle|deal with|process|make|take|place|book|send) (?:bookings|orders|payments|transfers|reservations|calls|emails|that|those|this)",
  "(?:isn'?t|aren'?t|is not|are not) (?:available|possible|supported|offered|enabled|included|provided|here|in this (?:conversation|chat|session|set|list)|on (?:the|my) list|part of (?:this|the|my))",
]);

/**
 * R1 by ignorance of the user's situation: "I don't know where you are", «Я не знаю, где вы находитесь» says what the
 * assistant cannot know; it asks nothing until a request follows ("…Which city?"). Not knowing what the user *meant*
 * ("I don't know which city you mean") is a gap, a request (Q3).
 */
/** What only a live source knows: the value of the moment. */
const LIVE_EN = "current|live|latest|real-time|realtime|up-to-date|present|exact current|today'?s";
const LIVE_RU = "актуальн|текущ|сегодняшн|нынешн|свеж|последн";

const IGNORANCE = anywhere([
  // (2.11.0) Not having the means connected: "I don't have a music player hooked up here".
  "(?:i|we) (?:don'?t|do not) have (?:a |an |any )?(?:[\\p{L}-]+ ){0,2}(?:hooked up|connected|plugged in|wired up|set up|at hand|on hand)",
  "(?:i|we) (?:don'?t|do not|can'?t|cannot) (?:yet )?(?:know|tell|see) where (?:you|she|he|they|your|it|this|that)",
  "(?:я )?не (?:знаю|вижу|могу знать),? где (?:вы|ты|он|она|они|находит|сейчас|ваш|твой)",
  // Not remembering is not knowing: «Точно не помню — лучше свериться с таблицей», "I don't recall the exact year".
  "(?:i )?(?:don'?t|do not|can'?t|cannot) (?:quite |really |exactly )?(?:remember|recall)",
  "(?:точно )?не (?:помню|припомню|вспомню)",
  // A difficulty stated as the answer: "hard to say", «точную сумму назвать сложно».
  "(?:hard|difficult|impossible) to (?:say|tell|name|give|know|predict)",
  "(?:сложно|трудно|невозможно|нельзя) (?:точно )?(?:назвать|сказать|ответить|определить|предсказать)",
  "(?:назвать|сказать|ответить|определить) (?:\\p{L}+ ){0,3}(?:сложно|трудно|невозможно|нельзя)",
  // (2.11.0) Not knowing a fact of the moment: "I don't know the current bitcoin price", «Актуальный курс я не знаю»
  // — what a live source would give; not knowing the user's input ("I don't know which city") is a request (Q3).
  `(?:i|we) (?:really |actually |simply )?(?:don'?t|do not|can'?t|cannot) (?:know|tell you) (?:what )?(?:the |today'?s )?(?:${LIVE_EN})`,
  `(?:${LIVE_RU})\\p{L}* (?:\\p{L}+ ){0,4}(?:я )?(?:не (?:знаю|могу знать|подскажу)|мне не ?извест(?:ен|н\\p{L}*))`,
  `(?:не (?:знаю|могу знать|подскажу)|мне не ?извест(?:ен|н\\p{L}*)) (?:\\p{L}+ ){0,1}(?:${LIVE_RU})\\p{L}*`,
]);

/** Declining the task itself, not lacking a means: what follows it is a substitute, not the answer. */
const DECLINE = anywhere([
  "i'?d rather not",
  "i'?d better not",
  // "I'll pass" declines; "I'll pass it in seconds" hands something on.
  "i(?:'ll| will) (?:pass(?! (?:it|them|this|that|these|those|the|a|an|your|my|in|along|on to|to|as|through)(?![\\p{L}]))|refrain|abstain|sit this one out)",
  "(?:лучше |пожалуй,? )?промолчу",
  "(?:лучше |пожалуй,? )?воздержусь",
  "i would rather not",
  "i(?:'d| would) prefer not to",
  "i (?:won'?t|will not) (?:be )?(?:repeat|say|help with|provide|share|echo|output|print|type out|write out|reproduce|recite|copy)(?!\\p{L})",
  "я бы не (?:стал|стала|хотел|хотела)",
  "не буду (?:повторять|делать|писать|отправлять)",
  "не стану (?:повторять|делать|писать|отправлять)",
  // Handing the task back to the user declines it: "I'll leave this one to you", «оставлю это вам».
  "i(?:'ll| will|'d| would|'m going to) (?:leave|hand|pass|give) (?:this|that|it|the (?:rest|math|sum|calculation|task))(?: one)?(?: back)? (?:to|up to|with|over to) you",
  "(?:that|this)(?: one)?(?:'s| is) (?:all )?(?:on|up to) you",
  "(?:оставлю|предоставлю|доверю) (?:это|эту (?:задачу|часть)|подсчёт|подсчет|расчёт|расчет|решение)?(?: уж)? ?(?:вам|тебе)",
  "(?:тут|здесь|дальше) (?:уж(?:е)? )?(?:вы|ты) сами",
]);

const R2_LIMIT = anywhere([
  "beyond (?:my|what i|what my|the scope|the reach|the capabilities|the limits|what these|what the tools|my tools)",
  "outside (?:of )?(?:my|what i|what my|the scope|the range|the capabilities|the limits|what these|what the tools|the reach|my tools|the set)",
  "out of (?:my|scope|reach|the scope)",
  "exceeds my",
  "(?:fall|falls|fell|lie|lies|sit|sits) outside",
  "outside (?:of )?(?:the |my )?(?:\\p{L}+ )?(?:tools|toolset|toolkit|capabilities|abilities|functions|remit|scope)",
  "past what i can",
  "more than i can (?:do|handle)",
  "(?:is|are|'s|'re|am|'m|remains?) limited to",
  "restricted to",
  "only (?:able|capable|equipped|set up|designed|built) to",
  "a job for (?:a|an|your|the)",
  "(?:that|this|it) (?:would )?(?:requires?|needs?) (?:a|an|some|access|direct|real-time|live|physical|the ability|integration|a connection)[^.]{0,60}(?:i (?:don'?t|do not|lack)|which i|that i|not available|isn'?t available|i'?m not)",
  "is not (?:available|supported) (?:to me|here)",
]);

const R3_CAPABILITIES = anywhere([
  "i (?:can|could) only",
  "i only (?:have|can|support|handle|do|work with|cover|know how)",
  "i have only",
  "all i (?:have|can do|can offer|can help with) (?:is|are|here)",
  "the only (?:tools?|things?|functions?) i (?:have|can)",
  "(?:my|the|available|these) (?:tools|toolset|toolkit|abilities|capabilities|functions|skills)(?: here| available(?: to me)?| i have| at my disposal| i can use)? (?:are|is|only|cover|covers|include|includes|allow|allows|let|lets|extend|extends|consist|handle|handles|support|supports|stop|are limited|is limited)",
  "(?:the )?tools (?:i have|available(?: to me)?|at my disposal|i can use|i'?ve got|provided|given to me|here) (?:are|cover|include|only|let|allow|handle|support)",
  "what i (?:have|can use|can do) (?:here )?(?:is|are)",
  // R3 as a restriction of means: the task is done only through one tool ("I translate only with the translate tool").
  "only (?:with|using|through|via|by means of|by using) (?:the |a |an |my )?(?:[\\p{L}\\p{N}_-]+ ){0,2}(?:tool|function|integration|api)s?",
  "i'?m (?:just|only) (?:a|an) (?:text|language|ai|chat)",
]);

const R_RUSSIAN = anywhere([
  "не могу(?! не)(?! дождаться| поверить)",
  "не смогу",
  "не умею",
  "не в состоянии",
  "не в (?:моих |моей )?(?:силах|власти|компетенции|возможностях)",
  "не под силу",
  // A negated first-person verb: the speaker does not do it («я не выполняю», «этим не занимаюсь»).
  "не (?!знаю|помню|уверен|думаю|считаю|сомневаюсь|вижу смысла|могу не)\\p{L}{2,}(?:ю|у)(?:сь)?",
  "не вижу",
  "я пас",
  "не имею (?:доступа|возможности|такой|права|средств|инструмента)",
  `нет (?:${MEANS_RU}|нужного|нужной|подходящ\\p{L}*|такой (?:функции|возможности)|такого (?:инструмента|доступа|сервиса))`,
  `у меня (?:сейчас )?нет(?:у)? (?:${MEANS_RU}|такого|такой|подходящ\\p{L}*|нужного|нужной|прав|рук)`,
  // The masculine short form has its own stem: «курс мне недоступен» beside «недоступна», «недоступны».
  "мне (?:\\p{L}+ )?(?:не ?доступ(?:ен|н\\p{L}*))",
  "недоступ(?:ен|н[аоы]?) (?:для меня|мне)",
  "не получится",
  "не выйдет",
  "не удастся",
  "(?:это|такое|мне|к сожалению,?|увы,?) (?:сделать )?невозможно",
  "не поддерживается",
  "не поддерживаю",
  "не предусмотрен",
  // R2 a limit: a limit preposition and, within two words, the speaker or the speaker's means («за пределами
  // доступных мне инструментов», «вне моих возможностей», «за рамками того, что я умею»).
  "(?:вне|за (?:пределами|гранью|рамками)) (?:\\p{L}+,? ){0,2}(?:мо(?:их|ей|его|й|ими)|мне|меня|того|зоны|пределов|возможност\\p{L}*|инструмент\\p{L}*|функци\\p{L}*|компетенц\\p{L}*|набора)",
  "выход\\p{L}* за (?:рамки|пределы)",
  "не входит в (?:мои|мою|число|список|мой|перечень|круг|набор)",
  "не располагаю",
  // (2.11.0) The means the task needs, named: «для перевода мне нужен инструмент translate» — the reason of an
  // inability, no content; a need of the user's input («мне нужен город») is a request (request.ts).
  "(?:мне )?(?:нужен|нужна|нужно|нужны|необходим\\p{L}*|требуется|понадобится) (?:\\p{L}+ )?(?:инструмент|функци|сервис|интеграци|плагин)\\p{L}*",
  // (2.11.0) Having nothing to do it with: «Посмотреть расписание мне сейчас нечем», «нечем мне это проверить».
  "(?:мне|у меня) (?:сейчас |здесь |тут |пока |просто )?нечем(?=\\s*(?:[:,.!;—–-]|$))",
  "нечем (?:мне )?(?:это |его |её |ее |их )?(?:сделать|посмотреть|проверить|узнать|отправить|заказать|забронировать|записать|позвонить|найти|помочь|открыть)",
  // A limit named as what the speaker does not do or cover: «это не то, с чем я могу помочь», «не моя зона».
  "не то,? (?:с чем|в чем|чем|что) (?:я )?(?:могу|умею|занимаюсь|делаю|способен|способна)",
  "не (?:моя|мой|мое|моё) (?:зона|область|сфера|профиль|специализация|компетенция|конек|конёк|епархия|функция|задача|профиль|обязанность)",
  "не способен",
  "не способна",
  "не обладаю",
  "не подключен",
  "у меня (?:сейчас |здесь |тут )?(?:есть )?(?:только|лишь)",
  "у меня (?:сейчас |здесь |тут )?нет$",
  // R4 without a verb, the thing named before: «Часов у меня под рукой нет, увы!» (a noun after «нет» is MEANS_RU's).
  "(?:\\p{L}+ ){1,3}у меня (?:сейчас |здесь |тут |под рукой |в распоряжении )?нет(?:у)?(?=[\\s,.!?;—–-]|$)",
  // The means may be named by its identifier: «инструмента web_search в этом диалоге нет».
  "(?:инструмент|функци|возможност|поиск|интернет|доступ)\\p{L}* (?:[\\p{L}\\p{N}_.-]+ ){0,7}(?:нету|нет|отключ\\p{L}*|недоступ\\p{L}*)",
  // (2.11.0) The absence stated alone, where it holds: «недоступен в этой сессии» (after «web_search:»).
  "^(?:сейчас |здесь |тут |пока )?(?:не ?доступ(?:ен|н[аоы]?)|отключ(?:ен|ен[аоы]?)) (?:в (?:этой|текущей|данной) (?:сессии|конфигурации|среде|версии)|здесь|сейчас|тут)",
  // What cannot be done, impersonal: «Запрос … выполнить нельзя», «нельзя отправить письмо».
  "(?:выполнить|сделать|отправить|посмотреть|узнать|проверить|заказать|забронировать|записать) (?:\\p{L}+ ){0,2}нельзя",
  "нельзя (?:выполнить|сделать|отправить|посмотреть|узнать|проверить|заказать|забронировать|записать)",
  "среди (?:\\p{L}+ ){0,3}нет",
  // (2.11.0) Means listed by «ни…, ни…» and denied: «ни web_search, ни convert_currency в этом чате нет».
  `ни (?:[\\p{L}\\p{N}]+_[\\p{L}\\p{N}_]*|${MEANS_RU}),? ни [^.!?;]{1,80}? (?:нет|нету)(?![\\p{L}])`,
  // The means and its absence within one clause: «Инструмент для бронирования у меня отсутствует», «отсутствует доступ к…».
  "(?:инструмент|функци|возможност|доступ|интеграци|сервис)\\p{L}*(?: [^\\s.!?;]+){0,12}? отсутству\\p{L}*",
  "отсутству\\p{L}* (?:\\p{L}+ ){0,2}(?:инструмент|функци|возможност|доступ|интеграци|сервис)\\p{L}*",
  // «Ни один из моих инструментов не позволяет…», «никакая функция тут не поможет» — not «ни один инструмент не нужен».
  "(?:ни од(?:ин|на|но|ного|ной)|никак(?:ой|ая|ое|ие|их|ого|ую))(?: [^\\s.!?;]+){0,3}? (?:инструмент|функци|сервис|возможност|интеграци)\\p{L}*(?: [^\\s.!?;]+){0,3}? не (?!нуж|требу|понадоб|пригод)\\p{L}+",
  "ни од(?:ин|на|но)(?: из (?:них|этих|моих|доступных))? не (?:умеет|может|позволяет|поддерживает|подходит|годится|умеют|могут|справится|делает|дает|даёт)",
  "в (?:этом |моем |их )?(?:списке|наборе|перечне) (?:\\p{L}+ ){0,2}нет",
  "не входит",
  "я (?:могу|умею) (?:только|лишь)",
  // R3 as a list of one's tools: «Среди моих инструментов — только калькулятор, погода и время».
  "(?:среди|из) (?:моих |доступных (?:мне )?|имеющихся )?(?:инструментов|функций|возможностей)(?: (?:у меня|есть|мне доступны))?(?: [—–:-])? (?:только|лишь)",
  "мне доступн[аоы]? (?:только|лишь)",
  // R3 as a restriction of means: «переводы я выполняю только с помощью инструмента translate», «могу только сохранить…».
  "(?:только|лишь) (?:с помощью|через|при помощи|посредством|используя) (?:\\p{L}+ )?(?:инструмент|функци|сервис)\\p{L}*",
  "^(?:я )?(?:могу|умею) (?:только|лишь)",
  "мои (?:инструменты|возможности|функции) (?:ограничены|позволяют|не|лишь|только|—|-|:|это|включают|сводятся)",
  "(?:доступные|имеющиеся|мои) (?:мне )?инструменты (?:не|лишь|только|—|-|:|позволяют|ограничены|это)",
  "ограничен[аоы]? (?:набором|инструментами|функциями|возможностями)",
  "с этим (?:я )?не помогу",
  "не помогу",
  "(?:тут |здесь )?я бессил\\p{L}*",
  "это не ко мне",
  "ни один из (?:доступных |моих |имеющихся )?инструментов",
  "среди (?:доступных |моих |имеющихся )?(?:мне )?инструментов нет",
  "такого инструмента (?:у меня )?нет",
  "такой (?:функции|возможности) (?:у меня )?нет",
  "нет подходящ\\p{L}*",
  "увы,? (?:но )?(?:нет|не)",
]);

/**
 * R1 with the means as the subject: "Unfortunately, the tools available to me in this chat don't reach flight data",
 * "The calculator can't book anything". The subject is a short noun phrase (at most twelve words) that names a means;
 * the predicate is negated. Not a need ("the tools don't need…"; "no tool is required" is a tool remark).
 */
const NEGATED_PREDICATE =
  /(?:^|\s)(?:can ?not|can'?t|could ?not|couldn'?t|don'?t|do not|doesn'?t|does not|won'?t|will not|isn'?t able|aren'?t able|is not able|are not able|have no|has no|lacks?|offers? no|provides? no)(?! (?:need|require|matter|mind|have to|apply)(?![\p{L}]))(?![\p{L}'])/u;
const SUBJECT_LEAD =
  /^(?:(?:unfortunately|sadly|sorry|alas|regrettably|i'?m afraid|but|however|and)[,]?\s+)*/u;
const MEANS_WORD =
  /(?:^|\s)(?:tools?|functions?|toolset|toolkit|toolbox|integrations?|services?|plugins?|apis?|capabilities|abilities|calculator|translator|access|options)(?![\p{L}])/u;

function meansSubjectNegated(text: string): boolean {
  const predicate = NEGATED_PREDICATE.exec(text);
  if (predicate === null) return false;
  const subject = text.slice(0, predicate.index).replace(SUBJECT_LEAD, "");
  const words = wordsOf(subject);
  return words.length > 0 && words.length <= 12 && MEANS_WORD.test(subject) && !NOT_A_SUBJECT.test(subject);
}

/** A clause or the user inside the would-be subject: "Options include SUV, or you can say 'dontcare' if you have no…". */
const NOT_A_SUBJECT = /,|(?:^|\s)(?:you|your|if|when|because|since|so|unless|although|while)(?![\p{L}'])/u;

const MEANS_SUBJECT_NEGATED: Cue = {
  test: meansSubjectNegated,
  exec: (text) => (meansSubjectNegated(text) ? NEGATED_PREDICATE.exec(text) : null),
};

/** A capability description as an enumeration: "I can calculate, check the weather, translate and set timers". */
const ENUMERATED = /^(?:i can|i'?m able to|my tools let me|я умею|я могу|мне доступно)\s/u;

const FORMS: readonly Cue[] = [
  R1_NEGATED,
  IGNORANCE,
  R2_LIMIT,
  R3_CAPABILITIES,
  R_RUSSIAN,
  DECLINE,
  MEANS_SUBJECT_NEGATED,
];

/** True when the unit says the assistant cannot (or will not) do it: any of R1–R4, English or Russian. */
export function isRefusal(text: string): boolean {
  if (FORMS.some((form) => form.test(text))) return true;
  return ENUMERATED.test(text) && (text.match(/,/g)?.length ?? 0) >= 2;
}

/** A refusal that declines the task ("I'd rather not repeat that") rather than lacking a means to do it. */
export function isDecline(text: string): boolean {
  return DECLINE.test(text);
}

/** A refusal that holds only for now ("…without a duration", «…без указания времени»): what it lacks can be given. */
export function isConditionalRefusal(text: string): boolean {
  if (USERS_WHEREABOUTS.test(text)) return true;
  // "Without a time tool I can't…" lacks a means the user cannot give: that refusal holds.
  if (LACKS_MEANS.test(text)) return false;
  return (
    /(?:^|\s)(?:without|unless|until|before|otherwise|без|пока не|пока вы не|иначе)(?:\s|$)/u.test(text) ||
    // «Пока длительность не указана, ничего не запускаю»: until what was asked is given.
    /(?:^|\s)пока (?:\p{L}+ ){1,2}не (?:указан|назван|задан|известн|уточнен|определен)\p{L}*/u.test(text) ||
    WONT_GUESS.test(text) ||
    SEES_NO_INPUT.test(text)
  );
}

/** Declining to guess what the user has not said ("…so I'd rather not guess", «гадать не буду»): it holds until told. */
const WONT_GUESS =
  /(?:i'?d|i would) rather not (?:guess|assume|make (?:it|one|something) up)|(?:don'?t|do not) want to guess|(?:не (?:хочу|буду|стану) (?:гадать|угадывать|додумывать))|(?:гадать|угадывать) не (?:буду|хочу|стану)/u;

/**
 * Not seeing the user's input in the conversation («Я не вижу в нашем диалоге никакой суммы», «не вижу исходных
 * данных», "I don't see any amount in your message"): a gap the user fills, not a limit.
 */
const SEES_NO_INPUT = new RegExp(
  [
    "не вижу (?:\\p{L}+ ){0,4}(?:никак\\p{L}*|в (?:нашем |вашем |этом |вашем )?(?:диалоге|сообщении|переписке|чате|запросе))",
    "не вижу,? (?:что|какой|какую|какое|какие|сколько|о чем|куда|где|о как\\p{L}+|в как\\p{L}+|для как\\p{L}+) ",
    // What the conversation lacks: «в нашем разговоре пока нет никакого текста», "there's no amount in your message".
    "в (?:нашем |вашем |этом )?(?:разговоре|диалоге|сообщении|переписке|чате|запросе) (?:\\p{L}+ ){0,2}нет",
    "there'?s no (?:\\p{L}+ ){0,2}(?:text|amount|number|figure|city|value|total|message|phrase|duration|time) in (?:your|our|this|the) (?:message|conversation|chat|request)",
    "не вижу (?:\\p{L}+ ){0,2}(?:данных|суммы|числа|чисел|текста|города|значени\\p{L}*|параметр\\p{L}*|вложени\\p{L}*|файла|фразы|времени|длительности|адреса|сообщения)",
    "(?:don'?t|do not|can'?t|cannot) see (?:any|a|an|the) (?:\\p{L}+ ){0,2}(?:in (?:your|our|this) (?:message|conversation|chat|request))",
    "(?:don'?t|do not|can'?t|cannot) see (?:any|a|an|the|your) (?:\\p{L}+ )?(?:amount|number|figure|city|text|value|total|bill|price|sum|phrase|message|time|duration|location|address|file|attachment|data|details)(?![\\p{L}])",
  ].join("|"),
  "u",
);

/**
 * Not having the user's (or someone's) whereabouts ("I don't have access to your location", "I can't detect where you
 * are", "I don't know where she is yet", «у меня нет доступа к вашему местоположению»): what it lacks, the user can
 * say, so it holds only until the user answers, a request's reason.
 */
const USERS_WHEREABOUTS =
  /(?:don'?t|do not|can'?t|cannot) (?:have access to|access|see|know|detect|determine|get) (?:your|the user'?s) (?:current )?(?:location|whereabouts|position|city|gps|coordinates)|(?:don'?t|do not|can'?t|cannot) (?:yet )?(?:know|tell|see|detect|determine|track|locate|figure out) where (?:you|she|he|they|your|it|this|that)|не (?:знаю|вижу|могу знать|могу определить),? где (?:вы|ты|он|она|они|находит|сейчас|ваш|твой)|(?:нет|не имею) доступа к (?:вашему|твоему) (?:текущему )?(?:местоположению|расположению|положению|геолокации|местонахождению)|(?:нет|не имею) доступа к (?:информации|данным|сведениям) о (?:вашем|твоем) (?:текущем )?(?:местоположении|расположении|местонахождении|геолокации)|не (?:знаю|вижу|могу определить),? (?:вашего |твоего )?(?:местоположения|геолокации|местонахождения)/u;

const LACKS_MEANS =
  /(?:^|\s)(?:without (?:a |an |any |the |my )?(?:[\p{L}-]+ )?(?:tool|access|internet|connection|integration|function|app|api|plugin)|without (?:looking (?:it |that |this )?up|(?:a |an )?(?:web )?search(?:ing)?|checking online|browsing)|без (?:\p{L}+ )?(?:инструмент|доступ|интернет|подключени|функци|приложени|поиск))/u;
