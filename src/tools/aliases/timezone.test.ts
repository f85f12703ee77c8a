import { describe, expect, it } from "vitest";
import { CITY_ROWS } from "./city.js";
import { lookupKey } from "./table.js";
import { CITY_ZONE_ROWS, CITY_ZONES, isIanaShaped, resolveTimezone, TIMEZONE_ROWS } from "./timezone.js";

const zone = (alias: string): string | undefined => resolveTimezone(lookupKey(alias));

function isValidZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

describe("timezone aliases", () => {
  it.each([
    [
      "Europe/Moscow",
      [
        "Moscow",
        "Москва",
        "Москве",
        "MSK",
        "мск",
        "московское время",
        "Europe/Moscow",
        "europe/moscow",
        "Питер",
        "СПб",
      ],
    ],
    ["Asia/Tokyo", ["Tokyo", "Токио", "JST", "asia/tokyo"]],
    ["America/New_York", ["New York", "NYC", "Нью-Йорк", "Нью-Йорке", "ET", "EST", "Eastern", "US/Eastern"]],
    ["America/Los_Angeles", ["Los Angeles", "Лос-Анджелесе", "PST", "Pacific", "San Francisco"]],
    ["America/Chicago", ["Chicago", "Чикаго", "CST", "Central"]],
    ["Europe/London", ["London", "Лондоне", "BST"]],
    ["Europe/Paris", ["Paris", "Париже"]],
    ["Europe/Berlin", ["Berlin", "Берлине", "Munich"]],
    ["Europe/Kyiv", ["Kyiv", "Kiev", "Киеве", "Europe/Kiev", "Europe/Kyiv"]],
    ["Asia/Dubai", ["Dubai", "Дубае"]],
    ["Asia/Singapore", ["Singapore", "Сингапуре", "SGT"]],
    ["Australia/Sydney", ["Sydney", "Сиднее", "AEST"]],
    ["Asia/Shanghai", ["Beijing", "Shanghai", "Пекине"]],
    ["Asia/Seoul", ["Seoul", "Сеуле", "KST"]],
    ["Asia/Kolkata", ["Delhi", "Mumbai", "IST", "Asia/Calcutta"]],
    ["Asia/Yekaterinburg", ["Yekaterinburg", "Екатеринбурге"]],
    ["Asia/Novosibirsk", ["Novosibirsk", "Новосибирске"]],
    ["Asia/Vladivostok", ["Vladivostok", "Владивостоке"]],
    ["Asia/Almaty", ["Almaty", "Алматы"]],
    ["UTC", ["UTC", "GMT", "utc", "Etc/UTC", "всемирное", "всемирное время", "Zulu"]],
  ])("%s", (id, aliases) => {
    for (const alias of aliases) expect(zone(alias), alias).toBe(id);
  });

  it("fixes the case of IANA ids the runtime knows", () => {
    expect(zone("europe/lisbon")).toBe("Europe/Lisbon");
    expect(zone("AMERICA/ARGENTINA/BUENOS_AIRES")).toBe("America/Argentina/Buenos_Aires");
  });

  it("gives every city in the city table a zone, and names only real cities and zones", () => {
    for (const [city] of CITY_ROWS) expect(CITY_ZONES.get(city), city).toBeDefined();
    const cities = new Set(CITY_ROWS.map(([city]) => city));
    for (const [id, zoneCities] of CITY_ZONE_ROWS) {
      expect(isValidZone(id), id).toBe(true);
      for (const city of zoneCities) expect(cities.has(city), city).toBe(true);
    }
    for (const [id] of TIMEZONE_ROWS) expect(isValidZone(id), id).toBe(true);
  });

  it("recognises the shape of an IANA id", () => {
    expect(isIanaShaped("Mars/Olympus_Mons")).toBe(true);
    expect(isIanaShaped("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isIanaShaped("Etc/GMT+3")).toBe(true);
    expect(isIanaShaped("Moscow")).toBe(false);
    expect(isIanaShaped("km/h per day")).toBe(false);
  });
});
