/** Word tokens of folded text and longest-phrase lookup in the shared alias tables (cities, units, currencies). */
import { lookupKey } from "../../tools/aliases/table.js";
import { parseNumber } from "./numbers.js";

export interface Token {
  text: string;
  /** The value when the token is a number. */
  number: number | null;
}

// A number; a word (letters, digits, degree and prime signs; joined by - / ^ ·); or any other single character.
const TOKEN = /\d+(?:\.\d+)?|[\p{L}°′″][\p{L}\p{N}°²³]*(?:[-/^·][\p{L}\p{N}²³]+)*\.?|\S/gu;

/** Splits text into tokens; a number token carries its value. */
export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => {
    const token = match[0];
    return { text: token, number: /^\d/.test(token) ? parseNumber(token) : null };
  });
}

/** A phrase found at a token position: its resolved value and how many tokens it spans. */
export interface Found {
  value: string;
  length: number;
}

// Russian case endings, longest first: a last resort when a table lists only some forms («фаренгейты»).
const ENDINGS = ["ами", "ями", "ах", "ях", "ов", "ей", "ам", "ям", "ом", "ы", "и", "а", "я", "у", "ю", "е"];

function resolveWithEndings(key: string, resolve: (key: string) => string | undefined): string | undefined {
  const direct = resolve(key);
  if (direct !== undefined || !/[а-я]$/.test(key)) return direct;
  for (const ending of ENDINGS) {
    if (!key.endsWith(ending) || key.length - ending.length < 3) continue;
    const stem = key.slice(0, -ending.length);
    const found = resolve(stem) ?? resolve(`${stem}а`) ?? resolve(`${stem}ов`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** How phrases are looked up: the longest span tried, and whether Russian endings may be guessed. */
export interface LookupOptions {
  maxWords?: number;
  inflected?: boolean;
}

/** The longest phrase starting at `index` that `resolve` knows. */
export function phraseAt(
  tokens: readonly Token[],
  index: number,
  resolve: (key: string) => string | undefined,
  { maxWords = 3, inflected = false }: LookupOptions = {},
): Found | null {
  for (let length = Math.min(maxWords, tokens.length - index); length >= 1; length--) {
    const slice = tokens.slice(index, index + length);
    if (slice.some((token) => token.number !== null)) continue;
    const key = lookupKey(slice.map((token) => token.text).join(" "));
    if (key === "") continue;
    const value = inflected ? resolveWithEndings(key, resolve) : resolve(key);
    if (value !== undefined) return { value, length };
  }
  return null;
}

/** Every phrase `resolve` knows, left to right, not overlapping. */
export function phrasesIn(
  tokens: readonly Token[],
  resolve: (key: string) => string | undefined,
  options: LookupOptions = {},
): Array<Found & { index: number }> {
  const found: Array<Found & { index: number }> = [];
  for (let index = 0; index < tokens.length; ) {
    const phrase = phraseAt(tokens, index, resolve, options);
    if (phrase) {
      found.push({ ...phrase, index });
      index += phrase.length;
    } else index += 1;
  }
  return found;
}
