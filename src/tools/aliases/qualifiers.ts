/**
 * Qualified names (normaliser rule N2): "Polish zloty", «казахстанский тенге», "Brazilian Portuguese" name a
 * currency or language with a word saying whose. The value passes when the rest resolves and the qualifier
 * belongs to what it resolved to: "Polish zloty" is PLN, "Mexican zloty" is nothing. A qualifier ending in `*`
 * is a Russian stem, so every case form («польских злотых») matches.
 */

type Qualifiers = Readonly<Record<string, readonly string[]>>;

/** ISO 4217 code → the countries' adjectives and names that may precede the currency's name. */
export const CURRENCY_QUALIFIERS: Qualifiers = {
  PLN: ["polish", "poland", "польск*"],
  KZT: ["kazakhstani", "kazakh", "kazakhstan", "казахстанск*", "казахск*"],
  RUB: ["russian", "russia", "российск*", "русск*"],
  USD: ["us", "american", "united states", "американск*"],
  EUR: ["european", "европейск*"],
  GBP: ["british", "uk", "english", "британск*", "английск*"],
  JPY: ["japanese", "japan", "японск*"],
  CNY: ["chinese", "china", "китайск*"],
  CHF: ["swiss", "швейцарск*"],
  UAH: ["ukrainian", "украинск*"],
  BYN: ["belarusian", "belarus", "белорусск*"],
  TRY: ["turkish", "турецк*"],
  INR: ["indian", "индийск*"],
  CAD: ["canadian", "канадск*"],
  AUD: ["australian", "австралийск*"],
  CZK: ["czech", "чешск*"],
  SEK: ["swedish", "шведск*"],
  NOK: ["norwegian", "норвежск*"],
  DKK: ["danish", "датск*"],
};

/** ISO 639-1 code → the varieties and scripts that may precede the language's name. */
export const LANGUAGE_QUALIFIERS: Qualifiers = {
  pt: ["brazilian", "european", "brazil", "portugal", "бразильск*", "европейск*"],
  en: ["american", "british", "us", "uk", "australian", "canadian", "американск*", "британск*"],
  es: ["mexican", "latin american", "castilian", "european", "spain", "мексиканск*", "латиноамериканск*"],
  fr: ["canadian", "belgian", "swiss", "european", "канадск*"],
  de: ["swiss", "austrian", "standard", "швейцарск*", "австрийск*"],
  zh: ["simplified", "traditional", "mandarin", "упрощенн*", "традиционн*"],
};

function matches(word: string, qualifier: string): boolean {
  return qualifier.endsWith("*") ? word.startsWith(qualifier.slice(0, -1)) : word === qualifier;
}

/**
 * The code a qualified key names, or undefined. Tries every split into leading qualifier words and a rest;
 * `resolve` maps the rest to a code.
 */
export function resolveQualified(
  key: string,
  resolve: (key: string) => string | undefined,
  qualifiers: Qualifiers,
): string | undefined {
  for (let space = key.indexOf(" "); space > 0; space = key.indexOf(" ", space + 1)) {
    const code = resolve(key.slice(space + 1));
    if (code === undefined) continue;
    const qualifier = key.slice(0, space);
    if ((qualifiers[code] ?? []).some((q) => matches(qualifier, q))) return code;
  }
  return undefined;
}
