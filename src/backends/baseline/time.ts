/** get_time: "what time is it in X" / «который час в X» → an IANA timezone (or the city as written). */
import { findTimezone } from "./places.js";
import { fold } from "./text.js";
import type { Rule } from "./types.js";

const CUES = [
  /\bwhat(?:'s| is) the (?:current |local )?time\b/,
  /\bwhat time is it\b/,
  /\b(?:current|local) time\b/,
  /\btime (?:is it )?(?:now |right now )?in\b/,
  /\btime zone\b|\btimezone\b/,
  /который (?:сейчас )?час/,
  /сколько (?:сейчас )?времени/,
  /(?:^|\s)(?:текущее|местное|точное) время/,
  /(?:^|\s)время (?:сейчас )?(?:в|во)\s/,
];

export const timeRule: Rule = {
  tool: "get_time",
  question: { en: "Which city or timezone do you mean?", ru: "Для какого города или часового пояса?" },
  match(text) {
    const folded = fold(text);
    if (!CUES.some((cue) => cue.test(folded))) return null;
    const timezone = findTimezone(text);
    return timezone === null ? "clarify" : { name: "get_time", arguments: { timezone } };
  },
};
