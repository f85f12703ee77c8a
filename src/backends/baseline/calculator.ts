/** calculator: arithmetic in digits or words (EN/RU) rewritten into an expression the evaluator accepts. */
import { evaluateExpression } from "../../tools/arithmetic.js";
import { withDigits } from "./numbers.js";
import { fold, languageOf } from "./text.js";
import type { Rule } from "./types.js";

const N = String.raw`\d+(?:\.\d+)?`;
const re = (source: string): RegExp => new RegExp(source, "gu");

// Phrase → symbol rewrites, most specific first. Every pattern is a fixed phrase around plain
// numbers, so none can backtrack badly.
const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [re(String.raw`√\s*(${N})`), "sqrt($1)"],
  [re(String.raw`(?:the\s+)?(?:square\s+root|sqrt)\s+of\s+(${N})`), "sqrt($1)"],
  [re(String.raw`(?:квадратный\s+)?корень(?:\s+квадратный)?\s+из\s+(${N})`), "sqrt($1)"],
  [re(String.raw`(?:the\s+)?cube\s+root\s+of\s+(${N})`), "$1^(1/3)"],
  [re(String.raw`(${N})\s+squared`), "$1^2"],
  [re(String.raw`(${N})\s+cubed`), "$1^3"],
  [re(String.raw`(${N})\s+в\s+квадрате`), "$1^2"],
  [re(String.raw`(${N})\s+в\s+кубе`), "$1^3"],
  [
    re(
      String.raw`(${N})\s+(?:to\s+the\s+power\s+of|raised\s+to(?:\s+the\s+power\s+of)?|to\s+the)\s+(${N})(?:st|nd|rd|th)?(?:\s+power)?`,
    ),
    "$1^$2",
  ],
  [re(String.raw`(${N})\s+в\s+степени\s+(${N})`), "$1^$2"],
  [re(String.raw`(${N})\s+в\s+(${N})(?:-?(?:й|ой|ей))?\s+степени`), "$1^$2"],
  [re(String.raw`(${N})\s*(?:%|percent|per\s+cent|процент(?:а|ов)?)\s+(?:of|от)\s+(${N})`), "$1/100*$2"],
  // "an 18% tip on a $64.50 bill", «15% чаевых от 2000 рублей».
  [
    re(
      String.raw`(${N})\s*(?:%|percent|процент\p{L}*)\s+(?:\p{L}+\s+){0,2}(?:of|on|от|с)\s+(?:an?\s+|the\s+)?[$€£₽]?\s*(${N})`,
    ),
    "$1/100*$2",
  ],
  [re(String.raw`(?:the\s+)?sum\s+of\s+(${N})\s+and\s+(${N})`), "($1+$2)"],
  [re(String.raw`(?:the\s+)?product\s+of\s+(${N})\s+and\s+(${N})`), "($1*$2)"],
  [re(String.raw`(?:the\s+)?difference\s+between\s+(${N})\s+and\s+(${N})`), "($1-$2)"],
  [re(String.raw`сумм[аыу]\s+(${N})\s+и\s+(${N})`), "($1+$2)"],
  [re(String.raw`произведение\s+(${N})\s+и\s+(${N})`), "($1*$2)"],
  [re(String.raw`\badd\s+(${N})\s+(?:and|to)\s+(${N})`), "($1+$2)"],
  [re(String.raw`\bsubtract\s+(${N})\s+from\s+(${N})`), "($2-$1)"],
  [re(String.raw`\bmultiply\s+(${N})\s+(?:by|and)\s+(${N})`), "($1*$2)"],
  [re(String.raw`\bdivide\s+(${N})\s+by\s+(${N})`), "($1/$2)"],
  [re(String.raw`(?:сложи|сложить)\s+(${N})\s+и\s+(${N})`), "($1+$2)"],
  [re(String.raw`(?:умножь|умножить)\s+(${N})\s+на\s+(${N})`), "($1*$2)"],
  [re(String.raw`(?:раздели|разделить|подели|поделить)\s+(${N})\s+на\s+(${N})`), "($1/$2)"],
  [re(String.raw`(${N})\s*[x×]\s*(${N})`), "$1*$2"],
  [re(String.raw`(${N})\s+over\s+(${N})`), "$1/$2"],
  [re(String.raw`\s(?:multiplied\s+by|times)\s`), " * "],
  [re(String.raw`\sdivided\s+by\s`), " / "],
  [re(String.raw`\splus\s`), " + "],
  [re(String.raw`\sminus\s`), " - "],
  [re(String.raw`\s(?:умножить|умноженное|умножено|помножить|помноженное)\s+на\s`), " * "],
  [re(String.raw`\s(?:разделить|делить|поделить|деленное|поделенное|разделенное|разделено)\s+на\s`), " / "],
  [re(String.raw`\s(?:плюс|прибавить)\s`), " + "],
  [re(String.raw`\s(?:минус|отнять|вычесть)\s`), " - "],
];

// Words that say "work this out": without one, a bare "1939-1945" or "12/05" is a date, not a sum.
const CUE =
  /\b(?:what(?:'s| is)|how much|calculate|compute|evaluate|solve|work out|equals?)\b|=|сколько|посчитай|подсчитай|вычисли|чему равн|реши|найди/;
const VERBS = /\b(?:calculate|compute|evaluate|solve|do the math)\b|посчитай|подсчитай|вычисли|рассчитай/;
const ALLOWED = /[\d.\s+\-*/^()%]/;
const OPERATOR = /[+\-*/^%]|sqrt/;

/** The maximal runs of expression characters (digits, operators, brackets, `sqrt`) in a text. */
function runs(text: string): string[] {
  const found: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith("sqrt", i)) {
      current += "sqrt";
      i += 3;
    } else if (ALLOWED.test(text.charAt(i))) current += text.charAt(i);
    else {
      found.push(current);
      current = "";
    }
  }
  found.push(current);
  return found;
}

/** A run cleaned into a candidate: spaces collapsed, dangling operators and unbalanced brackets dropped. */
function clean(run: string): string {
  let text = run.replace(/\s+/g, " ").trim();
  text = text.replace(/^[+*/^%.)\s]+|[+\-*/^.(\s]+$/g, "");
  const open = (text.match(/\(/g) ?? []).length;
  const close = (text.match(/\)/g) ?? []).length;
  if (open > close && text.startsWith("(") && !text.startsWith("sqrt")) text = text.replace(/^\(\s*/, "");
  else if (close > open && text.endsWith(")")) text = text.replace(/\s*\)$/, "");
  return text.trim();
}

/** The expression a text asks to evaluate, or null when it holds none. */
export function extractExpression(text: string): string | null {
  const folded = fold(text);
  const digits = ` ${withDigits(folded, languageOf(text))} `;
  let rewritten = digits;
  for (const [pattern, replacement] of REWRITES) rewritten = rewritten.replace(pattern, replacement);
  // An operator spelled in words ("divided by", «умножить на») is a sum, whatever the cue.
  const worded = rewritten !== digits;
  let best: string | null = null;
  for (const run of runs(rewritten)) {
    const candidate = clean(run);
    if (!/\d/.test(candidate) || !OPERATOR.test(candidate.replace(/^-/, ""))) continue;
    if (!evaluateExpression(candidate).ok) continue;
    if (best === null || candidate.length > best.length) best = candidate;
  }
  if (best === null) return null;
  const symbolic = /^[\d.\s\-/]+$/.test(best);
  return symbolic && !worded && !CUE.test(folded) ? null : best;
}

export const calculatorRule: Rule = {
  tool: "calculator",
  question: { en: "What would you like me to calculate?", ru: "Что нужно посчитать?" },
  match(text) {
    const expression = extractExpression(text);
    if (expression !== null) return { name: "calculator", arguments: { expression } };
    return VERBS.test(fold(text)) && !/\d/.test(text) ? "clarify" : null;
  },
};
