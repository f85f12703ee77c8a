import { describe, expect, it } from "vitest";
import { lookupKey } from "./table.js";
import { UNIT_ALIASES } from "./unit.js";

const unit = (alias: string): string | undefined => UNIT_ALIASES.get(lookupKey(alias));

describe("unit aliases", () => {
  it.each([
    ["kilometer", ["km", "kilometres", "kilometers", "км", "километров", "километра", "километрах"]],
    ["meter", ["m", "meters", "metres", "м", "метров", "метра"]],
    ["centimeter", ["cm", "centimetres", "см", "сантиметров"]],
    ["millimeter", ["mm", "мм", "миллиметров"]],
    ["mile", ["mi", "miles", "миль", "мили", "миля", "милях"]],
    ["foot", ["ft", "feet", "футов", "фута"]],
    ["inch", ["in", "inches", "дюймов", "дюйма"]],
    ["yard", ["yd", "yards", "ярдов"]],
    ["kilogram", ["kg", "kilograms", "кг", "килограммов", "килограмма"]],
    ["gram", ["g", "grams", "г", "граммов"]],
    ["pound", ["lb", "lbs", "pounds", "фунтов", "фунта"]],
    ["ounce", ["oz", "ounces", "унций", "унции"]],
    ["liter", ["l", "L", "liters", "litres", "литров", "литра", "л"]],
    ["milliliter", ["ml", "mL", "мл", "миллилитров"]],
    ["gallon", ["gal", "gallons", "галлонов"]],
    [
      "celsius",
      [
        "°C",
        "C",
        "celsius",
        "Celsius",
        "℃",
        "градусов Цельсия",
        "цельсия",
        "градусов",
        "градуса",
        "по Цельсию",
      ],
    ],
    ["fahrenheit", ["°F", "F", "fahrenheit", "фаренгейт", "по Фаренгейту", "градусов по Фаренгейту", "℉"]],
    ["kelvin", ["K", "kelvin", "кельвинов"]],
    [
      "kilometers_per_hour",
      ["km/h", "kph", "км/ч", "километров в час", "kilometer per hour", "kilometers_per_hour"],
    ],
    ["miles_per_hour", ["mph", "miles per hour", "mile per hour", "Miles_Per_Hour", "миль в час"]],
    ["square_meter", ["m²", "m2", "sq m", "square meters", "кв. м", "квадратных метров"]],
    ["square_foot", ["sq ft", "square feet", "квадратных футов"]],
    ["hectare", ["ha", "hectares", "га", "гектаров"]],
    ["acre", ["acres", "акров"]],
    ["hour", ["h", "hours", "ч", "часов"]],
    ["minute", ["min", "minutes", "мин", "минут"]],
    ["second", ["s", "sec", "seconds", "сек", "секунд"]],
    ["gigabyte", ["GB", "gigabytes", "ГБ", "гигабайт"]],
  ])("%s", (canonical, aliases) => {
    for (const alias of aliases) expect(unit(alias), alias).toBe(canonical);
  });

  it("gives get_weather's unit enum values as canonical ids", () => {
    expect(unit("celsius")).toBe("celsius");
    expect(unit("fahrenheit")).toBe("fahrenheit");
    expect(unit("metric")).toBe("celsius");
    expect(unit("imperial")).toBe("fahrenheit");
  });

  it("does not know made-up units", () => {
    expect(unit("furlongs per fortnight")).toBeUndefined();
  });
});
