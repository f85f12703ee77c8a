/** convert_currency: an amount next to one currency, and a second currency to convert into. */
import { CURRENCY_ALIASES } from "../../tools/aliases/currency.js";
import { withDigits } from "./numbers.js";
import { fold, languageOf } from "./text.js";
import { type Found, phrasesIn, type Token, tokenize } from "./tokens.js";
import type { Rule } from "./types.js";

export interface Mention extends Found {
  index: number;
  amount: number | null;
}

// Only an explicit exchange verb makes a missing target currency worth asking about.
const CONVERT = /\b(?:convert(?:ing)?|exchang(?:e|ing)|chang(?:e|ing))\b|конверт|обмен|переведи|поменя/;
const RATE = /\b(?:exchange rate|rate)\b|(?:^|\s)курс/;
const TARGET_PREPOSITION = /^(?:to|in|into|for|в|во|на)$/;
const AMOUNT_QUESTION = {
  en: "How much money, and in which currency, should I convert?",
  ru: "Какую сумму и из какой валюты перевести?",
};
// "How much is that in euros?", «Сколько это в евро?»: a conversion of an amount the text never gives.
const THAT_IN =
  /\b(?:how much|what) (?:is|'s|would be|will be) (?:that|it|this)\b|(?:^|\s)сколько (?:это|будет это|это будет)(?!\p{L})/u;

function amountNear(tokens: readonly Token[], index: number, length: number): number | null {
  const before = tokens[index - 1];
  const after = tokens[index + length];
  return before?.number ?? after?.number ?? null;
}

/** Every currency the text names, with the amount written next to it. */
export function currencyMentions(text: string): { tokens: Token[]; mentions: Mention[] } {
  const tokens = tokenize(withDigits(fold(text), languageOf(text)));
  const mentions = phrasesIn(tokens, (key) => CURRENCY_ALIASES.get(key)).map((found) => ({
    ...found,
    amount: amountNear(tokens, found.index, found.length),
  }));
  return { tokens, mentions };
}

/** Whether a target-like preposition ("to X", «в X») follows the source, so the target may be a unit instead. */
function hasTargetPhrase(tokens: readonly Token[], after: number): boolean {
  return tokens.slice(after).some((token, i) => TARGET_PREPOSITION.test(token.text) && tokens[after + i + 1]);
}

export const currencyRule: Rule = {
  tool: "convert_currency",
  question: { en: "Which currency should I convert it into?", ru: "В какую валюту перевести?" },
  match(text) {
    const folded = fold(text);
    const { tokens, mentions } = currencyMentions(text);
    if (mentions.length === 0) return null;
    const source = mentions.find((mention) => mention.amount !== null);
    if (source === undefined) {
      const [from, to] = mentions;
      // "What's the USD to EUR rate?" is one unit of the first currency.
      if (from && to && from.value !== to.value && RATE.test(folded)) {
        return {
          name: "convert_currency",
          arguments: { amount: 1, from_currency: from.value, to_currency: to.value },
        };
      }
      const asked =
        mentions.length === 1 && from && TARGET_PREPOSITION.test(tokens[from.index - 1]?.text ?? "");
      return asked && THAT_IN.test(folded) ? { ask: AMOUNT_QUESTION } : null;
    }
    const target =
      mentions.find((mention) => mention.index > source.index && mention.value !== source.value) ??
      mentions.find((mention) => mention.value !== source.value);
    if (target === undefined) {
      const open = !hasTargetPhrase(tokens, source.index + source.length) && CONVERT.test(folded);
      return open ? "clarify" : null;
    }
    return {
      name: "convert_currency",
      arguments: { amount: source.amount, from_currency: source.value, to_currency: target.value },
    };
  },
};
