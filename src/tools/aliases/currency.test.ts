import { describe, expect, it } from "vitest";
import { CURRENCY_ROWS, resolveCurrency } from "./currency.js";
import { lookupKey } from "./table.js";

const currency = (alias: string): string | undefined => resolveCurrency(lookupKey(alias));

describe("currency aliases", () => {
  it.each([
    [
      "USD",
      [
        "$",
        "USD",
        "usd",
        "dollar",
        "dollars",
        "US dollars",
        "доллар",
        "доллара",
        "долларов",
        "долл.",
        "долларах",
        "доллары",
      ],
    ],
    ["EUR", ["€", "EUR", "euro", "euros", "евро", "Euro"]],
    ["GBP", ["£", "pound", "pounds sterling", "фунт", "фунтов", "фунтов стерлингов"]],
    ["JPY", ["¥", "yen", "иен", "йен", "иена", "JPY"]],
    ["CNY", ["юань", "юаней", "юаня", "yuan", "renminbi", "CNY", "RMB"]],
    ["RUB", ["₽", "руб", "руб.", "рубль", "рубля", "рублей", "rubles", "roubles", "RUB"]],
    ["KZT", ["тенге", "tenge", "₸"]],
    ["UAH", ["гривна", "гривен", "гривны", "hryvnia", "₴"]],
    ["CHF", ["франк", "франков", "Swiss francs", "CHF"]],
    ["TRY", ["лира", "лир", "lira", "Turkish lira", "₺"]],
    ["INR", ["рупий", "рупия", "rupee", "rupees", "₹"]],
    ["KRW", ["won", "вон", "₩"]],
    ["PLN", ["złoty", "zloty", "злотых", "злотый", "zł"]],
    ["CAD", ["Canadian dollars", "канадских долларов", "C$"]],
    ["AUD", ["Australian dollars", "австралийских долларов", "A$"]],
    ["BTC", ["bitcoin", "биткоинов", "₿"]],
  ])("%s", (code, aliases) => {
    for (const alias of aliases) expect(currency(alias), alias).toBe(code);
  });

  it("passes unknown three-letter codes through uppercased", () => {
    expect(currency("xau")).toBe("XAU");
    expect(currency("Zar")).toBe("ZAR");
    expect(currency("dollarz")).toBeUndefined();
    expect(currency("ab")).toBeUndefined();
  });

  it("canonicalises to ISO 4217 codes", () => {
    for (const [code] of CURRENCY_ROWS) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});
