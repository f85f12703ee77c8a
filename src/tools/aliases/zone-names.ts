/**
 * Long zone names (normaliser rule N3): Windows zone ids ("Eastern Standard Time", "W. Europe Standard Time")
 * and CLDR's long names ("Eastern Daylight Time", "Moscow Standard Time") → the IANA id of the zone's exemplar
 * city, as CLDR's windowsZones mapping gives it for territory "001". Names already in TIMEZONE_ROWS are not repeated.
 */
import type { AliasRow } from "./table.js";

export const ZONE_NAME_ROWS: readonly AliasRow[] = [
  ["America/New_York", ["eastern standard time", "eastern daylight time", "us eastern standard time"]],
  ["America/Chicago", ["central standard time", "central daylight time"]],
  ["America/Denver", ["mountain standard time", "mountain daylight time"]],
  ["America/Los_Angeles", ["pacific standard time", "pacific daylight time"]],
  ["Europe/London", ["gmt standard time", "british summer time"]],
  ["Europe/Berlin", ["w. europe standard time", "w europe standard time"]],
  ["Europe/Paris", ["romance standard time"]],
  ["Europe/Warsaw", ["central european standard time"]],
  ["Europe/Budapest", ["central europe standard time"]],
  ["Europe/Kyiv", ["fle standard time"]],
  ["Europe/Istanbul", ["turkey standard time"]],
  ["Europe/Moscow", ["russian standard time", "moscow standard time"]],
  ["Asia/Tokyo", ["tokyo standard time"]],
  ["Asia/Seoul", ["korea standard time", "korean standard time"]],
  ["Asia/Singapore", ["singapore standard time"]],
  ["Asia/Hong_Kong", ["hong kong standard time"]],
  ["Asia/Jerusalem", ["israel standard time"]],
  ["Asia/Dubai", ["arabian standard time"]],
  ["Asia/Yekaterinburg", ["ekaterinburg standard time", "yekaterinburg standard time"]],
  ["Asia/Novosibirsk", ["n. central asia standard time", "novosibirsk standard time"]],
  ["Asia/Vladivostok", ["vladivostok standard time"]],
  [
    "Australia/Sydney",
    ["aus eastern standard time", "australian eastern standard time", "australian eastern daylight time"],
  ],
  ["America/Sao_Paulo", ["e. south america standard time", "brasilia standard time"]],
  ["America/Argentina/Buenos_Aires", ["argentina standard time"]],
];
