/** Numbers as people write them: digit groups, decimal commas and English and Russian number words → digits. */
import type { Lang } from "./text.js";

type Kind = "unit" | "teen" | "ten" | "hundreds" | "hundred" | "scale";
interface Word {
  value: number;
  kind: Kind;
}

const w = (value: number, kind: Kind): Word => ({ value, kind });

function russian(entries: ReadonlyArray<readonly [number, Kind, readonly string[]]>): [string, Word][] {
  return entries.flatMap(([value, kind, words]) =>
    words.map((word): [string, Word] => [word, w(value, kind)]),
  );
}

// Russian forms cover the cases a number takes after prepositions («из пяти», «на двух»).
const WORDS: ReadonlyMap<string, Word> = new Map<string, Word>([
  ...(
    [
      "zero one two three four five six seven eight nine".split(" "),
      "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" "),
    ] as const
  ).flatMap((row, r) =>
    row.map((word, i): [string, Word] => [word, w(r * 10 + i, r === 0 ? "unit" : "teen")]),
  ),
  ..."twenty thirty forty fifty sixty seventy eighty ninety"
    .split(" ")
    .map((word, i): [string, Word] => [word, w((i + 2) * 10, "ten")]),
  ["hundred", w(100, "hundred")],
  ["thousand", w(1e3, "scale")],
  ["million", w(1e6, "scale")],
  ["billion", w(1e9, "scale")],
  ...russian([
    [0, "unit", ["ноль", "нуль", "нуля"]],
    [1, "unit", ["один", "одна", "одно", "одного", "одной", "одну", "одним", "одном"]],
    [1.5, "unit", ["полтора", "полторы", "полутора"]],
    [2, "unit", ["два", "две", "двух", "двум", "двумя"]],
    [3, "unit", ["три", "трех", "трем", "тремя"]],
    [4, "unit", ["четыре", "четырех", "четырем", "четырьмя"]],
    [5, "unit", ["пять", "пяти", "пятью"]],
    [6, "unit", ["шесть", "шести"]],
    [7, "unit", ["семь", "семи"]],
    [8, "unit", ["восемь", "восьми"]],
    [9, "unit", ["девять", "девяти"]],
    [10, "teen", ["десять", "десяти"]],
    [11, "teen", ["одиннадцать", "одиннадцати"]],
    [12, "teen", ["двенадцать", "двенадцати"]],
    [13, "teen", ["тринадцать", "тринадцати"]],
    [14, "teen", ["четырнадцать", "четырнадцати"]],
    [15, "teen", ["пятнадцать", "пятнадцати"]],
    [16, "teen", ["шестнадцать", "шестнадцати"]],
    [17, "teen", ["семнадцать", "семнадцати"]],
    [18, "teen", ["восемнадцать", "восемнадцати"]],
    [19, "teen", ["девятнадцать", "девятнадцати"]],
    [20, "ten", ["двадцать", "двадцати"]],
    [30, "ten", ["тридцать", "тридцати"]],
    [40, "ten", ["сорок", "сорока"]],
    [50, "ten", ["пятьдесят", "пятидесяти"]],
    [60, "ten", ["шестьдесят", "шестидесяти"]],
    [70, "ten", ["семьдесят", "семидесяти"]],
    [80, "ten", ["восемьдесят", "восьмидесяти"]],
    [90, "ten", ["девяносто", "девяноста"]],
    [100, "hundreds", ["сто", "ста"]],
    [200, "hundreds", ["двести", "двухсот"]],
    [300, "hundreds", ["триста", "трехсот"]],
    [400, "hundreds", ["четыреста", "четырехсот"]],
    [500, "hundreds", ["пятьсот", "пятисот"]],
    [600, "hundreds", ["шестьсот", "шестисот"]],
    [700, "hundreds", ["семьсот", "семисот"]],
    [800, "hundreds", ["восемьсот", "восьмисот"]],
    [900, "hundreds", ["девятьсот", "девятисот"]],
    [1e3, "scale", ["тысяча", "тысячи", "тысяч", "тысячу", "тысячей", "тыс"]],
    [1e6, "scale", ["миллион", "миллиона", "миллионов", "млн"]],
    [1e9, "scale", ["миллиард", "миллиарда", "миллиардов", "млрд"]],
  ]),
]);

// Which kind may follow which inside one number: "twenty five" is one number, "five six" two.
const NEXT: Readonly<Record<Kind | "digit", readonly Kind[]>> = {
  digit: ["hundred", "scale"],
  unit: ["hundred", "scale"],
  teen: ["hundred", "scale"],
  ten: ["unit", "scale"],
  hundreds: ["ten", "teen", "unit", "scale"],
  hundred: ["ten", "teen", "unit", "scale"],
  scale: ["hundreds", "ten", "teen", "unit"],
};

const TOKEN = /\p{L}+|\d+(?:\.\d+)?/gu;
const GAP = /^(?:\s*-\s*|\s+|\s+and\s+)$/;

interface Run {
  start: number;
  end: number;
  total: number;
  current: number;
  last: Kind | "digit";
  hasWord: boolean;
}

/** The value of a digit token such as `12` or `2.5`. */
export function parseNumber(token: string): number | null {
  const value = Number(token);
  return Number.isFinite(value) ? value : null;
}

function normaliseDigits(text: string, lang: Lang): string {
  // "1,000" is a thousands group in English; "2,5" is a decimal in Russian.
  const grouped = text
    .replace(/\d{1,3}(?:,\d{3})+(?!\d)/g, (group) => group.replace(/,/g, ""))
    .replace(/(\d+(?:\.\d+)?)k\b/g, (_, amount: string) => formatNumber(Number(amount) * 1000));
  return lang === "ru" ? grouped.replace(/(\d),(\d)/g, "$1.$2") : grouped;
}

function add(run: Run, word: Word): void {
  if (word.kind === "hundred") run.current = (run.current || 1) * 100;
  else if (word.kind === "scale") {
    run.total += (run.current || 1) * word.value;
    run.current = 0;
  } else run.current += word.value;
  run.last = word.kind;
}

/**
 * Rewrites number words as digits in folded text: "twenty-five" → "25", «сто двадцать» → "120",
 * "a hundred" → "100", "5 thousand" → "5000". Everything else is left as it was.
 */
export function withDigits(folded: string, lang: Lang): string {
  const text = normaliseDigits(folded, lang);
  const runs: Run[] = [];
  let run: Run | null = null;
  const tokens = [...text.matchAll(TOKEN)];
  for (const [index, match] of tokens.entries()) {
    const token = match[0];
    const start = match.index;
    const isDigit = /^\d/.test(token);
    const next = tokens[index + 1]?.[0] ?? "";
    const nextKind = WORDS.get(next)?.kind;
    const article = (token === "a" || token === "an") && (nextKind === "hundred" || nextKind === "scale");
    // "four hundred and twelve": the "and" joins when a number word that may follow comes next.
    if (token === "and" && run?.hasWord && nextKind !== undefined && NEXT[run.last].includes(nextKind))
      continue;
    const word = isDigit ? null : article ? w(0, "unit") : WORDS.get(token);
    const gap = run === null ? "" : text.slice(run.end, start);
    if (run !== null && word && NEXT[run.last].includes(word.kind) && GAP.test(gap)) {
      add(run, word);
      run.end = start + token.length;
      run.hasWord = true;
      continue;
    }
    if (run?.hasWord) runs.push(run);
    run = null;
    if (isDigit) {
      const value = parseNumber(token) ?? 0;
      run = { start, end: start + token.length, total: 0, current: value, last: "digit", hasWord: false };
    } else if (word) {
      run = { start, end: start + token.length, total: 0, current: 0, last: "unit", hasWord: true };
      add(run, word);
    }
  }
  if (run?.hasWord) runs.push(run);
  let out = "";
  let at = 0;
  for (const r of runs) {
    out += `${text.slice(at, r.start)}${formatNumber(r.total + r.current)}`;
    at = r.end;
  }
  return out + text.slice(at);
}

/** A number as a call argument or expression shows it: no exponent, no float noise. */
export function formatNumber(value: number): string {
  return String(Number.parseFloat(value.toPrecision(12)));
}

/** Every number in a text, in order (for reading tool results such as "200 USD = 184.60 EUR"). */
export function numbersIn(text: string): number[] {
  const values: number[] = [];
  for (const match of normaliseDigits(text, "en").matchAll(/-?\d+(?:\.\d+)?/g)) {
    const value = parseNumber(match[0]);
    if (value !== null) values.push(value);
  }
  return values;
}
