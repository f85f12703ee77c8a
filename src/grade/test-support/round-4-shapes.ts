/**
 * Phrase grammars for the four shape classes of 2.5.0 (src/grade/shapes-round-4.metamorphic.test.ts): Qwen-XML
 * layouts, serving-template call tokens, ratio units and grouped digits. Written from the templates and the unit
 * table, not from the rules' code.
 */
import fc from "fast-check";
import type { Lang } from "./phrase-grammars.js";

/** How a Qwen-XML block is laid out: Qwen3 on one line, Qwen3-Coder one tag per line, or indented. */
export interface XmlLayout {
  gap: string;
  indent: string;
  /** Whether the value sits on its own line inside its parameter (Qwen3-Coder's template does so). */
  valueOnOwnLine: boolean;
}

export const xmlLayout: fc.Arbitrary<XmlLayout> = fc.record({
  gap: fc.constantFrom("", "\n", "\n\n"),
  indent: fc.constantFrom("", "  ", "\t"),
  valueOnOwnLine: fc.boolean(),
});

/**
 * A `<tool_call>` block calling get_weather with `city` (and `unit` when given); the parameter at `unclosed` (if any)
 * loses its `</parameter>`.
 */
export function qwenXml(
  city: string,
  unit: string | undefined,
  layout: XmlLayout,
  unclosed?: number,
): string {
  const { gap, indent } = layout;
  const inner = layout.valueOnOwnLine ? gap : "";
  const parameters = Object.entries(unit === undefined ? { city } : { city, unit }).map(
    ([name, value], i) =>
      `${indent}<parameter=${name}>${inner}${value}${inner}${i === unclosed ? "" : "</parameter>"}`,
  );
  return `<tool_call>${gap}<function=get_weather>${gap}${parameters.join(gap)}${gap}</function>${gap}</tool_call>`;
}

/** A serving template's call syntax for get_weather: its opener, and the whole call as its template writes it. */
export interface TokenFamily {
  name: string;
  opener: string;
  render: (city: string) => string;
}

const args = (city: string) => JSON.stringify({ city });
export const TOKEN_FAMILIES: readonly TokenFamily[] = [
  {
    name: "kimi_k2",
    opener: "<|tool_calls_section_begin|>",
    render: (city) =>
      `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>${args(city)}<|tool_call_end|><|tool_calls_section_end|>`,
  },
  {
    name: "kimi_k2_call",
    opener: "<|tool_call_begin|>",
    render: (city) =>
      `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>${args(city)}<|tool_call_end|>`,
  },
  {
    name: "mistral_v11",
    opener: "[TOOL_CALLS]",
    render: (city) => `[TOOL_CALLS]get_weather[ARGS]${args(city)}`,
  },
  {
    name: "llama31_tag",
    opener: "<|python_tag|>",
    render: (city) => `<|python_tag|>${JSON.stringify({ name: "get_weather", parameters: { city } })}`,
  },
  {
    name: "internlm",
    opener: "<|action_start|>",
    render: (city) =>
      `<|action_start|><|plugin|>\n${JSON.stringify({ name: "get_weather", parameters: { city } })}<|action_end|>`,
  },
  {
    name: "deepseek_v31",
    opener: "<｜tool▁calls▁begin｜>",
    render: (city) =>
      `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>${args(city)}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  },
];

/** The whole call cut off inside the city's value, `kept` characters of it written (the output ran out there). */
export function cutInsideValue(family: TokenFamily, city: string, kept: number): string {
  const whole = family.render(city);
  const value = whole.indexOf(`"${city}"`) + 1;
  return whole.slice(0, value + Math.min(kept, city.length - 1));
}

/** Sentences that name a template's token as a thing: each is prose, whatever token fills the slot. */
export function tokenSentence(lang: Lang): fc.Arbitrary<(token: string) => string> {
  const en = [
    (t: string) => `The model writes ${t} before each call.`,
    (t: string) => `Its template opens a call with ${t} and then the arguments.`,
    (t: string) => `If you see ${t} in the output, the model tried to call a tool.`,
    (t: string) => `I won't send it, but a call would start with ${t}`,
  ];
  const ru = [
    (t: string) => `Модель пишет ${t} перед каждым вызовом.`,
    (t: string) => `Шаблон открывает вызов токеном ${t}, а затем идут аргументы.`,
    (t: string) => `Если в ответе есть ${t}, модель пыталась вызвать инструмент.`,
  ];
  return fc.constantFrom(...(lang === "en" ? en : ru));
}

/** Spellings the unit table knows for each side of a speed ratio (singular, plural, abbreviation, Russian). */
export const NUMERATORS: Record<string, readonly string[]> = {
  meter: ["meter", "meters", "metre", "metres", "m", "метр", "метров", "м"],
  kilometer: ["kilometer", "kilometers", "kilometre", "kilometres", "km", "километр", "километров", "км"],
  mile: ["mile", "miles", "mi", "миля", "миль"],
};
export const DENOMINATORS: Record<string, readonly string[]> = {
  second: ["second", "seconds", "sec", "s", "секунду", "сек", "с"],
  hour: ["hour", "hours", "hr", "h", "час", "ч"],
  kilogram: ["kilogram", "kg", "кг"],
};
/** The per-units the catalogue's table has: a ratio of any other pair names no unit. */
export const PER_UNITS: Record<string, string> = {
  "meter/second": "meters_per_second",
  "kilometer/hour": "kilometers_per_hour",
  "mile/hour": "miles_per_hour",
};

/** `1250` with its thousands grouped as people write them: `1,250`, `1 250`, `1 250` (a no-break space). */
export function grouped(integer: number, separator: string, decimals: string): string {
  const digits = String(integer).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return decimals === "" ? digits : `${digits}${separator === "," ? "." : ","}${decimals}`;
}
