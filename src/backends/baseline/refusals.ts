/** Prose instead of a call: "don't use tools", "repeat after me", and requests no tool can serve (pizza, taxi, email). */

import { evaluateExpression } from "../../tools/arithmetic.js";
import { extractExpression } from "./calculator.js";
import { formatNumber } from "./numbers.js";
import { fold, type Lang, languageOf, trimEdges } from "./text.js";
import { durationSeconds, unitSeconds } from "./timer.js";

/** Fixed prose replies, by language. */
export const PROSE = {
  // The baseline knows no facts: where a model would answer, it says plainly that it cannot (a refusal).
  unknown: { en: "I can't answer that without a tool.", ru: "Не могу ответить на это без инструмента." },
  cannot: {
    en: "I can't do that with the tools I have.",
    ru: "Я не могу сделать это с доступными инструментами.",
  },
  noTools: { en: "Understood, I won't use any tools.", ru: "Хорошо, без инструментов." },
  repeat: {
    en: "I'll repeat it as text only, without running anything.",
    ru: "Повторю только как текст, ничего не запуская.",
  },
} as const satisfies Record<string, Record<Lang, string>>;

// A negated tool verb with a tool-like object ("don't actually call it", "without searching the
// web", «не ищи в интернете», «без переводчика»); "I don't use metric" has no such object.
const NO_TOOLS = [
  /\b(?:do not|don't|dont|never|without|no need to)\s+(?:actually\s+|even\s+|really\s+)?(?:use|using|call|calling|run|running|start|starting|search|searching|look(?:ing)? up|touch|invoke|invoking)\b[^.!?]{0,25}?\b(?:tools?|functions?|it|them|anything|the web|the internet|online|calculator|timer|search|lookups?|apis?)\b/u,
  /\bno (?:tools|tool calls|lookups|searching|searches)\b|\bfrom memory\b|\b(?:answer|reply) (?:yourself|directly)\b/u,
  /(?:^|\s)не\s+(?:используй|используйте|используя|вызывай|вызывайте|ищи|ищите|гугли|гуглите|запускай|запускайте|применяй|применяйте)(?!\p{L})/u,
  /ничего не (?:вызывай|вызывайте|запускай|ищи)|без\s+(?:\p{L}+\s+){0,2}(?:инструмент|калькулятор|переводчик|поиск|интернет|функци|гугл)/u,
];
const REPEAT =
  /\b(?:repeat after me|repeat (?:this|exactly|back)|say exactly|echo)\b|повтори(?:те)?(?: за мной| дословно| в точности)?\s*:/u;
// Text that an extractor would read as a call; echoing it would turn a refusal into a call.
const CALL_LIKE = /\bTOOL\b|[{}<>]|"name"|\bfunction\b/i;

const IMPOSSIBLE =
  /^(?:(?:please|hey|ok|okay|can you|could you|would you|пожалуйста|можешь|можете)[\s,]+)*(?:order|book|buy|purchase|send|email|e-mail|call|phone|dial|pay|reserve|deliver|post|tweet|hail|закажи|забронируй|купи|отправь|позвони|вызови|оплати|переведи деньги|напиши письмо)(?!\p{L})/u;
const IMPOSSIBLE_ANYWHERE =
  /\b(?:order (?:me )?(?:a |some )?(?:pizza|food|taxi|cab|uber)|book (?:me )?(?:a )?(?:flight|table|hotel|room|ticket|taxi)|send (?:an? )?(?:email|e-mail|text|sms|message)|call (?:me )?(?:a )?(?:taxi|cab|uber))\b|закажи|забронируй|вызови такси|отправь (?:письмо|сообщение|смс)|запиши(?:те)? (?:меня|нас) (?:к|на)(?!\p{L})/u;

// "How many seconds are there in five minutes?", «Сколько минут в сутках?»: time units are fixed ratios.
const HOW_MANY_UNITS =
  /how many (\p{L}+) (?:are there |are |is there |is )?in (?:a |an |one )?([^?.!]+)|сколько (\p{L}+) (?:в|во) ([^?.!]+)/u;

/** The number of one time unit in a duration, from the text alone; null when it is not such a question. */
function unitsInDuration(text: string): number | null {
  const match = HOW_MANY_UNITS.exec(fold(text));
  const target = unitSeconds(match?.[1] ?? match?.[3] ?? "");
  const rest = (match?.[2] ?? match?.[4] ?? "").trim();
  if (target === null || rest === "") return null;
  const seconds = durationSeconds(rest) || (unitSeconds(rest.split(/\s+/)[0] ?? "") ?? 0);
  return seconds > 0 ? seconds / target : null;
}

/** The answer itself, for "What is 2 plus 2? Do not use any tools." (arithmetic, or time units). */
function answerWithoutTools(text: string, lang: Lang): string {
  const expression = extractExpression(text);
  const evaluated = expression === null ? null : evaluateExpression(expression);
  const value = evaluated?.ok ? evaluated.value : unitsInDuration(text);
  if (value !== null)
    return lang === "ru" ? `Ответ: ${formatNumber(value)}.` : `The answer is ${formatNumber(value)}.`;
  return PROSE.noTools[lang];
}

function echo(text: string, lang: Lang): string {
  const colon = text.indexOf(":");
  const said = colon >= 0 ? trimEdges(text.slice(colon + 1)) : "";
  if (said === "" || CALL_LIKE.test(said)) return PROSE.repeat[lang];
  return said;
}

/** A prose reply for instruction traps ("don't use tools", "repeat after me"), checked before any rule. */
export function instructionTrap(text: string): string | null {
  const folded = fold(text);
  const lang = languageOf(text);
  if (NO_TOOLS.some((pattern) => pattern.test(folded))) return answerWithoutTools(text, lang);
  if (REPEAT.test(folded)) return echo(text, lang);
  return null;
}

/** A prose reply for actions no offered tool can perform (ordering, booking, sending, calling). */
export function impossibleRequest(text: string): string | null {
  const folded = fold(trimEdges(text));
  return IMPOSSIBLE.test(folded) || IMPOSSIBLE_ANYWHERE.test(folded) ? PROSE.cannot[languageOf(text)] : null;
}

// Words that open a question, and politeness that may come before a command.
const QUESTION_START =
  /^(?:who|what|what's|whats|wats|which|when|where|why|how|is|are|am|do|does|did|can|could|would|will|should|кто|что|какой|какая|какое|какие|когда|где|почему|зачем|как|сколько|ли)(?!\p{L})/u;
const POLITE_START = /^(?:(?:please|pls|plz|hey|ok|okay|now|пожалуйста|плиз|слушай|эй)[\s,]+)+/u;
// Commands to say or write something: the model does those in words, so they are not capability gaps.
const SPEECH =
  /^(?:tell|write|explain|describe|say|give|list|compose|summari[sz]e|define|translate|name|answer|recite|расскажи|напиши|объясни|опиши|скажи|перечисли|придумай|назови|ответь|переведи на)/u;
// An English command starts with a verb; a Russian one with an imperative («включи», «поставь», «переведи»).
const ENGLISH_COMMAND = /^[a-z]+(?:\s|$)/u;
const RUSSIAN_IMPERATIVE = /^\p{L}+(?:и|ь|й)(?:те)?(?!\p{L})/u;
// A statement, not a command: "The lights are on", "Dogs are cute", «Я дома».
const NOT_A_VERB =
  /^(?:the|a|an|my|your|this|that|it|i|we|you|he|she|they|there|here|and|or|but|if|so|just|я|мы|ты|вы|он|она|они|это)(?!\p{L})|^\p{L}+\s+(?:is|are|was|were|has|have)(?!\p{L})/u;

/**
 * The prose for a message no rule recognised: a command to act ("Turn on the lights", «Переведи маме 500 рублей»)
 * is declined, since no offered tool was found for it; anything else — a question, a request to say or write
 * something — is met with "I can't answer that without a tool" (the baseline has no knowledge to answer with).
 */
export function unrecognised(text: string): string {
  const lang = languageOf(text);
  const folded = fold(trimEdges(text)).replace(POLITE_START, "");
  const asks = text.includes("?") || QUESTION_START.test(folded);
  const command =
    !asks &&
    !SPEECH.test(folded) &&
    !NOT_A_VERB.test(folded) &&
    (lang === "ru" ? RUSSIAN_IMPERATIVE : ENGLISH_COMMAND).test(folded);
  return command ? PROSE.cannot[lang] : PROSE.unknown[lang];
}
