/** Unit aliases: symbols and English and Russian words → canonical unit id (`kilometer`, `celsius`, …). */
import { type AliasRow, buildAliasMap, forms } from "./table.js";
import { AREA_ROWS, LENGTH_ROWS, M, MASS_ROWS, VOLUME_ROWS } from "./unit-measures.js";

const DEGREES = ["градус", "градуса", "градусов", "градусы", "градусах", "градусам"];

/**
 * Temperature units. The spec maps a bare «градусов» to celsius: a Russian speaker who means
 * Fahrenheit says so. `metric` and `imperial` are what weather APIs call the two scales.
 */
export const TEMPERATURE_ROWS: readonly AliasRow[] = [
  [
    "celsius",
    [
      "°c",
      "° c",
      "c",
      "centigrade",
      "degree celsius",
      "degrees celsius",
      "degrees c",
      "deg c",
      "metric",
      "°с",
      "цельсий",
      "цельсия",
      "цельсию",
      "по цельсию",
      ...DEGREES,
      ...DEGREES.map((degree) => `${degree} цельсия`),
      ...DEGREES.map((degree) => `${degree} по цельсию`),
    ],
  ],
  [
    "fahrenheit",
    [
      "°f",
      "° f",
      "f",
      "degree fahrenheit",
      "degrees fahrenheit",
      "degrees f",
      "deg f",
      "imperial",
      "°ф",
      "фаренгейт",
      "фаренгейта",
      "фаренгейту",
      "по фаренгейту",
      ...DEGREES.map((degree) => `${degree} фаренгейта`),
      ...DEGREES.map((degree) => `${degree} по фаренгейту`),
    ],
  ],
  ["kelvin", ["k", "kelvins", "degrees kelvin", ...forms("кельвин", M)]],
];

/** Speed units. */
export const SPEED_ROWS: readonly AliasRow[] = [
  [
    "kilometers_per_hour",
    [
      "km/h",
      "kmh",
      "kph",
      "km/hr",
      "kmph",
      "km per hour",
      "kilometer per hour",
      "kilometers per hour",
      "kilometre per hour",
      "kilometres per hour",
      "kilometers/hour",
    ],
  ],
  ["miles_per_hour", ["mph", "mi/h", "mile per hour", "miles per hour", "miles/hour"]],
  [
    "meters_per_second",
    ["m/s", "meter per second", "meters per second", "metre per second", "metres per second", "м/с", "м/сек"],
  ],
  ["knot", ["kn", "kt", "knots", "узел", "узла", "узлов", "узлы", "узлах"]],
];

// Russian speeds are «N <unit> в час»; the unit noun takes whatever case the number asks for.
const RUSSIAN_SPEEDS: readonly AliasRow[] = [
  [
    "kilometers_per_hour",
    ["км/ч", "км/час", ...forms("километр", ["ов", "а", "ы", "ах"]).map((unit) => `${unit} в час`)],
  ],
  ["miles_per_hour", forms("мил", ["ь", "и", "я", "ях"]).map((unit) => `${unit} в час`)],
  ["meters_per_second", forms("метр", ["ов", "а", "ы", "ах"]).map((unit) => `${unit} в секунду`)],
];

/** Durations, for conversions such as hours → minutes (set_timer takes plain seconds). */
export const TIME_ROWS: readonly AliasRow[] = [
  ["second", ["s", "sec", "secs", "seconds", "с", "сек", ...forms("секунд", ["а", "ы", "", "у", "ах"])]],
  ["minute", ["min", "mins", "minutes", "мин", ...forms("минут", ["а", "ы", "", "у", "ах"])]],
  ["hour", ["h", "hr", "hrs", "hours", "ч", "час", "часа", "часов", "часы", "часах"]],
  ["day", ["d", "days", "день", "дня", "дней", "дни", "днях", "сутки", "суток"]],
  ["week", ["wk", "weeks", ...forms("недел", ["я", "и", "ь", "ю", "ях"])]],
  ["month", ["months", ...forms("месяц", ["", "а", "ев", "ы", "ах"])]],
  ["year", ["yr", "yrs", "years", "год", "года", "лет", "годы", "годах"]],
];

/** Digital storage: decimal prefixes, as unit converters show by default. */
export const DATA_ROWS: readonly AliasRow[] = [
  ["bit", ["bits", "бит", "бита", "битов"]],
  ["byte", ["bytes", ...forms("байт", M)]],
  ["kilobyte", ["kb", "kbyte", "kilobytes", "кб", ...forms("килобайт", M)]],
  ["megabyte", ["mb", "megabytes", "мб", ...forms("мегабайт", M)]],
  ["gigabyte", ["gb", "gigabytes", "гб", ...forms("гигабайт", M)]],
  ["terabyte", ["tb", "terabytes", "тб", ...forms("терабайт", M)]],
];

/** Energy units. */
export const ENERGY_ROWS: readonly AliasRow[] = [
  ["calorie", ["cal", "calories", "калория", "калории", "калорий"]],
  ["kilocalorie", ["kcal", "kilocalories", "ккал", "килокалория", "килокалории", "килокалорий"]],
  ["joule", ["j", "joules", "дж", "джоуль", "джоуля", "джоулей"]],
  ["kilojoule", ["kj", "kilojoules", "кдж", "килоджоуль", "килоджоуля", "килоджоулей"]],
  [
    "kilowatt_hour",
    [
      "kwh",
      "kw·h",
      "kilowatt hour",
      "kilowatt hours",
      "квт·ч",
      "квтч",
      "квт ч",
      "киловатт-час",
      "киловатт-часов",
    ],
  ],
];

/** Every unit alias (folded with `lookupKey`) → canonical unit id. */
export const UNIT_ALIASES: ReadonlyMap<string, string> = buildAliasMap("unit", [
  ...LENGTH_ROWS,
  ...MASS_ROWS,
  ...VOLUME_ROWS,
  ...AREA_ROWS,
  ...TEMPERATURE_ROWS,
  ...SPEED_ROWS,
  ...RUSSIAN_SPEEDS,
  ...TIME_ROWS,
  ...DATA_ROWS,
  ...ENERGY_ROWS,
]);
