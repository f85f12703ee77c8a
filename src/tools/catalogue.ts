/** The nine ToolUse.1 tools: the single source of truth for prompts, JSON Schema and grading. */
import type { ToolSpec } from "./types.js";

export const TOOL_NAMES = [
  "calculator",
  "get_weather",
  "web_search",
  "translate",
  "convert_currency",
  "convert_units",
  "set_timer",
  "save_note",
  "get_time",
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

export const CATALOGUE: Readonly<Record<ToolName, ToolSpec>> = {
  calculator: {
    name: "calculator",
    description: "Evaluate an arithmetic expression exactly and return the number.",
    aliases: ["calc", "calculate", "math", "compute", "evaluate", "calculator_tool"],
    parameters: [
      {
        name: "expression",
        type: "string",
        required: true,
        normaliser: "expression",
        description: "Arithmetic in plain notation, e.g. (45 + 12) * 3 or sqrt(2).",
      },
    ],
  },
  get_weather: {
    name: "get_weather",
    description: "Current weather for a city.",
    aliases: ["weather", "getweather", "get_current_weather", "current_weather"],
    parameters: [
      { name: "city", type: "string", required: true, normaliser: "city", description: "City name." },
      {
        name: "unit",
        type: "string",
        required: false,
        normaliser: "unit",
        enum: ["celsius", "fahrenheit"],
        description: "Temperature unit.",
      },
    ],
  },
  web_search: {
    name: "web_search",
    description: "Search the web for recent or changing information and return the top results.",
    aliases: ["search", "websearch", "search_web", "google", "internet_search"],
    parameters: [
      { name: "query", type: "string", required: true, normaliser: "text", description: "Search query." },
    ],
  },
  translate: {
    name: "translate",
    description: "Translate text into another language.",
    aliases: ["translator", "translate_text", "translation"],
    parameters: [
      { name: "text", type: "string", required: true, normaliser: "text", description: "Text to translate." },
      {
        name: "target_language",
        type: "string",
        required: true,
        normaliser: "language",
        description: "Language to translate into (name or ISO 639-1 code).",
      },
      {
        name: "source_language",
        type: "string",
        required: false,
        normaliser: "language",
        description: "Language of the text, when known.",
      },
    ],
  },
  convert_currency: {
    name: "convert_currency",
    description: "Convert an amount of money between currencies at the current rate.",
    aliases: ["currency", "currency_convert", "currency_converter", "exchange", "convert_money"],
    parameters: [
      { name: "amount", type: "number", required: true, normaliser: "number", description: "Amount." },
      {
        name: "from_currency",
        type: "string",
        required: true,
        normaliser: "currency",
        description: "ISO 4217 code of the source currency, e.g. USD.",
      },
      {
        name: "to_currency",
        type: "string",
        required: true,
        normaliser: "currency",
        description: "ISO 4217 code of the target currency, e.g. EUR.",
      },
    ],
  },
  convert_units: {
    name: "convert_units",
    description: "Convert a quantity between units of measurement (length, mass, volume, temperature, …).",
    aliases: ["units", "unit_convert", "unit_converter", "convert_unit", "convert"],
    parameters: [
      { name: "value", type: "number", required: true, normaliser: "number", description: "Quantity." },
      {
        name: "from_unit",
        type: "string",
        required: true,
        normaliser: "unit",
        description: "Unit of value.",
      },
      { name: "to_unit", type: "string", required: true, normaliser: "unit", description: "Target unit." },
    ],
  },
  set_timer: {
    name: "set_timer",
    description: "Start a countdown timer.",
    aliases: ["timer", "settimer", "start_timer", "create_timer"],
    parameters: [
      {
        name: "seconds",
        type: "number",
        required: true,
        normaliser: "number",
        description: "Duration in seconds.",
      },
      {
        name: "label",
        type: "string",
        required: false,
        normaliser: "text",
        description: "Name of the timer.",
      },
    ],
  },
  save_note: {
    name: "save_note",
    description: "Save a note for the user.",
    aliases: ["note", "savenote", "create_note", "add_note", "take_note", "write_note"],
    parameters: [
      { name: "text", type: "string", required: true, normaliser: "text", description: "Body of the note." },
      {
        name: "title",
        type: "string",
        required: false,
        normaliser: "text",
        description: "Title of the note.",
      },
    ],
  },
  get_time: {
    name: "get_time",
    description: "Current local time in a timezone.",
    aliases: ["time", "gettime", "current_time", "get_current_time", "clock"],
    parameters: [
      {
        name: "timezone",
        type: "string",
        required: true,
        normaliser: "timezone",
        description: "IANA timezone such as Europe/Berlin, or a city name.",
      },
    ],
  },
};

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}
