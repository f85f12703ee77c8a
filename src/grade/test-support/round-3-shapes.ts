/**
 * Phrase and shape grammars for the lost blind set 6's three classes (issue 25; docs/spec-conformance.md E9–E11), English and
 * Russian: the repairs a JSON call may need, the frames that keep a call or disown it, the placeholders that make it
 * a template, and the broken structures that are attempts. Written from the rules, not from any one reply.
 */
import fc from "fast-check";
import type { Lang } from "./phrase-grammars.js";

/** A valid JSON call, compact or pretty-printed: whitespace must not change the verdict. */
export function jsonCall(city: string, pretty: boolean): string {
  const call = { name: "get_weather", arguments: { city } };
  return pretty ? JSON.stringify(call, null, 2) : JSON.stringify(call);
}

/** The repairs E9 names: each turns a valid JSON call into text `JSON.parse` refuses (or one with a stray closer). */
export type Repair = "trailing-comma" | "bare-keys" | "single-quotes" | "python-literal" | "extra-brace";
export const REPAIRS: readonly Repair[] = [
  "trailing-comma",
  "bare-keys",
  "single-quotes",
  "python-literal",
  "extra-brace",
];

/** The call of {@link jsonCall} as a writer who needed a repair wrote it. */
export function repaired(repair: Repair, city: string): string {
  switch (repair) {
    case "trailing-comma":
      return `{"name": "get_weather", "arguments": {"city": "${city}",},}`;
    case "bare-keys":
      return `{name: "get_weather", arguments: {city: "${city}"}}`;
    case "single-quotes":
      return `{'name': 'get_weather', 'arguments': {'city': '${city}'}}`;
    case "python-literal":
      return `{"name": "get_weather", "arguments": {"city": "${city}", "metric": True, "unit": None}}`;
    case "extra-brace":
      return `{"name": "get_weather", "arguments": {"city": "${city}"}}}`;
  }
}

/** How the shape is set down: bare, or in a Markdown fence (with or without `json`). Must not change the verdict. */
export function setDown(shape: string, fence: "" | "```" | "```json"): string {
  return fence === "" ? shape : `${fence}\n${shape}\n\`\`\``;
}

/** Prefaces that say the model makes the call now (E10's contrast): the call is kept. */
export function keepFrame(lang: Lang): fc.Arbitrary<string> {
  const en = [
    "Sure, I'll check that:",
    "Calling the tool now:",
    "On it:",
    "Let me look that up:",
    "Checking the weather now:",
    "Okay, fetching the forecast:",
    "I'll get the current weather:",
  ];
  const ru = [
    "Вызываю инструмент:",
    "Сейчас проверю:",
    "Хорошо, смотрю погоду:",
    "Запрашиваю погоду:",
    "Секунду, уточняю прогноз:",
    "Проверяю:",
  ];
  return fc.constantFrom(...(lang === "en" ? en : ru));
}

/** Courtesy after a call that does not disown it: must not change the verdict. */
export function politeSuffix(lang: Lang): fc.Arbitrary<string> {
  const en = [
    "",
    "\n\nHope that helps!",
    "\n\nI'll share the result once it's back.",
    "\n\nThanks for waiting.",
  ];
  const ru = [
    "",
    "\n\nНадеюсь, это поможет!",
    "\n\nСообщу результат, как только он придёт.",
    "\n\nСпасибо за терпение.",
  ];
  return fc.constantFrom(...(lang === "en" ? en : ru));
}

/** E10 prefaces: hypothetical, not executed, an instruction for the user. The shape after them is a mention. */
export function disowningPreface(lang: Lang): fc.Arbitrary<string> {
  const en = [
    "I would call the weather tool like this:",
    "I'd run:",
    "Here's the command format I would use:",
    "Tool call for reference (not executed):",
    "For reference only, not executed:",
    "Use this call:",
    "To do this, run:",
    "Here's what I would send:",
    "I'd probably use something close to:",
  ];
  const ru = [
    "Для этого используйте такой вызов:",
    "Выполните:",
    "Воспользуйтесь таким вызовом:",
    "Для справки (не выполняется):",
    "Попробуйте отправить:",
    "Введите такую команду:",
    "Для примера, вызов не выполнен:",
  ];
  return fc.constantFrom(...(lang === "en" ? en : ru));
}

/** E10 after the shape: a wait for the user's permission. */
export function permissionQuestion(lang: Lang): fc.Arbitrary<string> {
  const en = [
    "Would you like me to?",
    "Want me to run it?",
    "Shall I?",
    "Should I go ahead?",
    "Do you want me to?",
  ];
  const ru = [
    "Хотите, чтобы я это сделал?",
    "Мне запустить?",
    "Хотите, чтобы я отправил запрос?",
    "Можно мне запустить?",
  ];
  return fc.constantFrom(...(lang === "en" ? en : ru));
}

/** M3 slots (E10 widened): a value that stands for one to fill in. */
export const PLACEHOLDERS = [
  "<city>",
  "CITY_NAME",
  "...",
  "YOUR_CITY",
  "<ваш город>",
  "[city]",
  "CITY",
] as const;
/** `CITY` alone is an ordinary word (a value); the rest are slots. */
export const SLOT_PLACEHOLDERS = PLACEHOLDERS.filter((value) => value !== "CITY");

/** E11's broken structures, each an attempt at a call to get_weather for `city`. */
export type Broken =
  | "misnested-xml"
  | "unclosed-function"
  | "glm-key-only"
  | "tool-line-no-pipe"
  | "tool-keyed";
export const BROKEN: readonly Broken[] = [
  "misnested-xml",
  "unclosed-function",
  "glm-key-only",
  "tool-line-no-pipe",
  "tool-keyed",
];

export function broken(kind: Broken, city: string): string {
  switch (kind) {
    case "misnested-xml":
      return `<tool_call><parameter=city>${city}</parameter><function=get_weather></tool_call>`;
    case "unclosed-function":
      return `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n</tool_call>`;
    case "glm-key-only":
      return `<tool_call>get_weather\n<arg_key>city</arg_key>\n</tool_call>`;
    case "tool-line-no-pipe":
      return `TOOL get_weather city=${city}`;
    case "tool-keyed":
      return JSON.stringify({ get_weather: { city } });
  }
}

/** The well-formed shape each broken one spoils: the control, read as the call. */
export function wellFormed(kind: Broken, city: string): string {
  switch (kind) {
    case "misnested-xml":
    case "unclosed-function":
      return `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n</function>\n</tool_call>`;
    case "glm-key-only":
      return `<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>${city}</arg_value>\n</tool_call>`;
    case "tool-line-no-pipe":
      return `TOOL get_weather | city=${city}`;
    case "tool-keyed":
      return JSON.stringify({ name: "get_weather", arguments: { city } });
  }
}
