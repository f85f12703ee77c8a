/**
 * Self-corrections inside one message: "Set a timer for 5 minutes. Actually no, make it 7." A careful assistant
 * acts once, on the corrected request, so the new number replaces the last number before the correction. Only a
 * correction that is a bare number (with an optional unit word) is rewritten; anything longer is left alone.
 */
import { withDigits } from "./numbers.js";
import { fold, languageOf } from "./text.js";

const MARKER =
  /(?:^|[\s.,!;—-])(?:actually|no wait|wait|sorry|oops|or rather|i mean|хотя нет|нет,? стоп|ой,? нет|вернее|точнее|стоп)(?!\p{L})[\s,.!—-]*(?:no(?!\p{L})[\s,.!—-]*|нет(?!\p{L})[\s,.!—-]*)?/iu;
// What may follow the marker: "make it 7", "7 minutes instead", «давай на 8», «лучше 8 минут».
const NEW_NUMBER =
  /^(?:(?:make|change|set) (?:it|that)(?: to| for)?|let's (?:say|do)|давай|лучше|поставь|сделай)?\s*(?:on|for|to|на)?\s*(\d+(?:\.\d+)?)\s*(?:\p{L}+)?\s*(?:instead|лучше)?[\s.!]*$/iu;
const LAST_NUMBER = /\d+(?:\.\d+)?(?!.*\d)/su;

/** The request with a trailing numeric self-correction applied, or the text unchanged. */
export function applyCorrection(text: string): string {
  const marker = MARKER.exec(text);
  if (!marker) return text;
  const lang = languageOf(text);
  const after = withDigits(fold(text.slice(marker.index + marker[0].length)), lang).trim();
  const corrected = NEW_NUMBER.exec(after)?.[1];
  if (corrected === undefined) return text;
  const before = text.slice(0, marker.index);
  if (LAST_NUMBER.test(before)) return before.replace(LAST_NUMBER, corrected);
  const digits = withDigits(fold(before), lang);
  return LAST_NUMBER.test(digits) ? digits.replace(LAST_NUMBER, corrected) : text;
}
