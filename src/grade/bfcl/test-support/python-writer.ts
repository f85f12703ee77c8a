/**
 * Writes decoded values back as Python source the many ways a model (or a person) spells them: every string quote,
 * prefix and escape, every number literal form, tuples for lists, spacing. A `Choose` function makes each choice,
 * so one seed gives one spelling; the test compares BFCL's reading of the text with ours, never with the value
 * the text was written from (a spelling may change the value, and that must change both readings alike).
 */
import { type PyCall, PyFloat, PyTuple, type PyValue } from "../../../extract/python-value.js";

/** Picks one of the options (deterministically, from the caller's random source). */
export type Choose = <T>(options: readonly T[]) => T;

export function chooser(random: () => number): Choose {
  return <T>(options: readonly T[]) => options[Math.floor(random() * options.length)] as T;
}

const ESCAPED: Readonly<Record<string, string>> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\" };

/** One character of a string body, escaped one of the ways Python reads back as the same character. */
function escapeChar(ch: string, quote: string, choose: Choose): string {
  const code = ch.codePointAt(0) as number;
  const simple = ESCAPED[ch];
  if (simple) return simple;
  if (ch === quote[0]) return `\\${ch}`;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, "0")}`;
  const form = choose(["plain", "plain", "plain", "plain", "x", "u", "U", "octal"]);
  if (form === "x" && code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (form === "u" && code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
  if (form === "U") return `\\U${code.toString(16).padStart(8, "0")}`;
  // Three digits always: `\40` before a digit would read that digit as part of the escape.
  if (form === "octal" && code <= 0o377) return `\\${code.toString(8).padStart(3, "0")}`;
  return ch;
}

/** A string literal for `text`: a quote style, maybe a u prefix, escapes, maybe split into adjacent literals. */
export function stringLiteral(text: string, choose: Choose): string {
  const quote = choose(["'", '"', "'", '"', "'''", '"""']);
  const prefix = choose(["", "", "", "", "u", "U"]);
  const body = Array.from(text)
    .map((ch) => escapeChar(ch, quote, choose))
    .join("");
  // Every quote character of the body is escaped, so even a triple-quoted one cannot end early.
  const literal = `${prefix}${quote}${body}${quote}`;
  if (text.length > 3 && choose([false, false, false, true])) {
    const cut = Math.floor(text.length / 2);
    return `${stringLiteral(text.slice(0, cut), choose)} ${stringLiteral(text.slice(cut), choose)}`;
  }
  return literal;
}

/** An int literal for `n`: decimal (maybe with underscores), hex, octal or binary. */
export function intLiteral(n: number | bigint, choose: Choose): string {
  const negative = n < 0;
  const magnitude = negative ? -BigInt(n) : BigInt(n);
  const form = choose(["decimal", "decimal", "decimal", "underscores", "hex", "octal", "binary"]);
  let digits: string;
  if (form === "hex") digits = `0x${magnitude.toString(16)}`;
  else if (form === "octal") digits = `0o${magnitude.toString(8)}`;
  else if (form === "binary") digits = `0b${magnitude.toString(2)}`;
  else if (form === "underscores") digits = magnitude.toString().replace(/\B(?=(\d{3})+(?!\d))/g, "_");
  else digits = magnitude.toString();
  return negative ? `-${digits}` : digits;
}

/** A float literal for `x` that Python reads back as the same float. */
export function floatLiteral(x: number, choose: Choose): string {
  if (Number.isNaN(x)) return "1e309 - 1e309";
  if (!Number.isFinite(x)) return x > 0 ? "1e309" : "-1e309";
  const negative = x < 0 || Object.is(x, -0);
  const magnitude = Math.abs(x);
  const shortest = String(magnitude);
  const form = choose(["plain", "plain", "exponent", "trailing-zero", "leading-dot"]);
  let text: string;
  if (form === "exponent") text = magnitude.toExponential();
  else if (form === "trailing-zero") text = /[.e]/.test(shortest) ? shortest : `${shortest}.0`;
  else if (form === "leading-dot" && magnitude < 1 && magnitude > 0 && !shortest.includes("e"))
    text = shortest.replace(/^0\./, ".");
  else text = /[.e]/.test(shortest) ? shortest : `${shortest}.0`;
  return negative ? `-${text}` : text;
}

/** A Python literal for a decoded value, spelled one of the ways that reads back to it. */
export function pythonLiteral(value: PyValue, choose: Choose): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return stringLiteral(value, choose);
  if (typeof value === "number" || typeof value === "bigint") return intLiteral(value, choose);
  if (value instanceof PyFloat) return floatLiteral(value.value, choose);
  const comma = choose([", ", ",", " , ", ",\n  "]);
  if (value instanceof PyTuple) {
    const items = value.items.map((item) => pythonLiteral(item, choose));
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(comma)})`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => pythonLiteral(item, choose)).join(comma)}]`;
  const colon = choose([": ", ":", " : "]);
  const entries = [...value].map(
    ([k, v]) => `${stringLiteral(k, choose)}${colon}${pythonLiteral(v, choose)}`,
  );
  return `{${entries.join(comma)}}`;
}

/** `name(k=v, …)` with the given spelling of each value (default: pythonLiteral). */
export function pythonCall(
  call: PyCall,
  choose: Choose,
  value: (param: string, v: PyValue) => string = (_p, v) => pythonLiteral(v, choose),
): string {
  const equals = choose(["=", "=", "=", " = "]);
  const comma = choose([", ", ",", ",\n    "]);
  return `${call.name}(${[...call.arguments].map(([k, v]) => `${k}${equals}${value(k, v)}`).join(comma)})`;
}

/** BFCL's prompt format: `[f(a=1), g(b=2)]`. */
export function pythonCallList(calls: readonly PyCall[], choose: Choose, write = pythonCall): string {
  const separator = choose([", ", ",", ",\n", ", "]);
  return `[${calls.map((call) => write(call, choose)).join(separator)}]`;
}

/** Writes the calls with one argument (picked by `choose`) spelled by `spell`. */
export function withArgument(
  calls: readonly PyCall[],
  choose: Choose,
  spell: (value: PyValue, param: string) => string | undefined,
  eligible: (value: PyValue) => boolean = () => true,
): string {
  const spots = calls.flatMap((call, i) =>
    [...call.arguments].filter(([, value]) => eligible(value)).map(([param]) => [i, param] as const),
  );
  const [target, targetParam] = spots.length > 0 ? choose(spots) : [-1, ""];
  let index = -1;
  return pythonCallList(calls, choose, (call, c) => {
    index++;
    return pythonCall(call, c, (param, value) => {
      if (index === target && param === targetParam) return spell(value, param) ?? pythonLiteral(value, c);
      return pythonLiteral(value, c);
    });
  });
}

/** Adds source text as an argument of one call, first (a positional place) or last. */
export function withExtra(
  calls: readonly PyCall[],
  choose: Choose,
  extra: string,
  position: "first" | "last",
): string {
  const target = Math.floor(choose([0, 0.3, 0.6, 0.99]) * calls.length);
  return pythonCallList(calls, choose, (call, c) => {
    const written = pythonCall(call, c);
    if (calls.indexOf(call) !== target) return written;
    const open = written.indexOf("(");
    const inner = written.slice(open + 1, -1);
    const args = inner === "" ? extra : position === "first" ? `${extra}, ${inner}` : `${inner}, ${extra}`;
    return `${written.slice(0, open)}(${args})`;
  });
}
