/**
 * The reply-roles grammar in code (docs/reply-roles.md): each unit of a no-call reply gets one role, and the reply's
 * behaviour is decided from the roles, not from punctuation.
 *
 * Roles: request (Q), refusal (R), content (C: an answer, an explanation, quoted material, or an alternative the
 * assistant suggests), and the neutral ones that never decide while the reply has substance: offer and small talk
 * (O), and support of a request (S: options, examples, promises, reasons).
 *
 * Decision (§ "Behaviour"): the reply is a `question` when its last substantive unit is a request; else a `refusal`
 * when a unit refuses (with `informative` set when content beyond the refusal follows or precedes it); else an
 * `answer` when it has content; a reply of neutral units only asks back when one of them is a question, and is an
 * answer otherwise (nothing asked, nothing refused).
 */
import { isAlternative, isSupport, presentsQuotation } from "./content.js";
import { wordsOf } from "./cues.js";
import { isForeignQuestion, type Script } from "./foreign.js";
import { isOffer, isSmallTalk, isToolRemark } from "./offer.js";
import { isConditionalRefusal, isDecline, isRefusal } from "./refusal.js";
import {
  asksWithWordAtEnd,
  confirmsAmount,
  isAddressed,
  isBareNounQuestion,
  isYesNoQuestion,
  offersChoice,
  opensWithQuestionWord,
  requestForm,
} from "./request.js";
import { type Unit, units } from "./units.js";

export type Behaviour = "question" | "refusal" | "answer";

export type Role =
  | "request"
  | "refusal"
  | "content"
  | "alternative"
  | "quoted"
  | "offer"
  | "small_talk"
  | "tool_remark"
  | "support"
  /** A question put to no one in particular ("Where will the leaves go?"): content beside content, else a question. */
  | "open_question";

export interface RoledUnit {
  text: string;
  role: Role;
  asks: boolean;
}

export interface ReplyReading {
  behaviour: Behaviour;
  /** A refusal that also carries content (an answer, general information, a draft): see docs/reply-roles.md. */
  informative: boolean;
  units: RoledUnit[];
}

const NEUTRAL: ReadonlySet<Role> = new Set(["offer", "small_talk", "tool_remark", "support"]);
const CONTENT: ReadonlySet<Role> = new Set(["content", "quoted", "alternative", "open_question"]);

/** The role of one unit on its own, before its neighbours are looked at. */
export function roleOf(unit: Unit, script: Script): Role {
  const text = unit.text;
  if (unit.quoted) return "quoted";
  if (isSmallTalk(text)) return "small_talk";
  if (isToolRemark(text)) return "tool_remark";
  if (isFilledFieldLabel(unit)) return "content";
  if (unit.asks) {
    if (isForeignQuestion(text, script)) return "quoted";
    if (asksWithWordAtEnd(unit)) return "request";
    if (isOffer(text, true)) return "offer";
    // A question is a question: "I can't check without a city — which one?" asks in its last clause.
    if (requestForm(unit) !== undefined) return "request";
    if (isRefusal(text)) return "refusal";
    return "open_question";
  }
  // Outside a question a refusal outweighs a stated gap: "I don't know where she is, so I can't tell the time."
  if (isRefusal(text)) return "refusal";
  if (isOffer(text, false)) return "offer";
  const form = requestForm(unit);
  if (form === "conditional" && isOffer(text, true)) return "offer";
  if (form !== undefined) return "request";
  if (isAlternative(text)) return "alternative";
  if (isSupport(text)) return "support";
  return "content";
}

/**
 * (2.11.0) A form's label with its value after the colon on the same line ("Кому: начальник", "Subject: Sick day"):
 * a filled field presents what was written, content; only an empty field asks for its value (round 8). A label opens
 * its line, is a few words and no imperative ("Tell me: which city?" asks after its colon).
 */
function isFilledFieldLabel(unit: Unit): boolean {
  return (
    unit.intro &&
    unit.opensLine &&
    !unit.closesLine &&
    !unit.asks &&
    wordsOf(unit.text).length <= 3 &&
    requestForm(unit) !== "imperative"
  );
}

/**
 * The reply's language is that of its own words: quotations, tags and code are masked in the units, and a token of
 * code left in a line of prose (`convert_currency`, `amount=?`, `city="..."`) is no word of either language.
 */
function scriptOf(all: readonly Unit[]): Script {
  const count = { cyrillic: 0, latin: 0 };
  for (const unit of all) {
    if (NON_ASCII.test(unit.text)) countTokens(unit.text, count);
    else countAsciiTokens(unit.text, count);
  }
  return count.cyrillic > count.latin ? "cyrillic" : "latin";
}

/** A character beyond printable ASCII and its whitespace: such a unit is counted by the regular expressions. */
const NON_ASCII = /[^\t-\r -~]/;

/** Each token of code-free words counts for the script of its letters, Cyrillic before Latin. */
function countTokens(text: string, count: { cyrillic: number; latin: number }): void {
  for (const token of text.split(/\s+/)) {
    if (/[_=<>{}|\\/]/.test(token)) continue;
    if (/\p{Script=Cyrillic}/u.test(token)) count.cyrillic++;
    else if (/\p{Script=Latin}/u.test(token)) count.latin++;
  }
}

/** {@link countTokens} for ASCII text, read character by character: its only letters are Latin ones. */
function countAsciiTokens(text: string, count: { cyrillic: number; latin: number }): void {
  let code = false;
  let letter = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    // ASCII's whitespace (\s): tab, line feed, vertical tab, form feed, carriage return, space.
    if (c === 32 || (c >= 9 && c <= 13)) {
      if (letter && !code) count.latin++;
      code = false;
      letter = false;
    } else if (CODE_CHARS.has(c)) code = true;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letter = true;
  }
}

/** `_ = < > { } | \\ /`: a token holding one is code, no word. */
const CODE_CHARS: ReadonlySet<number> = new Set([..."_=<>{}|\\/"].map((ch) => ch.charCodeAt(0)));

/**
 * Context rules over the units in order (docs/reply-roles.md, "Context"): what an introduction presents is quoted;
 * support counts only after a request; a yes/no question after content is a follow-up.
 */
function inContext(all: readonly Unit[], roles: Role[]): void {
  let sinceRequest = false;
  let seenContent = false;
  let refused: "absolutely" | "for now" | undefined;
  let blockEnd = 0;
  /** The reply has put a question to the user (a request, or a choice offered): "without it" points back to it. */
  let asked = false;
  /** The last request, while it is the reply's last word: an introduction after it may support it. */
  let lastRequest: Unit | undefined;
  for (let i = 0; i < all.length; i++) {
    const unit = all[i] as Unit;
    let role = roles[i] as Role;
    if (!sinceRequest && hintsBareNounQuestion(all, roles, i, role)) {
      roles[i - 1] = "request";
      sinceRequest = true;
      asked = true;
      lastRequest = all[i - 1];
    }
    if (sinceRequest && (role === "alternative" || role === "content") && isSupport(unit.text))
      role = "support";
    if (sinceRequest && role === "open_question" && isSupport(unit.text)) role = "support";
    // "Into which language?\n- Spanish\n- French\n- Something else": short list items right after a request are
    // the options it offers, however the request ended (a colon's list is presentBlock's).
    if (
      sinceRequest &&
      unit.listItem &&
      (role === "content" || role === "alternative") &&
      isShortOption(unit)
    )
      role = "support";
    if (continuesOffer(all, roles, i)) role = "offer";
    // "How long should the pasta timer be? (Most pasta takes 8–12 minutes — check the packet.)": an aside after a
    // request is a hint for the answer, not content that would leave the request behind.
    if (sinceRequest && unit.aside && (role === "content" || role === "alternative")) role = "support";
    if (role === "support" && !sinceRequest) role = "content";
    // "Which city? Without it I can't fill in the forecast.": an inability that holds only until the question put to
    // the user is answered gives the question its reason; it refuses nothing.
    if ((sinceRequest || asked) && role === "refusal" && isConditionalRefusal(unit.text)) role = "support";
    if (role === "request" && seenContent && unit.asks && isFollowUp(unit)) role = "offer";
    // "…pass it the city. You can also specify the unit.": after content an option added with "also" describes what
    // else is possible, an offer of more; after a request ("Which city? You can also give a zip code.") it supports it.
    if (role === "request" && seenContent && !sinceRequest && ADDED_OPTION.test(unit.text)) role = "offer";
    else if (sinceRequest && role !== "request" && !unit.asks && ADDED_OPTION.test(unit.text))
      role = "support";
    if (pointsBackToStep(all, roles, i, role)) role = "offer";
    // After "I can't place orders", "if you tell me the kind of pizza, I can help you pick" offers other help.
    if (role === "request" && refused === "absolutely" && offersOtherHelp(unit)) role = "offer";
    // After "I can't transfer money. What I can offer: 1. … 2. …", «Напишите, какой вариант подходит» asks the user to
    // pick among the substitutes offered, not for what the refused task lacks.
    if (role === "request" && refused === "absolutely" && CHOOSES_OPTION.test(unit.text)) role = "offer";
    if (role === "request" && stepOfAlternative(all, roles, i)) role = "alternative";
    roles[i] = role;
    asked ||= unit.asks && (role === "request" || role === "offer");
    // A block's units are not introductions of blocks of their own: each unit is looked at once, so this stays linear.
    if (unit.intro && i + 1 < all.length && i >= blockEnd) {
      blockEnd = presentBlock(all, roles, i, sinceRequest);
      if (sinceRequest && introSupports(all, roles, i, lastRequest)) role = roles[i] = "support";
    }
    if (role === "request") {
      sinceRequest = true;
      lastRequest = unit;
    } else if (CONTENT.has(role) && role !== "open_question") {
      sinceRequest = false;
      seenContent = true;
    } else if (role === "refusal") {
      sinceRequest = false;
      refused = refused === "for now" || isConditionalRefusal(unit.text) ? "for now" : "absolutely";
    }
  }
}

/**
 * "Target currency? (ISO code, e.g. EUR)", "Duration? e.g. 10m": a bare noun phrase asked, then a hint for the answer,
 * asks for that thing (a form's field put as a question); "Capital of France? Paris." answers itself.
 */
function hintsBareNounQuestion(all: readonly Unit[], roles: readonly Role[], i: number, role: Role): boolean {
  const unit = all[i] as Unit;
  return (
    i > 0 &&
    roles[i - 1] === "open_question" &&
    isBareNounQuestion(all[i - 1] as Unit) &&
    (unit.aside || GIVES_EXAMPLES.test(unit.text)) &&
    (role === "content" || role === "alternative" || role === "support")
  );
}

/**
 * After "I can't place orders": "if you tell me the kind of pizza, I can help you pick", and its imperative twin "Give me
 * today's rate and I'll multiply it for you" (2.8.0), offer other help on what the user can give; they ask nothing the
 * refused task lacks.
 */
function offersOtherHelp(unit: Unit): boolean {
  const form = requestForm(unit);
  return form === "conditional" || (form === "imperative" && PROMISE.test(unit.text));
}

/** A promise of the assistant's next step joined to an imperative: "…and I'll multiply it", «…, и я посчитаю». */
const PROMISE = /(?:^|\s)(?:and|then) (?:i'll|i will|i can|i'd)\s|,? (?:и|тогда) я (?!не )\p{L}+/u;

/**
 * "I can search the web to confirm it. Would you like me to do that?": the step the permission question points back to
 * is part of the offer, not content (the step before is re-roled here).
 */
function pointsBackToStep(all: readonly Unit[], roles: Role[], at: number, role: Role): boolean {
  const unit = all[at] as Unit;
  if (
    (role !== "offer" && role !== "open_question") ||
    !unit.asks ||
    at === 0 ||
    !POINTS_BACK.test(unit.text)
  )
    return false;
  const before = all[at - 1] as Unit;
  if ((roles[at - 1] !== "content" && roles[at - 1] !== "alternative") || !PROPOSES_STEP.test(before.text))
    return false;
  roles[at - 1] = "offer";
  return true;
}

/**
 * "Where are you headed? A couple of tips while you decide: - …": an introduction whose block supports the request
 * supports it too; it is no content that would make the request rhetorical. Only after a request put to the user in
 * person ("How does a plant eat? Very simply: leaves…" answers its own question), and never a leaked turn label
 * ("User: tell me another one\nAssistant: …" is a transcript, not an introduction).
 */
function introSupports(
  all: readonly Unit[],
  roles: readonly Role[],
  at: number,
  request: Unit | undefined,
): boolean {
  const unit = all[at] as Unit;
  return (
    request !== undefined &&
    putToUser(request) &&
    CONTENT.has(roles[at] as Role) &&
    roles[at + 1] === "support" &&
    !TURN_LABEL.test(unit.text)
  );
}

/**
 * "Easiest through the Yandex Go app: enter Sheremetyevo and 8:00.": an imperative on the line of an alternative that
 * introduces it (ends with a colon) is the step to take there, told to the user, not a request for what the task lacks.
 */
function stepOfAlternative(all: readonly Unit[], roles: readonly Role[], at: number): boolean {
  const unit = all[at] as Unit;
  const before = all[at - 1];
  return (
    before !== undefined &&
    roles[at - 1] === "alternative" &&
    before.intro &&
    before.line === unit.line &&
    !unit.asks
  );
}

/**
 * "Want another one — maybe a programming joke or a dad joke?": options on the line of an offer, opened by a hedge or
 * an "or", are what the offer offers, not a question of their own.
 */
function continuesOffer(all: readonly Unit[], roles: readonly Role[], at: number): boolean {
  const unit = all[at] as Unit;
  const before = all[at - 1];
  return (
    before !== undefined &&
    roles[at - 1] === "offer" &&
    before.line === unit.line &&
    !unit.contrast &&
    OFFERED_OPTIONS.test(unit.text)
  );
}

/** What opens the options of an offer: a hedge, an example or an "or" («может, …», «например…», «или…»). */
const OFFERED_OPTIONS =
  /^(?:maybe|perhaps|say|like|or|e\.g\.|for example|something like|может(?:,| быть,?)?|например|скажем|или|либо)(?:[\s,]|$)/u;

/**
 * A request put to the user in person: addressed (docs/reply-roles.md, S), or a Russian deliberative question in the
 * inclusive "we" that ends with its verb («В какую валюту переводим?», «Какой город проверяем?»).
 */
function putToUser(unit: Unit): boolean {
  return isAddressed(unit) || (unit.asks && INCLUSIVE_WE.test(unit.text));
}

const INCLUSIVE_WE =
  /^(?:в |на |для |из |по |с )?(?:как\p{L}*|котор\p{L}*|сколько|где|куда|когда|что)(?: \p{L}+){0,3} \p{L}{4,}(?:ем|им|ём)$/u;

/** A chat turn's label standing alone before its colon: "User:", "Assistant:", «Пользователь:». */
const TURN_LABEL = /^(?:user|assistant|system|human|ai|bot|model|пользователь|ассистент|бот|модель)$/u;

/**
 * A choice among the options the reply laid out: "which one works for you?", «какой вариант подходит», «выберите»;
 * (2.11.0) a preference between them: "What would you prefer?", «Что вы предпочитаете?», «Как вам удобнее?».
 */
const CHOOSES_OPTION =
  /(?:^|\s)(?:(?:which|what) (?:option|one|of (?:these|those|them|the two))|pick (?:one|an option)|choose (?:one|an option)|(?:как(?:ой|ая|ое|ие)|котор(?:ый|ая|ое|ые)) (?:из )?(?:вариант|способ|пункт)\p{L}*|выбери(?:те)?(?![\p{L}])|(?:what|which) (?:would you|do you) (?:prefer|choose|pick)|(?:что|как) (?:вы |ты )?(?:предпочитаете|предпочитаешь|предпочтёте|предпочтете|выберете|выберешь)|(?:что|как) (?:вам|тебе) (?:удобнее|больше подходит|ближе))/u;

/** A list item of a few words: an option ("Spanish", «Другой язык»), not a sentence of content. */
function isShortOption(unit: Unit): boolean {
  return wordsOf(unit.text).length <= 5;
}

/** An option added to what was said: "You can also specify…", «Можно также указать…», «Вы также можете…». */
const ADDED_OPTION =
  /^(?:(?:and|but|so|или|и|а)\s+)?(?:you (?:can|could|may) (?:also|additionally)|you also can|(?:вы |ты )?(?:также|тоже|ещё|еще) (?:можете|можешь|можно)|(?:вы |ты )?(?:можете|можешь|можно) (?:также|тоже|ещё и|еще и|ещё|еще|дополнительно))\s/u;

/** A permission question that points back to a step just proposed: "Would you like me to do that?", «Сделать это?». */
const POINTS_BACK = new RegExp(
  [
    /(?:^|\s)(?:do (?:that|it|this|so)|go ahead|proceed|run (?:it|that|one)|сделать (?:это|так)|так и сделать|запустить (?:его|поиск)|продолжить)(?:\s|$)|^(?:хотите|хочешь|want (?:me to|that|it)|shall i|should i|would you like (?:that|me to|it))$|^(?:would you like me to|do you want me to|want me to|shall i|should i|хотите,? (?:я|чтобы я)|мне) (?:run|do|search|look|check|find|go|try|(?:поищ|поиск|найд|найт|провер|посмотр|сдела)\p{L}*)(?:\s|$)|^(?:поискать|найти|проверить|посмотреть)(?: \p{L}+){0,2}$/u
      .source,
    // (2.11.0) Asking leave for the step: "May I use web_search?", "Is it OK if I run a search?", «Разрешите
    // воспользоваться web_search?», «Можно мне поискать?».
    /^(?:(?:may|can|could) i|is it (?:ok|okay|alright|fine) (?:if i|to)|do i have (?:your )?permission to|(?:разрешите|позвольте)(?: мне)?|можно(?: мне| я)?|могу ли я) (?:use|run|call|search|look|check|try|go ahead|access|(?:воспольз|использ|вызв|запуст|поиск|поищ|провер|посмотр|выполн|обрат)\p{L}*)(?:\s|$)/u
      .source,
  ].join("|"),
  "u",
);
/** The assistant proposing its own next step: "I can search the web…", "Let me look it up", «Могу поискать…». */
const PROPOSES_STEP = new RegExp(
  [
    /^(?:i can|i could|i'?ll|let me|(?:that'?s|this is|it'?s) something i (?:can|could)|i'?d need to|i would need to|i'?d have to|i would have to|я могу|могу|я бы мог|я бы могла|мне (?:нужно|надо|пришлось|придётся|придется) бы)\s/u
      .source,
    // (2.11.0) The step the answer needs, in the indicative: "I need to search the web for that", «Для получения точной
    // информации мне нужно выполнить поиск», «Для этого нужен поиск».
    /(?:^|\s)(?:i (?:need|have) to (?:search|look|check|use|run|call|query|do a)|(?:that|this|it) (?:needs|requires|would need|would require) (?:a )?(?:search|lookup|web search|tool)|мне (?:нужно|надо|необходимо|требуется) (?:выполнить|сделать|провести|воспользоваться|использовать|поискать|найти|проверить|вызвать|запустить|обратиться)|(?:для этого|тут|здесь) (?:нужен|нужна|нужно|требуется|понадобится) (?:поиск|инструмент|доступ|запрос))(?:\s|$)/u
      .source,
  ].join("|"),
  "u",
);

/** An offer of the assistant's own step: "I can find one", "Want me to search?", «Могу найти», «Поискать?». */
const OFFERS_STEP =
  /^(?:i can|i could|want me to|would you like me to|do you want me to|shall i|should i|let me|могу|я могу|мог бы|могла бы|хотите,? (?:я|чтобы я)|поискать|найти|вызвать|запустить|посчитать|проверить)(?:\s|$)/u;

/** A hint that gives examples of the answer: "e.g. 10m", "for example EUR", «например, Москва». */
const GIVES_EXAMPLES =
  /^(?:e\.?g\.?|for example|for instance|such as|like|например|к примеру|напр\.?)(?![\p{L}])/u;

/** "Is that what you needed?" after an answer: a yes/no question with no question word, no choice, no supplying. */
function isFollowUp(unit: Unit): boolean {
  // "Five minutes OK?" settles the value the reply proposed: a request, not a follow-up.
  if (confirmsAmount(unit) || asksWithWordAtEnd(unit)) return false;
  // «Подскажите город?», "Tell me the city?": an imperative of supplying asked politely is no yes/no question; "Tell
  // me, is that what you needed?" puts its question after the comma.
  if (requestForm(unit) === "imperative" && !unit.text.includes(",")) return false;
  return isYesNoQuestion(unit.text) && !opensWithQuestionWord(unit.text) && !offersChoice(unit.text);
}

/**
 * The block an introduction (a unit ending with ":") opens. After a request, or an introduction in a request's
 * train, the block supports it ("Typical times: - Spaghetti: 9 min"). After a presenting introduction ("Here's the
 * translation:", «Вот черновик:») it is quoted material, up to a paragraph that opens in the assistant's own voice.
 */
function presentBlock(all: readonly Unit[], roles: Role[], at: number, sinceRequest: boolean): number {
  const intro = all[at] as Unit;
  const introRole = roles[at] as Role;
  const supports = introRole === "request" || (sinceRequest && introRole !== "refusal");
  const presents =
    !supports &&
    (CONTENT.has(introRole) || introRole === "small_talk" || introRole === "offer") &&
    (presentsQuotation(intro.text) || CONTENT.has(introRole));
  if (!supports && !presents) return at + 1;
  const next = all[at + 1] as Unit;
  // On its own line an introduction of content presents only what it says it presents ("Before I start it: how long…?"
  // asks; "Here's the translation: …" presents).
  if (presents && next.line === intro.line && !presentsQuotation(intro.text)) return at + 1;
  // A fenced block or a block quote is set off by its own marks: it is the whole presented block, and the line after
  // it is the assistant's voice again ("Here is the call I would make: ```…``` Just tell me the city.").
  if (presents && next.quoted && next.line !== intro.line) return at + 2;
  // A block set off as a paragraph of its own runs paragraph by paragraph; one on the next lines, line by line.
  const byParagraph = next.paragraph !== intro.paragraph;
  let part = byParagraph ? next.paragraph : next.line;
  // A presented list is the block: the first part after it that is no list item is the assistant's own voice again.
  let listOnly = true;
  for (let j = at + 1; j < all.length; j++) {
    const unit = all[j] as Unit;
    const unitPart = byParagraph ? unit.paragraph : unit.line;
    if (unitPart !== part || (listOnly && !unit.listItem && unit.line !== (all[j - 1] as Unit).line)) {
      if (listOnly && !unit.listItem && j > at + 1) return j;
      if (!continuesBlock(roles[j] as Role, unit)) return j;
      part = unitPart;
    }
    if (supports) {
      // Tips in the block ("1. Check the package.") are the request's too, while the user finds the answer.
      if (CONTENT.has(roles[j] as Role)) roles[j] = "support";
      else if (roles[j] !== "support") return j;
    } else roles[j] = "quoted";
    listOnly &&= unit.listItem;
  }
  return all.length;
}

/** A later part belongs to the presented block unless it opens in the assistant's own voice. */
function continuesBlock(role: Role, unit: Unit): boolean {
  if (role === "refusal" || role === "offer" || role === "small_talk" || role === "tool_remark") return false;
  if (role === "alternative" || (role === "request" && unit.contrast)) return false;
  if (
    role === "request" &&
    /^(?:but|and|also|first|then|now|но|а|и|сначала|также|только)(?![\p{L}])/u.test(unit.text)
  )
    return false;
  return !/^(?:i|i'm|i'll|i've|i'd|let me|я|мне|могу|если)(?![\p{L}'])/u.test(unit.text);
}

/**
 * "Could you specify the city? This will help me find attractions.": a request put to the user in person, followed by
 * one sentence and nothing else of substance, is a request with its context (a rhetorical "Why blue? Air scatters…"
 * names no one, and stays an answer).
 */
function contextAfterRequest(all: readonly Unit[], roles: Role[]): void {
  const substantive = roles.flatMap((role, i) => (NEUTRAL.has(role) ? [] : [i]));
  const last = substantive.at(-1);
  if (last === undefined || roles[last] !== "content") return;
  // The one sentence after the request may be cut into clauses ("Most pasta takes 8–12 minutes, but the package will
  // have the exact time"): its content clauses are one unit of context.
  const sentence = (all[last] as Unit).sentence;
  let first = substantive.length - 1;
  while (first > 0) {
    const previous = substantive[first - 1] as number;
    if (roles[previous] !== "content" || (all[previous] as Unit).sentence !== sentence) break;
    first--;
  }
  const before = substantive[first - 1];
  if (before === undefined || roles[before] !== "request") return;
  const request = all[before] as Unit;
  const context = all[last] as Unit;
  const sameSentenceAsNext = context.line === request.line || context.paragraph === request.paragraph;
  if (!sameSentenceAsNext || !isAddressed(request)) return;
  for (const i of substantive.slice(first)) roles[i] = "support";
}

function decide(roles: readonly Role[], all: readonly Unit[]): Omit<ReplyReading, "units"> {
  const substantive = roles.filter((role) => !NEUTRAL.has(role));
  const hasContent = substantive.some((role) => CONTENT.has(role) && role !== "open_question");
  const resolved = substantive.map((role) =>
    role === "open_question" ? (hasContent || substantive.includes("refusal") ? "content" : "request") : role,
  );
  const last = resolved.at(-1);
  if (last === "request") return { behaviour: "question", informative: false };
  if (resolved.includes("refusal")) {
    // Content beside a declined task is a substitute ("I'd rather not repeat that line… 1 + 1 = 2"), not the answer.
    const declined = all.some((unit, i) => roles[i] === "refusal" && isDecline(unit.text));
    const informative = !declined && resolved.some((role) => role === "content" || role === "quoted");
    return { behaviour: "refusal", informative };
  }
  // Only alternatives ("I'd recommend searching for this", «Попробуйте поискать в интернете»): the reply sends the
  // user elsewhere instead of answering, a deflection, which declines as a refusal does.
  if (resolved.length > 0 && resolved.every((role) => role === "alternative")) {
    // "Better to use a search — I can find an article, if you like?": an offer to take the step itself, put as a
    // question, leaves the decision to the user: the reply asks back.
    const offers = all.filter((_, i) => roles[i] === "offer");
    const asksToAct = offers.some((unit) => unit.asks) && offers.some((unit) => OFFERS_STEP.test(unit.text));
    return { behaviour: asksToAct ? "question" : "refusal", informative: false };
  }
  if (resolved.length > 0) return { behaviour: "answer", informative: false };
  // Only offers and courtesy: asking "Would you like me to…?" with nothing else is asking back.
  return { behaviour: all.some((unit) => unit.asks) ? "question" : "answer", informative: false };
}

/**
 * Reads a no-call reply by the roles of its units.
 * @example readReply("15% of 80 is 12. Want another one?").behaviour // "answer"
 * @example readReply("Just name the target language.").behaviour // "question"
 * @example readReply("That's beyond what I can look up here.").behaviour // "refusal"
 */
export function readReply(prose: string): ReplyReading {
  const { decision, all, roles } = readRoles(prose);
  return {
    ...decision,
    units: all.map((unit, i) => ({ text: unit.text, role: roles[i] as Role, asks: unit.asks })),
  };
}

/** {@link readReply}'s behaviour alone, without the list of roled units: what grading reads, once per output. */
export function readBehaviour(prose: string): Omit<ReplyReading, "units"> {
  return readRoles(prose).decision;
}

function readRoles(prose: string): { decision: Omit<ReplyReading, "units">; all: Unit[]; roles: Role[] } {
  // Nothing said, nothing asked, nothing refused: the common case of a reply that was only a call, read at once.
  if (prose.trim() === "")
    return { decision: { behaviour: "answer", informative: false }, all: [], roles: [] };
  const all = units(prose);
  const script = scriptOf(all);
  const roles = all.map((unit) => roleOf(unit, script));
  inContext(all, roles);
  contextAfterRequest(all, roles);
  return { decision: decide(roles, all), all, roles };
}
