/**
 * A mention is not an attempt (extraction rule E2): inline code inside a line of prose ("I would send a
 * `<tool_call>` block", "`get_weather(city="Rome")` is the call I would make, but…") is talk about a call.
 * Such spans are blanked (same length, so every other offset still holds) before the extractors look.
 * A line that is nothing but inline code (`` `TOOL get_weather | city=Rome` ``) is left alone: that is the reply.
 */

const INLINE_CODE = /(?<!`)`(?!`)[^`\n]+`(?!`)/g;
const WORD = /[\p{L}\p{N}]/u;

/** The text with inline code that sits inside prose replaced by spaces; the same string when there is none. */
export function blankInlineMentions(text: string): string {
  if (!text.includes("`")) return text;
  return text.replace(/[^\n]+/g, (line) => {
    if (!line.includes("`")) return line;
    const outside = line.replace(INLINE_CODE, "");
    if (!WORD.test(outside)) return line;
    return line.replace(INLINE_CODE, (code) => " ".repeat(code.length));
  });
}
