/** Currency aliases: symbols, English words and Russian case forms → ISO 4217 code. */
import { type AliasRow, buildAliasMap, forms } from "./table.js";

// «доллар»: nominative, genitive singular («2 доллара»), genitive plural («5 долларов»),
// nominative plural, locative and dative plural («в долларах», «к долларам»), instrumental plural.
const MASCULINE = ["", "а", "ов", "ы", "ах", "ам", "ами"];
// «гривна», «лира»: the feminine set, including the genitive plural with no ending («лир»).
const FEMININE = ["а", "ы", "е", "у", "ах", "ам", ""];

/** Rows of `[ISO 4217, aliases]`; the first rows hold the currencies a benchmark asks about most. */
export const CURRENCY_ROWS: readonly AliasRow[] = [
  [
    "USD",
    [
      "$",
      "us$",
      "dollar",
      "dollars",
      "us dollar",
      "us dollars",
      "u.s. dollars",
      "american dollars",
      "united states dollar",
      "bucks",
      ...forms("доллар", MASCULINE),
      "долл.",
      "дол.",
      "доллар сша",
      "долларов сша",
      "доллара сша",
      "долларах сша",
      "американский доллар",
      "американских долларов",
      ...forms("бакс", MASCULINE),
    ],
  ],
  ["EUR", ["€", "euro", "euros", "евро"]],
  [
    "GBP",
    [
      "£",
      "pound",
      "pounds",
      "pound sterling",
      "pounds sterling",
      "sterling",
      "british pound",
      "british pounds",
      ...forms("фунт", MASCULINE),
      "фунт стерлингов",
      "фунтов стерлингов",
      "фунта стерлингов",
      "британский фунт",
      "британских фунтов",
    ],
  ],
  [
    "JPY",
    ["¥", "円", "yen", "japanese yen", ...forms("иен", FEMININE), ...forms("йен", FEMININE), "японских иен"],
  ],
  [
    "CNY",
    ["yuan", "renminbi", "rmb", "元", "chinese yuan", ...forms("юан", ["ь", "я", "ей", "и", "ях", "ям"])],
  ],
  [
    "RUB",
    [
      "₽",
      "руб",
      "руб.",
      "р.",
      "ruble",
      "rubles",
      "rouble",
      "roubles",
      "russian rubles",
      ...forms("рубл", ["ь", "я", "ей", "и", "ях", "ям", "ями"]),
      "российский рубль",
      "российских рублей",
    ],
  ],
  ["KZT", ["₸", "tenge", "тенге", "kazakh tenge"]],
  [
    "UAH",
    ["₴", "hryvnia", "hryvnias", "hryvnya", "гривен", "гривня", "гривень", ...forms("гривн", FEMININE)],
  ],
  [
    "CHF",
    ["franc", "francs", "swiss franc", "swiss francs", ...forms("франк", MASCULINE), "швейцарских франков"],
  ],
  ["TRY", ["₺", "lira", "liras", "turkish lira", ...forms("лир", FEMININE), "турецкая лира", "турецких лир"]],
  ["INR", ["₹", "rupee", "rupees", "indian rupee", "indian rupees", ...forms("рупи", ["я", "и", "й", "ях"])]],
  ["KRW", ["₩", "won", "korean won", "south korean won", "вона", "воны", "вон"]],
  [
    "PLN",
    ["zł", "złoty", "zloty", "zlotys", "złotych", "zlotych", ...forms("злот", ["ый", "ого", "ых", "ые"])],
  ],
  ["CAD", ["c$", "ca$", "canadian dollar", "canadian dollars", "канадский доллар", "канадских долларов"]],
  [
    "AUD",
    [
      "a$",
      "au$",
      "australian dollar",
      "australian dollars",
      "австралийский доллар",
      "австралийских долларов",
    ],
  ],
  ["BYN", ["belarusian ruble", "belarusian rubles", "белорусский рубль", "белорусских рублей"]],
  ["CZK", ["czech koruna", "czech crown", "czech crowns", "чешская крона", "чешских крон"]],
  ["SEK", ["swedish krona", "swedish kronor", "шведская крона", "шведских крон"]],
  ["NOK", ["norwegian krone", "norwegian kroner", "норвежская крона", "норвежских крон"]],
  ["GEL", ["₾", "lari", "georgian lari", "лари"]],
  ["AMD", ["֏", "dram", "armenian dram", ...forms("драм", ["", "а", "ов"])]],
  ["AED", ["dirham", "dirhams", "uae dirham", ...forms("дирхам", ["", "а", "ов", "ы", "ах"])]],
  ["THB", ["฿", "baht", "thai baht", "бат", "бата", "батов"]],
  ["BRL", ["r$", "real", "reais", "brazilian real", "реал", "реала", "реалов"]],
  ["MXN", ["mexican peso", "mexican pesos", "мексиканских песо"]],
  ["HKD", ["hk$", "hong kong dollar", "hong kong dollars", "гонконгских долларов"]],
  ["SGD", ["s$", "singapore dollar", "singapore dollars", "сингапурских долларов"]],
  [
    "BTC",
    ["₿", "xbt", "bitcoin", "bitcoins", ...forms("биткоин", MASCULINE), ...forms("биткойн", MASCULINE)],
  ],
  ["ETH", ["ether", "ethereum", "эфир", "эфира", "эфириум", "эфириума"]],
];

/** Every currency alias (folded with `lookupKey`) → ISO 4217 code. */
export const CURRENCY_ALIASES: ReadonlyMap<string, string> = buildAliasMap("currency", CURRENCY_ROWS);

const CODE = /^[a-z]{3}$/;

/** Resolves a folded key; an unknown three-letter code passes through uppercased (`xau` → XAU). */
export function resolveCurrency(key: string): string | undefined {
  return CURRENCY_ALIASES.get(key) ?? (CODE.test(key) ? key.toUpperCase() : undefined);
}
