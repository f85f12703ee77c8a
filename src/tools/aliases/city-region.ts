/**
 * "City, Region/Country" (normaliser rule N1): models often add where a city is ("Madrid, Spain",
 * "San Francisco, CA", "Toronto, ON", «Париж, Франция»). Such a value names the city when the head resolves
 * and every suffix names that city's country or region; "Paris, Texas" names another Paris and does not.
 * A small table: the countries (names in English and Russian, ISO codes) and, where people add them, regions.
 */
import { aliasKey, normaliseText } from "../text.js";

interface Place {
  /** Names and codes of the country, in any case; folded when the table is built. */
  country: readonly string[];
  cities: readonly string[];
  /** Per city, its region's names and codes (states, provinces). */
  regions?: Readonly<Record<string, readonly string[]>>;
}

const PLACES: readonly Place[] = [
  {
    country: ["russia", "russian federation", "ru", "rf", "россия", "рф"],
    cities: [
      "moscow",
      "saint petersburg",
      "kazan",
      "novosibirsk",
      "yekaterinburg",
      "sochi",
      "vladivostok",
      "nizhny novgorod",
      "kaliningrad",
      "krasnoyarsk",
      "irkutsk",
    ],
  },
  {
    country: ["united states", "united states of america", "usa", "us", "u.s.", "u.s.a.", "america", "сша"],
    cities: ["new york", "los angeles", "san francisco", "chicago", "washington", "boston", "miami"],
    regions: {
      "new york": ["ny", "new york", "new york state"],
      "los angeles": ["ca", "california", "калифорния"],
      "san francisco": ["ca", "california", "калифорния"],
      chicago: ["il", "illinois"],
      washington: ["dc", "d.c.", "district of columbia"],
      boston: ["ma", "massachusetts"],
      miami: ["fl", "florida", "флорида"],
    },
  },
  {
    country: ["canada", "ca", "канада"],
    cities: ["toronto", "vancouver"],
    regions: { toronto: ["on", "ontario", "онтарио"], vancouver: ["bc", "british columbia"] },
  },
  {
    country: ["australia", "au", "австралия"],
    cities: ["sydney", "melbourne"],
    regions: { sydney: ["nsw", "new south wales"], melbourne: ["vic", "victoria"] },
  },
  { country: ["germany", "de", "deutschland", "германия"], cities: ["berlin", "munich"] },
  { country: ["france", "fr", "франция"], cities: ["paris"] },
  {
    country: [
      "united kingdom",
      "uk",
      "gb",
      "great britain",
      "england",
      "britain",
      "великобритания",
      "англия",
    ],
    cities: ["london"],
  },
  { country: ["japan", "jp", "япония"], cities: ["tokyo"] },
  { country: ["spain", "es", "españa", "испания"], cities: ["madrid", "barcelona"] },
  { country: ["italy", "it", "italia", "италия"], cities: ["rome", "milan"] },
  { country: ["ukraine", "ua", "украина"], cities: ["kyiv"] },
  { country: ["belarus", "by", "беларусь", "белоруссия"], cities: ["minsk"] },
  { country: ["china", "cn", "prc", "китай"], cities: ["beijing", "shanghai", "hong kong"] },
  { country: ["united arab emirates", "uae", "ae", "оаэ"], cities: ["dubai"] },
  { country: ["turkey", "türkiye", "turkiye", "tr", "турция"], cities: ["istanbul"] },
  { country: ["netherlands", "the netherlands", "holland", "nl", "нидерланды"], cities: ["amsterdam"] },
  { country: ["belgium", "be", "бельгия"], cities: ["brussels"] },
  { country: ["czech republic", "czechia", "cz", "чехия"], cities: ["prague"] },
  { country: ["austria", "at", "австрия"], cities: ["vienna"] },
  { country: ["poland", "pl", "польша"], cities: ["warsaw"] },
  { country: ["hungary", "hu", "венгрия"], cities: ["budapest"] },
  { country: ["portugal", "pt", "португалия"], cities: ["lisbon"] },
  { country: ["greece", "gr", "греция"], cities: ["athens"] },
  { country: ["switzerland", "ch", "швейцария"], cities: ["zurich"] },
  { country: ["denmark", "dk", "дания"], cities: ["copenhagen"] },
  { country: ["ireland", "ie", "ирландия"], cities: ["dublin"] },
  { country: ["finland", "fi", "финляндия"], cities: ["helsinki"] },
  { country: ["norway", "no", "норвегия"], cities: ["oslo"] },
  { country: ["sweden", "se", "швеция"], cities: ["stockholm"] },
  { country: ["iceland", "is", "исландия"], cities: ["reykjavik"] },
  { country: ["latvia", "lv", "латвия"], cities: ["riga"] },
  { country: ["lithuania", "lt", "литва"], cities: ["vilnius"] },
  { country: ["estonia", "ee", "эстония"], cities: ["tallinn"] },
  { country: ["georgia", "ge", "грузия"], cities: ["tbilisi"] },
  { country: ["armenia", "am", "армения"], cities: ["yerevan"] },
  { country: ["azerbaijan", "az", "азербайджан"], cities: ["baku"] },
  { country: ["kazakhstan", "kz", "казахстан"], cities: ["almaty", "astana"] },
  { country: ["uzbekistan", "uz", "узбекистан"], cities: ["tashkent"] },
  { country: ["south korea", "korea", "republic of korea", "kr", "южная корея", "корея"], cities: ["seoul"] },
  { country: ["singapore", "sg", "сингапур"], cities: ["singapore"] },
  { country: ["thailand", "th", "таиланд", "тайланд"], cities: ["bangkok"] },
  { country: ["india", "in", "индия"], cities: ["delhi", "mumbai"] },
  { country: ["israel", "il", "израиль"], cities: ["tel aviv"] },
  { country: ["egypt", "eg", "египет"], cities: ["cairo"] },
  { country: ["south africa", "za", "юар"], cities: ["cape town"] },
  { country: ["brazil", "br", "brasil", "бразилия"], cities: ["sao paulo", "rio de janeiro"] },
  { country: ["argentina", "ar", "аргентина"], cities: ["buenos aires"] },
  { country: ["mexico", "mx", "méxico", "мексика"], cities: ["mexico city"] },
];

const fold = (text: string) => aliasKey(normaliseText(text));

/** Canonical city → every folded suffix that is consistent with it (its country's names, its region's). */
const SUFFIXES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  PLACES.flatMap((place) =>
    place.cities.map((city) => {
      const names = [...place.country, ...(place.regions?.[city] ?? [])].map(fold);
      return [city, new Set(names)] as const;
    }),
  ),
);

/**
 * The canonical city a "City, Region, Country" key names, or undefined when it has no comma, its head is not
 * a known city, or a suffix names somewhere else. `resolveCity` maps a folded key to a canonical city.
 */
export function resolveQualifiedCity(
  key: string,
  resolveCity: (key: string) => string | undefined,
): string | undefined {
  if (!key.includes(",")) return undefined;
  const [head = "", ...suffixes] = key.split(",").map((part) => part.trim());
  const city = resolveCity(head);
  if (city === undefined) return undefined;
  const consistent = SUFFIXES.get(city);
  if (consistent === undefined) return undefined;
  return suffixes.every((suffix) => consistent.has(suffix)) ? city : undefined;
}
