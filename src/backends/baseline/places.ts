/** Finding a city or a timezone in a user message, with the shared alias tables and capitalisation as a fallback. */
import { CITY_ALIASES } from "../../tools/aliases/city.js";
import { CURRENCY_ALIASES } from "../../tools/aliases/currency.js";
import { LANGUAGE_ALIASES } from "../../tools/aliases/language.js";
import { lookupKey } from "../../tools/aliases/table.js";
import { resolveTimezone, TIMEZONE_ALIASES } from "../../tools/aliases/timezone.js";
import { UNIT_ALIASES } from "../../tools/aliases/unit.js";
import { titleCase } from "./text.js";
import { phrasesIn, type Token, tokenize } from "./tokens.js";

// Short aliases that are also ordinary words («дели» is "divide", "la" is an article) count only
// when written like a name; these abbreviations are typed in lowercase often enough to keep.
const LOWERCASE_OK = new Set(["мск", "спб", "екб", "nyc"]);

function looksLikeName(token: Token, key: string): boolean {
  if (key.length > 4 || LOWERCASE_OK.has(key)) return true;
  const first = token.text.charAt(0);
  if (key.length <= 2) return token.text === token.text.toUpperCase() && /\p{Lu}/u.test(first);
  return first !== first.toLowerCase();
}

function tokensOf(raw: string): Token[] {
  return tokenize(raw.normalize("NFKC"));
}

/** Known cities named in the text, left to right, as canonical English names. */
function knownCities(raw: string): string[] {
  const tokens = tokensOf(raw);
  return phrasesIn(tokens, (key) => CITY_ALIASES.get(key))
    .filter((found) => {
      const first = tokens[found.index];
      return first !== undefined && (found.length > 1 || looksLikeName(first, lookupKey(first.text)));
    })
    .map((found) => found.value);
}

const NAME = String.raw`\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,2}`;
const AFTER_PREPOSITION = [
  new RegExp(String.raw`\b(?:in|for|at|about)\s+(?:the\s+city\s+of\s+)?(${NAME})`, "u"),
  new RegExp(String.raw`(?:^|[\s,])(?:в|во|для|по)\s+(?:городе\s+)?(${NAME})`, "u"),
];

function isOtherConcept(name: string): boolean {
  const key = lookupKey(name);
  if (/^\p{Lu}{2,5}$/u.test(name)) return true;
  return UNIT_ALIASES.has(key) || LANGUAGE_ALIASES.has(key) || CURRENCY_ALIASES.has(key) || key === "i";
}

/** A capitalised name after "in"/"for"/«в»: a city the tables do not know, kept as written. */
function unknownCity(raw: string): string | null {
  for (const pattern of AFTER_PREPOSITION) {
    const name = pattern.exec(raw)?.[1]?.replace(/[.'-]+$/, "");
    if (name && !isOtherConcept(name)) return name;
  }
  return null;
}

/** The first city the text names: a table city as a title-cased English name, else a capitalised name. */
export function findCity(raw: string): string | null {
  const known = knownCities(raw)[0];
  return known === undefined ? unknownCity(raw) : titleCase(known);
}

const IANA = /\b[A-Z][A-Za-z_]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b/;

/** A timezone phrase ("PST", «по московскому времени»): several words, or an abbreviation in capitals. */
function zonePhrase(raw: string): string | null {
  const tokens = tokensOf(raw);
  for (const found of phrasesIn(tokens, (key) => TIMEZONE_ALIASES.get(key))) {
    const first = tokens[found.index];
    if (!first) continue;
    if (found.length > 1 || /^\p{Lu}{2,5}$/u.test(first.text)) return found.value;
  }
  return null;
}

/** The timezone a text asks about: an IANA id when the tables know the place, else the city as written. */
export function findTimezone(raw: string): string | null {
  const iana = IANA.exec(raw)?.[0];
  if (iana) return resolveTimezone(lookupKey(iana)) ?? iana;
  const zone = zonePhrase(raw);
  if (zone) return zone;
  const city = findCity(raw);
  if (city === null) return null;
  return resolveTimezone(lookupKey(city)) ?? city;
}
