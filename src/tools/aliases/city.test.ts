import { describe, expect, it } from "vitest";
import { CITY_ALIASES, CITY_ROWS } from "./city.js";
import { lookupKey } from "./table.js";

const city = (alias: string): string | undefined => CITY_ALIASES.get(lookupKey(alias));

describe("city aliases", () => {
  it.each([
    [
      "saint petersburg",
      [
        "СПб",
        "Питер",
        "Санкт-Петербург",
        "St. Petersburg",
        "St Petersburg",
        "Петербурге",
        "Питере",
        "Saint-Petersburg",
        "SPb",
        "Ленинград",
      ],
    ],
    ["moscow", ["Moscow", "Москва", "Москве", "Москвы", "Москву", "MOSCOW"]],
    ["new york", ["NYC", "New York City", "Нью-Йорк", "Нью-Йорке", "нью йорка", "New York"]],
    ["berlin", ["Berlin", "Берлин", "Берлине", "Берлина"]],
    ["paris", ["Paris", "Париж", "Париже", "Парижа"]],
    ["london", ["London", "Лондон", "Лондоне"]],
    ["tokyo", ["Tokyo", "Токио"]],
    ["kyiv", ["Kyiv", "Kiev", "Киев", "Киеве", "Київ"]],
    ["kazan", ["Kazan", "Казань", "Казани"]],
    ["yekaterinburg", ["Yekaterinburg", "Ekaterinburg", "Екатеринбург", "Екатеринбурге", "ЕКБ"]],
    ["sochi", ["Sochi", "Сочи"]],
    ["beijing", ["Beijing", "Peking", "Пекин", "Пекине"]],
    ["dubai", ["Dubai", "Дубай", "Дубае", "Дубаи"]],
    ["sydney", ["Sydney", "Сидней", "Сиднее"]],
    ["los angeles", ["Los Angeles", "LA", "L.A.", "Лос-Анджелес", "Лос-Анджелесе"]],
    ["prague", ["Prague", "Praha", "Прага", "Праге", "Праги"]],
    ["vienna", ["Vienna", "Wien", "Вена", "Вене"]],
    ["warsaw", ["Warsaw", "Warszawa", "Варшава", "Варшаве"]],
    ["sao paulo", ["São Paulo", "Sao Paulo", "Сан-Паулу"]],
    ["mexico city", ["Mexico City", "CDMX", "Мехико"]],
    ["reykjavik", ["Reykjavik", "Reykjavík", "Рейкьявик"]],
    ["almaty", ["Almaty", "Alma-Ata", "Алматы", "Алма-Ата"]],
    ["delhi", ["Delhi", "New Delhi", "Дели", "Нью-Дели"]],
    ["mumbai", ["Mumbai", "Bombay", "Мумбаи"]],
    ["athens", ["Athens", "Афины", "Афинах"]],
    ["helsinki", ["Helsinki", "Хельсинки"]],
  ])("%s", (canonical, aliases) => {
    for (const alias of aliases) expect(city(alias), alias).toBe(canonical);
  });

  it("covers the cities a benchmark asks about", () => {
    const canonicals = new Set(CITY_ROWS.map(([canonical]) => canonical));
    for (const name of [
      "madrid",
      "rome",
      "minsk",
      "novosibirsk",
      "vladivostok",
      "istanbul",
      "chicago",
      "toronto",
    ]) {
      expect(canonicals.has(name), name).toBe(true);
    }
    for (const name of [
      "amsterdam",
      "barcelona",
      "lisbon",
      "seoul",
      "singapore",
      "bangkok",
      "cairo",
      "oslo",
    ]) {
      expect(canonicals.has(name), name).toBe(true);
    }
    for (const name of ["stockholm", "tbilisi", "yerevan"]) expect(canonicals.has(name), name).toBe(true);
    expect(canonicals.size).toBeGreaterThanOrEqual(40);
  });

  it("uses lowercase English canonical names", () => {
    for (const [canonical] of CITY_ROWS) expect(canonical).toMatch(/^[a-z]+(?: [a-z]+)*$/);
  });

  it("does not know made-up places", () => {
    expect(city("Gotham")).toBeUndefined();
  });
});
