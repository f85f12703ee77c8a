/** Timezone aliases: IANA ids (any case, legacy names), abbreviations and city names → IANA id. */
import { CITY_ALIASES } from "./city.js";
import { resolveQualifiedCity } from "./city-region.js";
import { type AliasRow, buildAliasMap, lookupKey } from "./table.js";
import { ZONE_NAME_ROWS } from "./zone-names.js";

/**
 * Rows of `[IANA id, aliases]` for names that are not cities: abbreviations, legacy ids, «по
 * московскому времени». Ambiguous abbreviations take their most common reading: CST → US Central
 * (not China), IST → India (not Ireland or Israel), GST → Gulf. CET is left out: it names a zone
 * of its own and no single city.
 */
export const TIMEZONE_ROWS: readonly AliasRow[] = [
  [
    "UTC",
    [
      "gmt",
      "z",
      "zulu",
      "etc/utc",
      "etc/gmt",
      "etc/universal",
      "universal",
      "coordinated universal time",
      "greenwich mean time",
      "всемирное",
      "всемирное время",
      "всемирное координированное время",
      "гринвич",
      "по гринвичу",
    ],
  ],
  ["Europe/Moscow", ["moscow time", "московское время", "московскому времени", "московского времени"]],
  ["Europe/Kyiv", ["europe/kiev", "киевское время", "киевскому времени"]],
  ["Europe/London", ["bst", "british time", "uk time"]],
  ["Europe/Istanbul", ["trt"]],
  ["Asia/Yekaterinburg", ["yekt"]],
  ["Asia/Novosibirsk", ["novt"]],
  ["Asia/Vladivostok", ["vlat"]],
  ["America/New_York", ["est", "edt", "et", "eastern", "eastern time", "us/eastern"]],
  ["America/Chicago", ["cst", "cdt", "ct", "central", "central time", "us/central"]],
  ["America/Denver", ["mst", "mdt", "mt", "mountain", "mountain time", "us/mountain"]],
  ["America/Los_Angeles", ["pst", "pdt", "pt", "pacific", "pacific time", "us/pacific"]],
  ["Asia/Tokyo", ["jst", "japan standard time"]],
  ["Asia/Seoul", ["kst"]],
  ["Asia/Shanghai", ["beijing time", "china standard time", "asia/chongqing", "prc", "пекинское время"]],
  ["Asia/Hong_Kong", ["hkt"]],
  ["Asia/Singapore", ["sgt"]],
  ["Asia/Kolkata", ["ist", "india standard time", "asia/calcutta"]],
  ["Asia/Dubai", ["gst", "gulf standard time"]],
  ["Asia/Ho_Chi_Minh", ["asia/saigon"]],
  ["Australia/Sydney", ["aest", "aedt"]],
];

/** Rows of `[IANA id, canonical city names]`: every city in the city table, so one alias serves both. */
export const CITY_ZONE_ROWS: ReadonlyArray<readonly [zone: string, cities: readonly string[]]> = [
  ["Europe/Moscow", ["moscow", "saint petersburg", "kazan", "sochi", "nizhny novgorod"]],
  ["Europe/Kaliningrad", ["kaliningrad"]],
  ["Asia/Yekaterinburg", ["yekaterinburg"]],
  ["Asia/Novosibirsk", ["novosibirsk"]],
  ["Asia/Krasnoyarsk", ["krasnoyarsk"]],
  ["Asia/Irkutsk", ["irkutsk"]],
  ["Asia/Vladivostok", ["vladivostok"]],
  ["Europe/Kyiv", ["kyiv"]],
  ["Europe/Minsk", ["minsk"]],
  ["Europe/London", ["london"]],
  ["Europe/Dublin", ["dublin"]],
  ["Europe/Lisbon", ["lisbon"]],
  ["Europe/Paris", ["paris"]],
  ["Europe/Berlin", ["berlin", "munich"]],
  ["Europe/Madrid", ["madrid", "barcelona"]],
  ["Europe/Rome", ["rome", "milan"]],
  ["Europe/Amsterdam", ["amsterdam"]],
  ["Europe/Brussels", ["brussels"]],
  ["Europe/Zurich", ["zurich"]],
  ["Europe/Prague", ["prague"]],
  ["Europe/Vienna", ["vienna"]],
  ["Europe/Warsaw", ["warsaw"]],
  ["Europe/Budapest", ["budapest"]],
  ["Europe/Athens", ["athens"]],
  ["Europe/Copenhagen", ["copenhagen"]],
  ["Europe/Oslo", ["oslo"]],
  ["Europe/Stockholm", ["stockholm"]],
  ["Europe/Helsinki", ["helsinki"]],
  ["Europe/Riga", ["riga"]],
  ["Europe/Vilnius", ["vilnius"]],
  ["Europe/Tallinn", ["tallinn"]],
  ["Atlantic/Reykjavik", ["reykjavik"]],
  ["Europe/Istanbul", ["istanbul"]],
  ["Asia/Tbilisi", ["tbilisi"]],
  ["Asia/Yerevan", ["yerevan"]],
  ["Asia/Baku", ["baku"]],
  ["Asia/Almaty", ["almaty", "astana"]],
  ["Asia/Tashkent", ["tashkent"]],
  ["Asia/Dubai", ["dubai"]],
  ["Asia/Jerusalem", ["tel aviv"]],
  ["Asia/Kolkata", ["delhi", "mumbai"]],
  ["Asia/Bangkok", ["bangkok"]],
  ["Asia/Singapore", ["singapore"]],
  ["Asia/Shanghai", ["beijing", "shanghai"]],
  ["Asia/Hong_Kong", ["hong kong"]],
  ["Asia/Seoul", ["seoul"]],
  ["Asia/Tokyo", ["tokyo"]],
  ["Australia/Sydney", ["sydney"]],
  ["Australia/Melbourne", ["melbourne"]],
  ["Africa/Cairo", ["cairo"]],
  ["Africa/Johannesburg", ["cape town"]],
  ["America/New_York", ["new york", "washington", "boston", "miami"]],
  ["America/Chicago", ["chicago"]],
  ["America/Los_Angeles", ["los angeles", "san francisco"]],
  ["America/Toronto", ["toronto"]],
  ["America/Vancouver", ["vancouver"]],
  ["America/Mexico_City", ["mexico city"]],
  ["America/Sao_Paulo", ["sao paulo", "rio de janeiro"]],
  ["America/Argentina/Buenos_Aires", ["buenos aires"]],
];

/** Canonical city name → IANA id. */
export const CITY_ZONES: ReadonlyMap<string, string> = new Map(
  CITY_ZONE_ROWS.flatMap(([zone, cities]) => cities.map((city) => [city, zone] as const)),
);

function buildZoneMap(): ReadonlyMap<string, string> {
  const rows: AliasRow[] = [
    ...TIMEZONE_ROWS,
    ...ZONE_NAME_ROWS,
    ...CITY_ZONE_ROWS.map(([zone]): AliasRow => [zone, []]),
  ];
  const map = new Map(buildAliasMap("timezone", rows));
  // Every other zone the runtime knows, so `europe/lisbon` still gets its case fixed. The table
  // wins over the runtime's legacy spellings (Node 20 still lists Europe/Kiev, Asia/Calcutta).
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    const key = lookupKey(zone);
    if (!map.has(key)) map.set(key, zone);
  }
  return map;
}

/** Every timezone alias and known IANA id (folded with `lookupKey`) → IANA id; cities are looked up apart. */
export const TIMEZONE_ALIASES: ReadonlyMap<string, string> = buildZoneMap();

/** Resolves a folded key: a zone alias or IANA id first, then a city alias ("Sydney, Australia" too) via its zone. */
export function resolveTimezone(key: string): string | undefined {
  const zone = TIMEZONE_ALIASES.get(key);
  if (zone !== undefined) return zone;
  const city = CITY_ALIASES.get(key) ?? resolveQualifiedCity(key, (head) => CITY_ALIASES.get(head));
  return city === undefined ? undefined : CITY_ZONES.get(city);
}

const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+$/;

/** True for an `Area/Location` id the tables do not know; such ids pass through unchanged. */
export function isIanaShaped(trimmed: string): boolean {
  return IANA_SHAPE.test(trimmed);
}
