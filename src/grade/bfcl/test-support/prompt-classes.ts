/**
 * Prompt-mode text of every class real models write or Python's grammar allows — fences with tags, JSON, each
 * Python form, reserved words, repeated keywords, tuples, subscripts, operators, lambdas, `...`, attribute chains,
 * nested calls, every string and number spelling, prose around calls, stray whitespace — generated with fast-check
 * from a fixed seed. Each text is built from one question's answer, so a class holds passing and failing outputs;
 * the differential test has BFCL's decoder and checker read every one and requires ours to read it alike.
 */
import fc from "fast-check";
import { type PyCall, PyFloat, PyTuple, type PyValue } from "../../../extract/python-value.js";
import { mulberry32 } from "../../../metrics/random.js";
import { CALL_FORM_CLASSES } from "./call-forms.js";
import { DICT_CLASS } from "./dict-forms.js";
import { FREEFORM_CLASSES } from "./freeform.js";
import {
  type Choose,
  chooser,
  floatLiteral,
  intLiteral,
  pythonCall,
  pythonCallList,
  pythonLiteral,
  stringLiteral,
  withArgument,
  withExtra,
} from "./python-writer.js";

/** One class: what it is, and how to write a text from a question's answer calls. */
export interface PromptClass {
  kind: string;
  /** Only questions whose answer calls this holds for are written in this class (default: every question). */
  applies?: (calls: readonly PyCall[]) => boolean;
  /** Outputs of this class, when it needs more than OUTPUTS_PER_CLASS to mix its parts. */
  count?: number;
  write(calls: readonly PyCall[], choose: Choose): string;
}

function jsonOf(value: PyValue): string {
  if (value instanceof PyFloat)
    return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === "bigint") return String(value);
  if (value instanceof PyTuple) return jsonOf(value.items);
  if (Array.isArray(value)) return `[${value.map(jsonOf).join(", ")}]`;
  if (value instanceof Map)
    return `{${[...value].map(([k, v]) => `${JSON.stringify(k)}: ${jsonOf(v)}`).join(", ")}}`;
  return JSON.stringify(value);
}

function jsonCalls(calls: readonly PyCall[], choose: Choose): string {
  const form = choose(["name-arguments", "name-parameters", "bfcl", "tool-calls", "single"]);
  const objects = calls.map((call) => {
    const args = jsonOf(call.arguments as PyValue);
    if (form === "bfcl") return `{${JSON.stringify(call.name)}: ${args}}`;
    const key = form === "name-parameters" ? "parameters" : "arguments";
    return `{"name": ${JSON.stringify(call.name)}, "${key}": ${args}}`;
  });
  if (form === "tool-calls")
    return `{"tool_calls": [${objects.map((o) => `{"function": ${o}}`).join(", ")}]}`;
  if (form === "single") return objects.join("\n");
  return `[${objects.join(choose([", ", ",\n  "]))}]`;
}

const numberSpellings = (value: PyValue, choose: Choose): string | undefined => {
  if (typeof value === "number" || typeof value === "bigint") {
    const n = BigInt(value);
    return choose([
      intLiteral(value, choose),
      `${n}.0`,
      `${n}e0`,
      `${n}j`,
      `0${n}`,
      `00`,
      `+${n}`,
      `-${n}`,
      `--${n}`,
      `~${n}`,
      `not ${n}`,
      `-(${n})`,
      `(${n})`,
      `${n}_`,
      `${n}__0`,
      `${n}L`,
      `${n}+0j`,
      `${n} + 0`,
      `${n}.real`,
      `${n} .real`,
      `${n}e309`,
      `${n}${"0".repeat(25)}`,
      `1_000`,
      `0x1F`,
      `0X_1f`,
      `0o17`,
      `0O8`,
      `0b101`,
      `0b2`,
      `1e3`,
      `1E-3`,
      `.5`,
      `5.`,
      `1.5j`,
      `2J`,
      `1e309`,
      `-1e309`,
      `9007199254740993`,
      `-9007199254740993`,
      `True`,
      `-True`,
      `0.1`,
      `1.0000000000000002`,
      `1e16`,
      `1e-05`,
      `1if 1else 0`,
    ]);
  }
  if (value instanceof PyFloat) {
    const x = value.value;
    return choose([
      floatLiteral(x, choose),
      floatLiteral(x, choose),
      `${x}j`,
      `-${floatLiteral(x, choose)}`,
      `+${floatLiteral(x, choose)}`,
      `${Math.trunc(x)}`,
      `${x}e0`,
      `${x}_0`,
      `${x}E+0`,
      `${x}.5`,
      `0${x}`,
      `${x}f`,
      `${x}+0j`,
      `1_0.5`,
      `1.5e1_0`,
      `${x.toExponential()}`,
    ]);
  }
  return undefined;
};

const stringSpellings = (value: PyValue, choose: Choose): string | undefined => {
  if (typeof value !== "string") return undefined;
  const escaped = value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
  return choose([
    stringLiteral(value, choose),
    stringLiteral(value, choose),
    `r'${value.replace(/'/g, "")}'`,
    `R"${value.replace(/"/g, "")}"`,
    `b'${escaped.replace(/[^\x20-\x7e]/g, "")}'`,
    `rb'${value.replace(/[^\x20-\x7e']/g, "")}'`,
    `f'${escaped.replace(/[{}]/g, "")}'`,
    `ur'${escaped}'`,
    `'${escaped}' 'tail'`,
    `'${escaped}' b'x'`,
    `'${escaped}\\n'`,
    `'${escaped}\\t'`,
    `'\\x41${escaped}'`,
    `'\\x4${escaped}'`,
    `'\\u00e9${escaped}'`,
    `'\\U0001F600${escaped}'`,
    `'\\U00110000'`,
    `'\\101\\777${escaped}'`,
    `'\\d\\w${escaped}'`,
    `'\\0${escaped}'`,
    `'${escaped}\\\n'`,
    `'${escaped}\n'`,
    `'''${escaped}\n'''`,
    `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
    `"it's ${value.replace(/[\\"]/g, "")}"`,
    `'say "${value.replace(/[\\']/g, "")}"'`,
    `'${escaped}`,
    `"${escaped}'`,
    `'${escaped}\u00a0'`,
    `'${escaped}😀'`,
    `'\\a\\b\\f\\v${escaped}'`,
    `u'${escaped}' '${escaped}'`,
  ]);
};

/** Values spelled as expressions, with and without a value Python can compute. */
const operatorSpellings = (value: PyValue, choose: Choose): string | undefined => {
  const literal = pythonLiteral(value, choose);
  const numeric = typeof value === "number" || value instanceof PyFloat;
  const n = typeof value === "number" ? value : value instanceof PyFloat ? value.value : 3;
  return choose([
    `${literal} + 0`,
    `${literal} * 1`,
    `${literal} - 0`,
    `${literal} / 1`,
    `${literal} // 1`,
    `${literal} % 7`,
    `${literal} ** 1`,
    `${literal} << 1`,
    `${literal} >> 1`,
    `${literal} & 255`,
    `${literal} | 0`,
    `${literal} ^ 1`,
    `${literal} @ 1`,
    `${literal} + x`,
    `x * ${literal}`,
    `${literal} / 0`,
    `${literal} // 0`,
    `${literal} % 0`,
    `(${literal}) * 2`,
    `-(${literal}) + 1`,
    `~${numeric ? Math.trunc(n) : 1} + 1`,
    `${numeric ? Math.trunc(n) : 2} ** -1`,
    `2 ** 10 - ${numeric ? Math.trunc(n) : 1}`,
    `(-8) ** 0.5`,
    `0 ** -1`,
    `10 ** 400 * 1.0`,
    `1e308 * 10`,
    `2 ** 0.5`,
    `7.5 % -2`,
    `-7 // 2`,
    `-7 % 3`,
    `(1 + 2j) * (3 - 1j)`,
    `(1 + 2j) / (3 - 4j)`,
    `1j ** 2`,
    `(1+2j) ** 0.5`,
    `True + True`,
    `True & False`,
    `(1 < 2) + 1`,
    `(1 == 1.0) * 3`,
    `(1 if True else 2) + 1`,
    `('a' < 'b') + 0`,
    `([1, 2] < [1, 3]) + 0`,
    `(1 and 2) + 1`,
    `(0 or 5) + 1`,
    `(2 in [1, 2]) + 0`,
    `('x' + 'y')`,
    `'ab' * 2`,
    `2 * 'ab'`,
    `'ab' * -1`,
    `b'a' + b'b'`,
    `[1] * 3`,
    `[1, 2] + [3]`,
    `(1, 2) + (3,)`,
    `{'a': 1} | {'b': 2}`,
    `[1, 2][0] + 1`,
    `'abc'[1] + 'd'`,
    `[1, 2, 3][1:] + [4]`,
    `'abcdef'[::2] + ''`,
    `{'k': 5}['k'] * 2`,
    `[*[1, 2], 3] + []`,
    `None + 1`,
    `'a' + 1`,
    `[1] + (2,)`,
    `'%s' % 5`,
    `1 < 2`,
    `not 1`,
    `1 if 2 else 3`,
    `1 and 2`,
    `0.1 + 0.2`,
    `1e16 + 1`,
    `10 / 3`,
    `2 ** 64`,
    `-2 ** 2`,
    `(-2) ** 2`,
    `2 ** -2`,
  ]);
};

const tupleSpellings = (value: PyValue, choose: Choose): string | undefined => {
  const items = Array.isArray(value) ? value : [value];
  const literals = items.map((item) => pythonLiteral(item, choose));
  return choose([
    `(${literals.join(", ")}${literals.length === 1 ? "," : ""})`,
    `(${literals.join(", ")},)`,
    `()`,
    `(${literals[0] ?? "1"})`,
    `((${literals.join(", ")},), 1)`,
    `[(${literals.join(", ")},)]`,
    `{'t': (${literals.join(", ")},)}`,
    `(*[${literals.join(", ")}],)`,
    `(${literals.join(", ")}) + ()`,
    // Calls inside a tuple: each resolved as a value is (unparsed text without keywords, {name: {…}} with them).
    `(g(x=${literals[0] ?? "1"}), h())`,
    `(g(${literals[0] ?? "1"}),)`,
    `((g(k=1)),)`,
    `(${literals.join(", ")}, g(k=[1]))`,
  ]);
};

/** The whole output as a tuple: bare (BFCL's brackets make it a list), parenthesised or of lists (both fail). */
function tupleOfCalls(calls: readonly PyCall[], choose: Choose): string {
  const written = calls.map((call) => pythonCall(call, choose));
  const separator = choose([", ", ",", ",\n"]);
  const one = written.length === 1 ? "," : "";
  return choose([
    `${written.join(separator)}${one}`,
    `(${written.join(separator)}${one})`,
    `[(${written.join(separator)}${one})]`,
    `(${written.map((w) => `[${w}]`).join(separator)})`,
    written.map((w) => `[${w}]`).join(separator),
  ]);
}

const subscriptSpellings = (value: PyValue, choose: Choose): string | undefined => {
  const literal = pythonLiteral(value, choose);
  return choose([
    `data['${typeof value === "string" ? value.replace(/['\\\n]/g, "") : "sales"}']`,
    `x[0]`,
    `x[-1]`,
    `x[1:2]`,
    `x[::2]`,
    `x[::]`,
    `x[:]`,
    `x[1:2:3]`,
    `x[a:b, c]`,
    `x[:, 1]`,
    `x[1, 2]`,
    `x[1,]`,
    `x[()]`,
    `x[*y]`,
    `x[(1, 2), 3]`,
    `x[y := 1]`,
    `x['a']['b']`,
    `x.y[0]`,
    `f(1)[0]`,
    `f(a=1)[0]`,
    `(a + b)[0]`,
    `(lambda: 0)[0]`,
    `[${literal}][0]`,
    `(${literal},)[0]`,
    `{'k': ${literal}}['k']`,
    `'text'[0]`,
    `x[1.5]`,
    `x[-0]`,
    `x[0x1F]`,
    `x['it\\'s']`,
    `x[]`,
  ]);
};

const lambdaSpellings = (_value: PyValue, choose: Choose): string | undefined =>
  choose([
    `lambda: 0`,
    `lambda x: x`,
    `lambda x, y=1: x + y`,
    `lambda *a, **k: a`,
    `lambda a, /, b: a`,
    `lambda *, k: k`,
    `lambda x=1, y: x`,
    `lambda *: 0`,
    `(lambda: 0)`,
    `(lambda: 0)()`,
    `sorted(x, key=lambda v: v[1])`,
    `map(lambda v: v * 2, xs)`,
    `max(xs, key=lambda v: -v)`,
    `f(lambda: 0)`,
    `[lambda: 0]`,
    `lambda: (yield)`,
    `lambda x: x if x else 0`,
  ]);

const ellipsisSpellings = (value: PyValue, choose: Choose): string | undefined =>
  choose([
    `...`,
    `[...]`,
    `[${pythonLiteral(value, choose)}, ...]`,
    `{'a': ...}`,
    `(...,)`,
    `-...`,
    `...[0]`,
    `f(...)`,
    `... + 1`,
    `Ellipsis`,
    `....real`,
    `(...)`,
  ]);

const callSpellings = (value: PyValue, choose: Choose): string | undefined => {
  const literal = pythonLiteral(value, choose);
  return choose([
    `f(${literal})`,
    `f()`,
    `g(a=${literal})`,
    `g(a=h(${literal}))`,
    `g(a=h(b=${literal}))`,
    `g(*x)`,
    `g(**x)`,
    `g(${literal}, b=1)`,
    `g(1, 2)(3)`,
    `np.array([1, 2])`,
    `np.array(object=[1, 2])`,
    `datetime.date(2024, 1, 1)`,
    `datetime.date(year=2024, month=1, day=1)`,
    `str(${literal})`,
    `int('5')`,
    `a.b().c()`,
    `a.b(x=1).c(y=2)`,
    `[f(x) for x in y]`,
    `f(x for x in y)`,
    `f(*a, **k)`,
    `f(x=1, x=2)`,
    `f(a, b=1, *c, d=2, **e)`,
    `f(**{'k': ${literal}})`,
    `g(1, 2) + 1`,
    `abs(-3) + 1`,
    `len('ab') * 2`,
  ]);
};

const PROSE_BEFORE = [
  "",
  "Sure! ",
  "Here is the function call:\n",
  "I'll call the function.\n\n",
  "<think>The user wants this.</think>\n",
  "Function call: ",
  "Answer:\n",
  "1. ",
  "- ",
  "> ",
  "**Call:** ",
  "TOOLCALL: ",
  "<TOOLCALL>",
  "assistant\n",
  "Based on the question, ",
];
const PROSE_AFTER = [
  "",
  "\nThis will compute the result.",
  " Let me know if you need more.",
  ".",
  "\n\nNote: I assumed the default unit.",
  "</TOOLCALL>",
  "\n```",
  "<|eot_id|>",
  "\n#",
  " # done",
  ";",
  "\n",
];

/** The classes of the issue (and of what real outputs look like), each with its writer. */
const VALUE_CLASSES: readonly PromptClass[] = [
  {
    kind: "fence:tagged",
    write(calls, choose) {
      const tag = choose([
        "python",
        "json",
        "py",
        "Python",
        "tool_code",
        "",
        "javascript",
        "text",
        "python3",
      ]);
      const body =
        choose(["python", "python", "json"]) === "json"
          ? jsonCalls(calls, choose)
          : pythonCallList(calls, choose);
      const open = choose(["```", "```", "````", "`"]);
      const shape = choose(["block", "block", "inline", "spaced", "untagged-line"]);
      if (shape === "inline") return `${open}${tag} ${body}${open}`;
      if (shape === "spaced") return ` \n${open}${tag}\n${body}\n${open}\n `;
      if (shape === "untagged-line") return `${open}\n${body}\n${open}${choose(["", "\n", " "])}`;
      return `${open}${tag}\n${body}\n${open}`;
    },
  },
  {
    kind: "json:prompt",
    write(calls, choose) {
      const json = jsonCalls(calls, choose);
      return choose([json, json, ` ${json}\n`, `\`${json}\``, `[${json}]`, json.replace(/"/g, "'")]);
    },
  },
  {
    kind: "python:forms",
    write(calls, choose) {
      const form = choose([
        "list",
        "bare",
        "tuple",
        "newlines",
        "semicolons",
        "nested-list",
        "comment",
        "continuation",
        "positional",
        "spaced",
        "trailing-comma",
        "quoted",
        "empty",
      ]);
      const written = calls.map((call) => pythonCall(call, choose));
      switch (form) {
        case "bare":
          return written.join(choose([", ", ","]));
        case "tuple":
          return `(${written.join(", ")}${written.length === 1 ? "," : ""})`;
        case "newlines":
          return choose([written.join("\n"), `[${written.join("\n")}]`, `[\n  ${written.join(",\n  ")}\n]`]);
        case "semicolons":
          return written.join("; ");
        case "nested-list":
          return `[[${written.join(", ")}]]`;
        case "comment":
          return `[${written.join(", # next\n")}  # done\n]`;
        case "continuation":
          return choose([
            `[${written.join(", \\\n")}]`,
            `${written.join(", \\\n")}`,
            `[${written.join(", \\ ")}]`,
          ]);
        case "positional":
          return withExtra(
            calls,
            choose,
            choose(["1", "'x'", "*args", "**kwargs", "x", "None", "[1, 2]"]),
            choose(["first", "last"]),
          );
        case "spaced":
          return `[ ${written.map((w) => w.replace("(", choose([" (", "(", "( "]))).join(" ,  ")} ]`;
        case "trailing-comma":
          return `[${written.map((w) => `${w.slice(0, -1)}${w.endsWith("()") ? "" : ","})`).join(", ")},]`;
        case "quoted":
          return choose([
            `'[${written.join(", ")}]'`,
            `"[${written.join(", ")}]"`,
            `'${written.join(", ")}'`,
          ]);
        case "empty":
          return choose(["[]", "", "[ ]", "()", "[[]]", "None", "[None]"]);
        default:
          return pythonCallList(calls, choose);
      }
    },
  },
  {
    kind: "reserved-words",
    write(calls, choose) {
      const word = choose([
        "from",
        "class",
        "in",
        "is",
        "lambda",
        "import",
        "def",
        "return",
        "global",
        "async",
        "await",
        "True",
        "None",
        "not",
        "or",
        "if",
        "else",
        "pass",
        "match",
        "case",
        "type",
        "_",
        "print",
        "exec",
        "self",
        "id",
        "list",
        "ｆｒｏｍ",
        "año",
        "from_",
      ]);
      const value = choose(["'USD'", "1", "None", "True", "x"]);
      if (choose([true, false]))
        return withExtra(calls, choose, `${word}=${value}`, choose(["first", "last"]));
      // The word as a function name, or as a value.
      return choose([`[${word}(x=${value})]`, `[f(x=${word})]`, `[${word}.get(x=1)]`, `[a.${word}(x=1)]`]);
    },
  },
  {
    kind: "repeated-keywords",
    write(calls, choose) {
      const call = calls[0];
      const param = call ? choose([...call.arguments.keys(), "extra"]) : "a";
      const value = call?.arguments.get(param);
      const written = value === undefined ? "1" : pythonLiteral(value, choose);
      const other = choose(["'other'", "0", "None", "[]", written]);
      const pair = choose([
        `${param}=${written}, ${param}=${other}`,
        `${param}=${other}, ${param}=${written}`,
        `${param}=${other}, ${param}=${other}, ${param}=${written}`,
      ]);
      return withExtra(calls, choose, pair, choose(["first", "last"]));
    },
  },
  {
    kind: "tuples",
    write: (calls, choose) =>
      choose([true, true, true, false])
        ? withArgument(calls, choose, (v) => tupleSpellings(v, choose))
        : tupleOfCalls(calls, choose),
  },
  {
    kind: "subscripts",
    write: (calls, choose) => withArgument(calls, choose, (v) => subscriptSpellings(v, choose)),
  },
  {
    kind: "operators",
    write: (calls, choose) => withArgument(calls, choose, (v) => operatorSpellings(v, choose)),
  },
  {
    kind: "lambdas",
    write(calls, choose) {
      const lambda = lambdaSpellings(null, choose) as string;
      return choose(["value", "value", "positional"]) === "value"
        ? withArgument(calls, choose, () => lambda)
        : withExtra(calls, choose, lambda, choose(["first", "last"]));
    },
  },
  {
    kind: "ellipsis",
    write(calls, choose) {
      return choose([true, true, false])
        ? withArgument(calls, choose, (v) => ellipsisSpellings(v, choose))
        : withExtra(calls, choose, "...", "first");
    },
  },
  {
    kind: "attribute-chains",
    write(calls, choose) {
      const prefix = choose(["math.", "a.b.", "np.linalg.", "self.", "functions.", "tools.api.", "", "x()."]);
      const form = choose(["prefix", "strip", "chain", "subscript", "value", "call-value", "paren"]);
      const renamed = calls.map((call) => {
        const short = call.name.split(".").at(-1) ?? call.name;
        if (form === "prefix") return { ...call, name: `${prefix}${call.name}` };
        if (form === "strip") return { ...call, name: short };
        if (form === "chain") return { ...call, name: `a.b().${call.name}` };
        if (form === "subscript") return { ...call, name: `tools[0].${call.name}` };
        if (form === "paren") return { ...call, name: `(${call.name})` };
        return call;
      });
      if (form === "value")
        return withArgument(renamed, choose, () =>
          choose(["math.pi", "x.y.z", "np.float64", "'a'.upper", "1 .real"]),
        );
      if (form === "call-value")
        return withArgument(renamed, choose, () =>
          choose(["math.sqrt(4)", "x.y.z()", "a.b(c=1)", "'a'.upper()", "obj.method(1, 2)"]),
        );
      return pythonCallList(renamed, choose);
    },
  },
  {
    kind: "nested-calls",
    write: (calls, choose) => withArgument(calls, choose, (v) => callSpellings(v, choose)),
  },
  {
    kind: "strings",
    write: (calls, choose) =>
      withArgument(calls, choose, (v) => stringSpellings(v, choose) ?? stringSpellings("text", choose)),
  },
  {
    kind: "numbers",
    write: (calls, choose) =>
      withArgument(calls, choose, (v) => numberSpellings(v, choose) ?? numberSpellings(1, choose)),
  },
  {
    kind: "prose",
    write(calls, choose) {
      const body = choose([
        pythonCallList(calls, choose),
        calls.map((call) => pythonCall(call, choose)).join(", "),
        calls.map((call) => pythonCall(call, choose)).join("\n"),
        jsonCalls(calls, choose),
        choose([
          "I cannot help with that.",
          "None",
          "none",
          "[]",
          "No function call is needed.",
          "Sorry",
          "The answer is 42.",
          "",
          "```\n```",
          "null",
          "True",
          "[None]",
          "I'll use get_weather.",
          "f(x)",
          "[f]",
        ]),
      ]);
      return `${choose(PROSE_BEFORE)}${body}${choose(PROSE_AFTER)}`;
    },
  },
  {
    kind: "whitespace",
    write(calls, choose) {
      const body = pythonCallList(calls, choose);
      const lead = choose([
        "",
        " ",
        "\n",
        "\t",
        "\r\n",
        " \n ",
        "``",
        "`\n`",
        "\u00a0",
        "\ufeff",
        "\f",
        "\n\n\t",
        "\v",
      ]);
      const tail = choose([
        "",
        " ",
        "\n",
        "\t",
        "\r",
        "\r\n",
        "\n\n",
        "``",
        " `",
        "\u00a0",
        "\f",
        "\u2028",
        "\0",
      ]);
      return `${lead}${body}${tail}`;
    },
  },
];

/** Every class: the value and shape classes above, the call forms, BFCL's dict checkers, free-form text. */
export const PROMPT_CLASSES: readonly PromptClass[] = [
  ...VALUE_CLASSES,
  ...CALL_FORM_CLASSES,
  DICT_CLASS,
  ...FREEFORM_CLASSES,
];

/** How many outputs each class contributes to the differential test (the issue asks for at least 500). */
export const OUTPUTS_PER_CLASS = 600;

export interface PromptOutput {
  kind: string;
  /** Index into the question list the text was written for. */
  question: number;
  text: string;
}

/**
 * Every class's outputs over these questions' answer calls, from a fixed seed (fast-check drives every choice): each
 * class draws its questions from those it applies to.
 */
export function promptOutputs(
  answerCalls: readonly (readonly PyCall[])[],
  count = OUTPUTS_PER_CLASS,
  seed = 26,
): PromptOutput[] {
  const out: PromptOutput[] = [];
  PROMPT_CLASSES.forEach((promptClass, classIndex) => {
    const eligible = answerCalls.flatMap((calls, index) =>
      (promptClass.applies?.(calls) ?? true) ? [index] : [],
    );
    if (eligible.length === 0) return;
    const draws = fc.sample(fc.tuple(fc.nat({ max: eligible.length - 1 }), fc.integer()), {
      seed: seed * 100 + classIndex,
      numRuns: Math.max(count, promptClass.count ?? 0),
    });
    for (const [pick, subSeed] of draws) {
      const question = eligible[pick] as number;
      const choose = chooser(mulberry32(subSeed));
      out.push({
        kind: promptClass.kind,
        question,
        text: promptClass.write(answerCalls[question] ?? [], choose),
      });
    }
  });
  return out;
}
