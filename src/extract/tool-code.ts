/**
 * Gemma's code-execution dialect (issue 25, shapes): a call is written as Python inside a ```tool_code fence, wrapped
 * in `print(…)` and sometimes qualified as `default_api.NAME(…)`. The wrapper is blanked (offsets kept) so the
 * Python-style reader sees the call itself; the call is then read, and named, as the `pythonic` dialect.
 */

const TOOL_CODE_FENCE = /```tool_code[ \t]*\r?\n([^`]*)```/g;
const PRINTED_CALL = /^([ \t]*)(print\((?:default_api\.)?)(.*)\)([ \t]*)$/gm;

/** The text with each `print(CALL)` line of a tool_code fence blanked to `      CALL `. */
export function unwrapToolCodePrints(seen: string): string {
  if (!seen.includes("```tool_code")) return seen;
  return seen.replace(TOOL_CODE_FENCE, (fence, body: string) => {
    const unwrapped = body.replace(
      PRINTED_CALL,
      (_line, indent: string, wrapper: string, call: string, tail: string) =>
        `${indent}${" ".repeat(wrapper.length)}${call} ${tail}`,
    );
    return fence.replace(body, () => unwrapped);
  });
}
