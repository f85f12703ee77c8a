/**
 * Free-form prompt-mode text, the way published outputs mix things: calls written several ways (a list, bare, one per
 * line, each in its own brackets, numbered, after `<|python_tag|>`), framed by prose in several languages, markdown,
 * fences with and without tags, chat-template tokens and thinking blocks, with newline and whitespace variants
 * (`\r\n`, tabs, form feeds, no-break and ideographic spaces, zero-width characters), Unicode in names and values
 * (full-width letters that NFKC folds, CJK, emoji, combining marks, right-to-left text), very long outputs, and text
 * BFCL's decoder errors on (null bytes, lone surrogates, nesting past Python's limit, division by zero, unknown names).
 * Each text composes several of these at random, so no class boundary hides a combination. A last class edits
 * written calls a few characters at a time (inserted, deleted or replaced punctuation, digits, letters, blanks), as a
 * truncated or garbled output is, so the tokenizer and grammar meet text nobody thought to write.
 */
import type { PyCall, PyValue } from "../../../extract/python-value.js";
import type { PromptClass } from "./prompt-classes.js";
import { type Choose, pythonCall, pythonCallList, pythonLiteral } from "./python-writer.js";

const PROSE = [
  "Sure! Here is the function call:",
  "I'll call the function for you.",
  "To answer this, I need to call `get_data` (see below):",
  "Based on the user's request, the appropriate call is:",
  "The user wants the result; no further information is needed.",
  "I cannot help with that, as none of the functions apply.",
  "None of the provided functions can be used.",
  "No function call is needed",
  "Here's what I'd do: 1) call the tool, 2) report back.",
  "Вызываю функцию с нужными параметрами:",
  "我将调用以下函数：",
  "Voilà l'appel de fonction :",
  "Llamaré a la función así:",
  "関数を呼び出します。",
  "मैं फ़ंक्शन को कॉल करूँगा।",
  "سأستدعي الدالة الآن.",
  "Let me think... the answer is 42.",
  "Note: parameters not given were left out.",
  "True",
  "None",
  "N/A",
  "OK.",
  "I",
  "Result",
  "function_call",
];

const TOKENS = [
  "<|python_tag|>",
  "<|eot_id|>",
  "<|eom_id|>",
  "<end_of_turn>",
  "<start_of_turn>model\n",
  "<|im_end|>",
  "<|im_start|>assistant\n",
  "</s>",
  "<|end|>",
  "<|assistant|>",
  "[TOOL_CALLS]",
  "<tool_call>",
  "</tool_call>",
  "<functioncall>",
  "<|start_header_id|>assistant<|end_header_id|>\n\n",
  "<think>\nThe user asks for this; I should call the tool.\n</think>\n",
  "<think></think>",
  "assistant:",
  "Action: ",
];

const MARKDOWN_BEFORE = [
  "### Function call\n",
  "## Answer\n\n",
  "**Call:** ",
  "**Function call:**\n",
  "> ",
  "- ",
  "* ",
  "1. ",
  "---\n",
  "| call |\n|---|\n| ",
  "`",
  "``",
];

const MARKDOWN_AFTER = [" |", "\n---", "\n\n*Done.*", "`", "**", "\n\n> note", "\n- item", "  \n"];

const FENCE_TAGS = ["", "", "python", "py", "json", "tool_code", "Python", "text", "python3", "plaintext"];

/** Separators between calls, including the line breaks and spaces models write between them. */
const SEPARATORS = [
  ", ",
  ",",
  ",\n",
  ",\r\n",
  ", \t",
  ",\f",
  "\n",
  "\r\n",
  "; ",
  " ",
  ",\u00a0",
  ",\u3000",
  ", \u200b",
  ",\n\n",
];

const UNICODE_STRINGS = [
  "北京",
  "Москва",
  "São Paulo",
  "Zürich",
  "café",
  "cafe\u0301",
  "😀 party",
  "👩‍👩‍👧",
  "שלום",
  "مرحبا",
  "\u202eevil",
  "a\u200bb",
  "ｆｕｌｌ",
  "ß",
  "İstanbul",
  "x\u0000y",
  "line\nbreak",
  "tab\there",
  "quote ' and \"",
  "back\\slash",
  "\ud83d\ude00",
];

/** Names as a model in another script, or in full-width letters (which Python's NFKC folds to ASCII), writes them. */
function unicodeName(name: string, choose: Choose): string {
  const form = choose(["full-width", "full-width", "cyrillic", "cjk", "accent", "ligature"]);
  if (form === "full-width")
    return [...name]
      .map((ch) => (/[A-Za-z0-9]/.test(ch) ? String.fromCodePoint((ch.codePointAt(0) ?? 0) + 0xfee0) : ch))
      .join("");
  if (form === "cyrillic") return `получить_${name}`;
  if (form === "cjk") return `${name}_天气`;
  if (form === "accent") return `${name}é`;
  return name.replace(/fi/g, "ﬁ").replace(/^([a-z])/, "ﬀ$1");
}

function unicodeCalls(calls: readonly PyCall[], choose: Choose): PyCall[] {
  return calls.map((call) => {
    const args = new Map(call.arguments);
    const strings = [...args].filter(([, v]) => typeof v === "string");
    const spot = strings.length > 0 ? choose(strings) : undefined;
    const form = choose(["value", "value", "name", "keyword"]);
    if (form === "value" && spot) args.set(spot[0], choose(UNICODE_STRINGS));
    if (form === "keyword" && args.size > 0) {
      const [key, value] = choose([...args]);
      args.delete(key);
      args.set(unicodeName(key, choose), value);
    }
    const name =
      form === "name"
        ? call.name
            .split(".")
            .map((part) => unicodeName(part, choose))
            .join(".")
        : call.name;
    return { name, arguments: args };
  });
}

/** Outputs long enough to test bounds: many calls, a long string, long prose, deep nesting near Python's 200. */
function longText(calls: readonly PyCall[], choose: Choose): string {
  const written = calls.map((call) => pythonCall(call, choose));
  const form = choose([
    "many-calls",
    "long-string",
    "long-prose",
    "deep-nesting",
    "long-number",
    "truncated",
  ]);
  switch (form) {
    case "many-calls": {
      const times = choose([50, 200, 1000]);
      return `[${Array.from({ length: times }, (_, i) => written[i % written.length] ?? "f()").join(", ")}]`;
    }
    case "long-string": {
      const body = choose(["a", "é", "😀", "ab ", "\\n"]).repeat(choose([5_000, 50_000]));
      const call = calls[0];
      const [param] = call ? [...call.arguments.keys()] : [];
      return `[${call?.name ?? "f"}(${param ?? "text"}='${body}')]`;
    }
    case "long-prose": {
      const prose = `${choose(PROSE)} `.repeat(choose([100, 1000]));
      return `${prose}[${written.join(", ")}]`;
    }
    case "deep-nesting": {
      const depth = choose([150, 198, 199, 200, 201, 260]);
      return `[f(a=${"[".repeat(depth)}1${"]".repeat(depth)})]`;
    }
    case "long-number":
      return `[f(a=${choose(["1".repeat(4300), "1".repeat(4301), `0x${"f".repeat(3000)}`, `${"9".repeat(400)}.5`, `1${"0".repeat(400)}j`])})]`;
    default: {
      const full = `[${Array.from({ length: 60 }, (_, i) => written[i % written.length] ?? "f()").join(", ")}]`;
      return full.slice(0, Math.floor(full.length * choose([0.5, 0.9, 0.999])));
    }
  }
}

/** What BFCL's decoder fails on in ways of its own: errors Python raises while reading or computing. */
const ERROR_VALUES = [
  "1/0",
  "10 % 0",
  "x + 1",
  "undefined_name * 2",
  "'a' - 'b'",
  "[1] + 'x'",
  "{[1]: 2}",
  "{{1}: 2}",
  "lambda: 0",
  "f'{x}'",
  "-'text'",
  "--5",
  "not True",
  "1 if x else 2",
  "x.y",
  "{1, 2}",
  "[i for i in x]",
  "a < b",
  "(yield)",
  "2 ** 0.5j",
  "0 ** -1",
  "1e308 * 1e308",
  "10 ** 400 * 1.0",
];

/** One way of writing the calls as Python text. */
function callsText(calls: readonly PyCall[], choose: Choose): string {
  const written = calls.map((call) => pythonCall(call, choose));
  const separator = choose(SEPARATORS);
  const form = choose([
    "list",
    "list",
    "list",
    "list",
    "bare",
    "bare",
    "each-bracketed",
    "numbered",
    "bullets",
    "tag-per-call",
    "tuple",
    "empty",
  ]);
  switch (form) {
    case "bare":
      return written.join(separator);
    case "each-bracketed":
      return written.map((w) => `[${w}]`).join(choose(["\n", "\r\n", " ", ", ", "\n\n"]));
    case "numbered":
      return written.map((w, i) => `${i + 1}. ${w}`).join("\n");
    case "bullets":
      return written.map((w) => `- ${w}`).join("\n");
    case "tag-per-call":
      return written.map((w) => `<|python_tag|>${w}`).join(choose(["\n", "<|eom_id|>"]));
    case "tuple":
      return `(${written.join(separator)}${written.length === 1 ? "," : ""})`;
    case "empty":
      return choose(["[]", "", "[ ]", "[\n]", "[\r\n]"]);
    default:
      return `[${written.join(separator)}]`;
  }
}

/** Line-break and blank variants applied to the whole text, inside and outside the brackets. */
function respaced(text: string, choose: Choose): string {
  const form = choose([
    "none",
    "none",
    "none",
    "crlf",
    "crlf",
    "cr",
    "tabs",
    "form-feed",
    "nbsp",
    "line-separator",
    "bom",
    "trailing",
    "trailing",
  ]);
  switch (form) {
    case "crlf":
      return text.replace(/\n/g, "\r\n");
    case "cr":
      return text.replace(/\n/g, "\r");
    case "tabs":
      return text.replace(/, /g, ",\t").replace(/=/g, choose(["=", " =\t", "\t= "]));
    case "form-feed":
      return text.replace(/\(/, "(\f");
    case "nbsp":
      return text.replace(/, /, ",\u00a0");
    case "line-separator":
      return choose([`${text}\u2028`, `\u2029${text}`, text.replace(/, /, ",\u2028")]);
    case "bom":
      return `\ufeff${text}`;
    case "trailing":
      return `${text}${choose([" ", "\n", "\t", " \n \n", "\r\n", "\n\n\n", "``", "` `"])}`;
    default:
      return text;
  }
}

/** Prose, tokens, markdown or a fence around the body (or nothing: the body as BFCL reads it best). */
function framed(body: string, choose: Choose): string {
  // Mostly unframed, so that about a third of the texts decode and the verdicts on them are compared too.
  const before = choose([
    "none",
    "none",
    "none",
    "none",
    "none",
    "prose",
    "token",
    "markdown",
    "fence",
    "blank",
    "blank",
  ]);
  const after = choose([
    "none",
    "none",
    "none",
    "none",
    "none",
    "prose",
    "token",
    "markdown",
    "blank",
    "blank",
  ]);
  let text = body;
  if (before === "fence") {
    const ticks = choose(["```", "```", "````", "`"]);
    text = `${ticks}${choose(FENCE_TAGS)}${choose(["\n", "\n", " ", "\r\n", ""])}${text}${choose(["\n", "", " "])}${ticks}`;
  } else if (before === "prose") text = `${choose(PROSE)}${choose(["\n", "\n\n", " ", "\r\n"])}${text}`;
  else if (before === "token") text = `${choose(TOKENS)}${text}`;
  else if (before === "markdown") text = `${choose(MARKDOWN_BEFORE)}${text}`;
  else if (before === "blank") text = `${choose(["\n", "  ", "\n\n  ", "` ", "\t", "\r\n"])}${text}`;
  if (after === "prose") text = `${text}${choose(["\n", "\n\n", " ", ". "])}${choose(PROSE)}`;
  else if (after === "token") text = `${text}${choose(TOKENS)}`;
  else if (after === "markdown") text = `${text}${choose(MARKDOWN_AFTER)}`;
  else if (after === "blank") text = `${text}${choose(["\n", " ", "\n\n", "`\n", "\t"])}`;
  return text;
}

/** The calls with one argument's value replaced by source text BFCL's decoder raises on (or reads oddly). */
function withErrorValue(calls: readonly PyCall[], choose: Choose): string {
  const value = choose(ERROR_VALUES);
  const target = Math.floor(choose([0, 0.5, 0.99]) * calls.length);
  const written = calls.map((call, index) => {
    if (index !== target) return pythonCall(call, choose);
    const args = [...call.arguments].map(([k, v]) => `${k}=${pythonLiteral(v, choose)}`);
    args.splice(
      Math.floor(choose([0, 0.5, 1]) * args.length),
      0,
      `${args.length > 0 ? "extra" : "a"}=${value}`,
    );
    return `${call.name}(${args.join(", ")})`;
  });
  return `[${written.join(", ")}]`;
}

/** Control characters and lone surrogates dropped in at a random place. */
function withHostileCharacter(text: string, choose: Choose): string {
  const ch = choose(["\0", "\ud800", "\udc00", "\x1b", "\x7f", "\u0085", "\v", "\x01"]);
  const at = Math.floor(choose([0, 0.1, 0.5, 0.9, 1]) * text.length);
  return text.slice(0, at) + ch + text.slice(at);
}

/**
 * The characters an edit puts in: Python's punctuation, blanks, digits and the letters numbers are spelled with, then
 * any printable ASCII, and the Unicode a tokenizer must judge (blanks Python does not take, letters NFKC folds,
 * digits and superscripts that are not Python's, combining marks, line separators, a BOM, an emoji, control
 * characters, a lone surrogate).
 */
const EDIT_CHARACTERS = [
  ..."[](){}'\"=,.:;+-*/%<>!~^&|@#\\ \n\t\r`_0123456789abcdefxyzjeEoObB",
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
  ..."\f\v\u00a0\u3000éßｆ١²ª\u0300\u200b\u2028\u0085\ufeff\x00\x1b\ud800",
  "😀",
];

/** One to three edits at random places: a character inserted, deleted or replaced, or a span cut out. */
function edited(text: string, choose: Choose): string {
  let out = text;
  const place = () => Math.floor(choose([0, 0.05, 0.2, 0.4, 0.5, 0.6, 0.8, 0.95, 1]) * out.length);
  for (let edits = choose([1, 1, 2, 3]); edits > 0; edits--) {
    const at = place();
    const ch = choose(EDIT_CHARACTERS);
    const op = choose(["insert", "insert", "delete", "replace", "replace", "cut"]);
    if (op === "insert") out = out.slice(0, at) + ch + out.slice(at);
    else if (op === "delete") out = out.slice(0, at) + out.slice(at + 1);
    else if (op === "replace") out = out.slice(0, at) + ch + out.slice(at + 1);
    else {
      const other = place();
      out = out.slice(0, Math.min(at, other)) + out.slice(Math.max(at, other));
    }
  }
  return out;
}

const PLACEHOLDER: PyValue = "x";

/** Calls with no arguments get one, so value-level choices have something to change. */
function withSomeArgument(calls: readonly PyCall[]): PyCall[] {
  return calls.map((call) =>
    call.arguments.size > 0 ? call : { ...call, arguments: new Map([["value", PLACEHOLDER]]) },
  );
}

export const FREEFORM_CLASSES: readonly PromptClass[] = [
  {
    kind: "freeform:mixed",
    count: 3000,
    write(calls, choose) {
      const source = choose([true, true, true, false])
        ? [...calls]
        : unicodeCalls(withSomeArgument(calls), choose);
      const body = choose([true, true, true, true, false])
        ? callsText(source, choose)
        : withErrorValue(source, choose);
      let text = respaced(framed(body, choose), choose);
      if (choose([false, false, false, false, false, false, false, true]))
        text = withHostileCharacter(text, choose);
      return text;
    },
  },
  {
    kind: "freeform:unicode",
    count: 1000,
    write(calls, choose) {
      const source = unicodeCalls(withSomeArgument(calls), choose);
      const text = respaced(framed(callsText(source, choose), choose), choose);
      return choose([true, true, true, false]) ? text : withHostileCharacter(text, choose);
    },
  },
  {
    kind: "freeform:long",
    write: (calls, choose) => respaced(framed(longText(calls, choose), choose), choose),
  },
  {
    kind: "freeform:errors",
    count: 1000,
    write(calls, choose) {
      const text = choose([true, true, false])
        ? withErrorValue(withSomeArgument(calls), choose)
        : withHostileCharacter(callsText(calls, choose), choose);
      return choose([true, true, false]) ? text : framed(text, choose);
    },
  },
  {
    kind: "freeform:edited",
    count: 1000,
    write: (calls, choose) =>
      edited(choose([true, true, false]) ? pythonCallList(calls, choose) : callsText(calls, choose), choose),
  },
];
