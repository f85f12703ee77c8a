/** get_weather: a weather word plus a city; a clear weather question without a city asks which city. */
import { findCity } from "./places.js";
import { fold } from "./text.js";
import type { Rule } from "./types.js";

// Strong cues are only about weather; weak ones ("hot", «температура») need a city to count.
const STRONG = /\b(?:weather|forecast)\b|погод|прогноз/;
const WEAK =
  /\b(?:temperature|rain(?:ing|y)?|snow(?:ing|y)?|sunny|cloudy|humid(?:ity)?|windy|hot|cold|warm|umbrella)\b|температур|дожд|снег|жарко|холодно|тепло|ветрено|зонт|градус/;

const FAHRENHEIT = /fahrenheit|°f\b|фаренгейт/;
const CELSIUS = /celsius|centigrade|°c\b|цельси/;

/** The temperature unit the text asks for, if it names one. */
export function temperatureUnitOf(folded: string): string | null {
  if (FAHRENHEIT.test(folded)) return "fahrenheit";
  if (CELSIUS.test(folded)) return "celsius";
  return null;
}

export const weatherRule: Rule = {
  tool: "get_weather",
  question: { en: "Which city do you mean?", ru: "Какой город вас интересует?" },
  match(text) {
    const folded = fold(text);
    const strong = STRONG.test(folded);
    if (!strong && !WEAK.test(folded)) return null;
    const city = findCity(text);
    // "Is it raining there?" points at a city named earlier: ask (the history may answer).
    if (city === null) return strong || /\bthere\b|(?:^|\s)там(?!\p{L})/u.test(folded) ? "clarify" : null;
    const unit = temperatureUnitOf(folded);
    return { name: "get_weather", arguments: unit === null ? { city } : { city, unit } };
  },
};
