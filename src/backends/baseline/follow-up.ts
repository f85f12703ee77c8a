/** Follow-ups that need the history: "And what about Paris?", "Now divide that by 5", «А в Казани?». */
import { escapeRegExp } from "../../text/chars.js";
import { UNIT_ALIASES } from "../../tools/aliases/unit.js";
import type { Call } from "../../tools/types.js";
import { currencyMentions } from "./currency.js";
import { formatNumber, numbersIn, withDigits } from "./numbers.js";
import { findCity, findTimezone } from "./places.js";
import { fold, languageOf, quotedSegments, wordCount } from "./text.js";
import { durationSeconds, RELATIVE } from "./timer.js";
import { phrasesIn, tokenize } from "./tokens.js";
import { targetLanguage } from "./translate.js";
import type { History } from "./types.js";
import { temperatureUnitOf } from "./weather.js";

const N = String.raw`(\d+(?:\.\d+)?)`;
const IT = String.raw`(?:\s+(?:that|it|this|the result|the answer|это|его|результат|ответ))?`;
const re = (source: string): RegExp => new RegExp(source, "u");

// Operations on "that" (the previous result): [pattern, how the new expression is built].
const OPERATIONS: ReadonlyArray<readonly [RegExp, (previous: string, n: string) => string]> = [
  [
    re(
      String.raw`\b(?:square root|sqrt) of (?:that|it|this|the result)|корень (?:квадратный )?из (?:этого|него|результата)`,
    ),
    (p) => `sqrt(${p})`,
  ],
  [
    re(
      String.raw`${N}\s*(?:%|percent|процент\p{L}*) (?:of|от) (?:that|it|this|the result|этого|него|результата)`,
    ),
    (p, n) => `${n}/100*${p}`,
  ],
  [
    re(
      String.raw`\b(?:divide|divided)${IT}\s+by\s+${N}|(?:раздели|подели|дели|разделить|поделить)(?:те)?${IT}\s+на\s+${N}`,
    ),
    (p, n) => `${p}/${n}`,
  ],
  [
    re(
      String.raw`\b(?:multiply|multiplied)${IT}\s+by\s+${N}|\btimes\s+${N}|(?:умножь|умножить|помножь)(?:те)?${IT}\s+на\s+${N}`,
    ),
    (p, n) => `${p}*${n}`,
  ],
  // A percentage taken off or added on: "take 15% off that", «отними от этой суммы 15 процентов».
  [
    re(
      String.raw`\b(?:subtract|take|knock|reduce|lower|discount)\b[^\d]{0,30}${N}\s*(?:%|percent)|(?:вычти|отними|убавь|сними|уменьши|скинь)(?:те)?[^\d]{0,30}${N}\s*(?:%|процент)`,
    ),
    (p, n) => `${p}*(1-${n}/100)`,
  ],
  [
    re(
      String.raw`\b(?:add|increase|raise)\b[^\d]{0,30}${N}\s*(?:%|percent)|(?:прибавь|добавь|увеличь|накинь)(?:те)?[^\d]{0,30}${N}\s*(?:%|процент)`,
    ),
    (p, n) => `${p}*(1+${n}/100)`,
  ],
  [
    re(
      String.raw`\b(?:add|plus)\s+${N}|(?:прибавь|добавь|прибавить|добавить|плюс)(?:те)?(?:\s+к\s+(?:этому|нему|результату))?\s+${N}`,
    ),
    (p, n) => `${p}+${n}`,
  ],
  [
    re(
      String.raw`\b(?:subtract|minus|take away)\s+${N}|(?:вычти|отними|вычесть|отнять|минус)(?:те)?(?:\s+(?:из|от)\s+(?:этого|него|результата))?\s+${N}`,
    ),
    (p, n) => `${p}-${n}`,
  ],
  [re(String.raw`\bsquare (?:that|it|the result)\b|\bsquared\b|в квадрат`), (p) => `${p}^2`],
  [re(String.raw`\bdouble (?:that|it|the result)\b|удвой`), (p) => `${p}*2`],
  [re(String.raw`\bhalve (?:that|it|the result)\b|раздели пополам`), (p) => `${p}/2`],
];

const FOLLOW_UP_START =
  /^(?:and|what about|how about|ok(?:ay)?,? and|now|then|а|и|ну а|а если|тогда|теперь)(?!\p{L})/u;
const REFERENCE =
  /\b(?:that|this|it|those|these|them|there|the same|the result|from the note)\b|(?:^|\s)(?:эт\p{L}*|их|там|столько|полученн\p{L}*)(?!\p{L})/u;

type ToolTurn = Extract<History[number], { role: "tool" }>;

function lastToolCall(history: History): Call | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message?.role === "assistant" && "tool_call" in message) return message.tool_call;
  }
  return null;
}

function lastToolResult(history: History): ToolTurn | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message?.role === "tool") return message;
  }
  return null;
}

/** The number a result stands for: the calculator's answer, or the last figure of any other result. */
function resultNumber(result: ToolTurn | null): number | null {
  const values = numbersIn(result?.content ?? "");
  return (result?.name === "calculator" ? values[0] : values.at(-1)) ?? null;
}

/** "Now divide that by 5" → calculator on the previous result. */
function arithmetic(text: string, result: ToolTurn | null): Call | null {
  const previous = resultNumber(result);
  if (previous === null) return null;
  const folded = withDigits(fold(text), languageOf(text));
  const shown = previous < 0 ? `(${formatNumber(previous)})` : formatNumber(previous);
  for (const [pattern, build] of OPERATIONS) {
    const match = pattern.exec(folded);
    if (!match) continue;
    const n = match.slice(1).find((group) => group !== undefined) ?? "";
    return { name: "calculator", arguments: { expression: build(shown, n) } };
  }
  return null;
}

/** The amount a currency result shows next to `code` ("200 USD = 184.60 EUR" → 184.6 for EUR). */
function amountIn(content: string, rawCode: string): number | null {
  const code = escapeRegExp(rawCode);
  const near = new RegExp(String.raw`(\d+(?:[.,]\d+)*)\s*${code}|${code}\s*(\d+(?:[.,]\d+)*)`, "i").exec(
    content,
  );
  const raw = near?.[1] ?? near?.[2];
  return raw === undefined ? null : (numbersIn(raw)[0] ?? null);
}

function currency(text: string, previous: Call, result: ToolTurn | null): Call | null {
  const args = previous.arguments;
  const { mentions } = currencyMentions(text);
  const given = mentions.find((mention) => mention.amount !== null);
  if (given) {
    const to = mentions.find((mention) => mention !== given)?.value ?? args.to_currency;
    return {
      name: previous.name,
      arguments: { amount: given.amount, from_currency: given.value, to_currency: to },
    };
  }
  const lastTo = String(args.to_currency ?? "");
  const target = mentions.filter((mention) => mention.value !== lastTo).at(-1)?.value;
  if (target === undefined) return null;
  if (REFERENCE.test(fold(text)) && lastTo !== "") {
    // "those euros": convert what the previous conversion produced.
    const amount = amountIn(result?.content ?? "", lastTo) ?? args.amount;
    return { name: previous.name, arguments: { amount, from_currency: lastTo, to_currency: target } };
  }
  return { name: previous.name, arguments: { ...args, to_currency: target } };
}

function units(text: string, previous: Call): Call | null {
  const tokens = tokenize(withDigits(fold(text), languageOf(text)));
  const unit = phrasesIn(tokens, (key) => UNIT_ALIASES.get(key), { inflected: true }).at(-1)?.value;
  const value = tokens.find((token) => token.number !== null)?.number;
  if (unit === undefined && value === undefined) return null;
  const args = { ...previous.arguments };
  if (unit !== undefined) args.to_unit = unit;
  if (value !== undefined) args.value = value;
  return { name: previous.name, arguments: args };
}

/** "And into German?" → a new target; "Now translate that into Italian" → the last translation, onwards. */
function translation(text: string, previous: Call, result: ToolTurn | null): Call | null {
  const args = { ...previous.arguments };
  const target = targetLanguage(text);
  const quoted = quotedSegments(text)[0];
  if (quoted !== undefined) args.text = quoted;
  else if (REFERENCE.test(fold(text)) && result?.name === "translate" && target !== undefined) {
    args.text = result.content;
    args.source_language = previous.arguments.target_language;
  } else if (target === undefined) return null;
  if (target !== undefined) args.target_language = target;
  return { name: previous.name, arguments: args };
}

/** "The same again, 5 minutes longer" → the previous duration changed by the new one. */
function timer(text: string, previous: Call): Call | null {
  const seconds = durationSeconds(text);
  if (seconds <= 0) return null;
  const folded = fold(text);
  const before = Number(previous.arguments.seconds);
  if (!RELATIVE.test(folded) || !Number.isFinite(before))
    return { ...previous, arguments: { ...previous.arguments, seconds } };
  const shorter = /\b(?:shorter|less)\b|меньше|короче/u.test(folded);
  return {
    ...previous,
    arguments: { ...previous.arguments, seconds: shorter ? before - seconds : before + seconds },
  };
}

/** The previous call again, with the one argument the follow-up changes. */
function substitute(text: string, previous: Call, result: ToolTurn | null): Call | null {
  const args = previous.arguments;
  const withArgs = (changes: Record<string, unknown>): Call => ({
    name: previous.name,
    arguments: { ...args, ...changes },
  });
  switch (previous.name) {
    case "get_weather": {
      const city = findCity(text);
      const unit = temperatureUnitOf(fold(text));
      if (city === null && unit === null) return null;
      return withArgs({ ...(city === null ? {} : { city }), ...(unit === null ? {} : { unit }) });
    }
    case "get_time": {
      const timezone = findTimezone(text);
      return timezone === null ? null : withArgs({ timezone });
    }
    case "translate":
      return translation(text, previous, result);
    case "convert_currency":
      return currency(text, previous, result);
    case "convert_units":
      return units(text, previous);
    case "set_timer":
      return timer(text, previous);
    default:
      return null;
  }
}

/** A call that continues the conversation, or null when the text is not a follow-up of an earlier call. */
export function followUp(text: string, history: History): Call | null {
  const previous = lastToolCall(history);
  if (previous === null) return null;
  const result = lastToolResult(history);
  const computed = arithmetic(text, result);
  if (computed) return computed;
  const short = wordCount(text) <= 12 || FOLLOW_UP_START.test(fold(text).trim());
  return short ? substitute(text, previous, result) : null;
}

/**
 * Earlier turns that may hold a missing argument ("a timer for the baking time from that note"),
 * most recent first: only when the text points back at them.
 */
export function contextFor(text: string, history: History): string[] {
  if (!REFERENCE.test(fold(text))) return [];
  const pieces: string[] = [];
  for (const message of [...history].reverse()) {
    if (message.role === "user") pieces.push(message.content);
    else if (message.role === "assistant" && "tool_call" in message) {
      pieces.push(
        Object.values(message.tool_call.arguments)
          .filter((value) => typeof value === "string")
          .join(" "),
      );
    }
  }
  return pieces.filter((piece) => piece.trim() !== "");
}
