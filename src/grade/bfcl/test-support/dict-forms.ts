/**
 * The prompt-mode class for BFCL's dict_checker and list_dict_checker: a dict-valued argument (or a list of dicts)
 * written right, or wrong in each way those checkers name — an unexpected key, a missing key, a wrong value, a wrong
 * value *and* a missing key (the checker then reports the missing key's error type, `value_error:dict_key`, over the
 * value's), the wrong number of dicts — and in the spellings Python allows (repeated keys, non-string keys, `dict(…)`,
 * `**` unpacking, expressions as values). Written only for questions whose answer has such an argument.
 */
import { type PyDict, PyFloat, type PyValue } from "../../../extract/python-value.js";
import type { PromptClass } from "./prompt-classes.js";
import { type Choose, pythonLiteral, stringLiteral, withArgument } from "./python-writer.js";

const isDict = (value: PyValue): value is PyDict => value instanceof Map;
const isDictList = (value: PyValue): value is PyValue[] =>
  Array.isArray(value) && value.length > 0 && value.every(isDict);

/** Whether these calls have an argument for the dict checkers. */
export function hasDictArgument(calls: readonly { arguments: PyDict }[]): boolean {
  return calls.some((call) => [...call.arguments.values()].some((v) => isDict(v) || isDictList(v)));
}

function entry(key: string, value: string, choose: Choose): string {
  return `${stringLiteral(key, choose)}${choose([": ", ":", " : "])}${value}`;
}

function written(entries: readonly string[], choose: Choose): string {
  return `{${entries.join(choose([", ", ",", ",\n  "]))}}`;
}

/** A value of another kind, or the same kind changed, for one entry. */
function otherValue(value: PyValue, choose: Choose): string {
  if (typeof value === "string") {
    return choose([
      `'${value.toUpperCase().replace(/['\\\n]/g, "")}'`,
      `'${value.replace(/['\\\n]/g, "")}!'`,
      `' ${value.replace(/['\\\n]/g, "")}. '`,
      "'changed'",
      "''",
      "None",
      "1",
    ]);
  }
  if (typeof value === "number")
    return choose([`${value + 1}`, `${value}.0`, `'${value}'`, `${value} + 0`, "True"]);
  if (value instanceof PyFloat)
    return choose([`${Math.trunc(value.value)}`, `'${value.value}'`, `${value.value * 2}`]);
  if (typeof value === "boolean") return choose([value ? "False" : "True", value ? "1" : "0", `'${value}'`]);
  return choose(["None", "[]", "{}", "'x'"]);
}

/** One dict written with one change the checkers name (or none, or an equivalent spelling). */
function dictSpelling(dict: PyDict, choose: Choose): string {
  const entries = [...dict];
  const literal = (v: PyValue) => pythonLiteral(v, choose);
  const plain = entries.map(([k, v]) => entry(k, literal(v), choose));
  const at = entries.length > 0 ? Math.floor(choose([0, 0.5, 0.99]) * entries.length) : -1;
  const changed = (i: number) => {
    const [key, value] = entries[i] as [string, PyValue];
    return entry(key, otherValue(value, choose), choose);
  };
  const without = (i: number, list: readonly string[]) => list.filter((_, j) => j !== i);
  const form = choose([
    "exact",
    "exact",
    "reordered",
    "missing-key",
    "extra-key",
    "wrong-value",
    "wrong-value-and-missing-key",
    "missing-key-and-wrong-value",
    "renamed-key",
    "repeated-key",
    "non-string-key",
    "nested",
    "empty",
    "dict-call",
    "unpacked",
    "expression-value",
    "as-json-text",
    "in-list",
    "as-tuple-pairs",
  ]);
  switch (form) {
    case "reordered":
      return written([...plain].reverse(), choose);
    case "missing-key":
      return at < 0 ? "{}" : written(without(at, plain), choose);
    case "extra-key":
      return written([...plain, entry(choose(["extra", "Extra", "note", "id"]), literal(1), choose)], choose);
    case "wrong-value":
      return at < 0
        ? "{'k': 1}"
        : written(
            plain.map((p, i) => (i === at ? changed(i) : p)),
            choose,
          );
    case "wrong-value-and-missing-key": {
      // The first entry's value is wrong and a later key is missing: the missing key's error type wins.
      if (entries.length < 2) return at < 0 ? "{}" : written([changed(0)], choose);
      const dropped = 1 + Math.floor(choose([0, 0.5, 0.99]) * (entries.length - 1));
      return written(
        without(
          dropped,
          plain.map((p, i) => (i === 0 ? changed(0) : p)),
        ),
        choose,
      );
    }
    case "missing-key-and-wrong-value":
      if (entries.length < 2) return written([...plain, entry("extra", "0", choose)], choose);
      return written(
        without(
          0,
          plain.map((p, i) => (i === entries.length - 1 ? changed(i) : p)),
        ),
        choose,
      );
    case "renamed-key": {
      if (at < 0) return "{'K': 1}";
      const [key, value] = entries[at] as [string, PyValue];
      const renamed = choose([key.toUpperCase(), `${key}_`, key.replace(/_/g, ""), ` ${key}`]);
      return written(
        plain.map((p, i) => (i === at ? entry(renamed, literal(value), choose) : p)),
        choose,
      );
    }
    case "repeated-key": {
      if (at < 0) return "{'k': 1, 'k': 2}";
      const [key, value] = entries[at] as [string, PyValue];
      const first = entry(key, otherValue(value, choose), choose);
      const last = entry(key, literal(value), choose);
      return choose([
        written([first, ...plain.filter((_, i) => i !== at), last], choose),
        written([...plain, first], choose),
      ]);
    }
    case "non-string-key":
      return written(
        [...plain, `${choose(["1", "True", "None", "1.5", "-2", "0x10"])}: ${literal("v")}`],
        choose,
      );
    case "nested":
      return at < 0
        ? "{'k': {}}"
        : written(
            plain.map((p, i) =>
              i === at
                ? entry(entries[i]?.[0] ?? "k", `{'inner': ${literal(entries[i]?.[1] ?? 1)}}`, choose)
                : p,
            ),
            choose,
          );
    case "empty":
      return "{}";
    case "dict-call":
      return `dict(${entries.map(([k, v]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : "k"}=${literal(v)}`).join(", ")})`;
    case "unpacked":
      return choose([`{**base}`, `{**base, ${plain.join(", ")}}`, `{${plain.join(", ")}, **{}}`]);
    case "expression-value": {
      if (at < 0) return "{'k': 1 + 1}";
      const [key, value] = entries[at] as [string, PyValue];
      const expression =
        typeof value === "number"
          ? choose([`${value} + 0`, `${value} * 1`, `-(-${value})`, `${value} // 1`])
          : typeof value === "string"
            ? choose([`${literal(value)} + ''`, `${literal(value)} * 1`, `${literal(value)}[0]`])
            : `${literal(value)}`;
      return written(
        plain.map((p, i) => (i === at ? entry(key, expression, choose) : p)),
        choose,
      );
    }
    case "as-json-text":
      return `'${JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, typeof v === "string" ? v : String(v)]))).replace(/['\\]/g, "")}'`;
    case "in-list":
      return `[${written(plain, choose)}]`;
    case "as-tuple-pairs":
      return `(${entries.map(([k, v]) => `(${stringLiteral(k, choose)}, ${literal(v)})`).join(", ")},)`;
    default:
      return written(plain, choose);
  }
}

/** A list of dicts written with its count, order or one dict changed. */
function dictListSpelling(dicts: readonly PyDict[], choose: Choose): string {
  const each = dicts.map((d) => pythonLiteral(d, choose));
  const at = Math.floor(choose([0, 0.5, 0.99]) * dicts.length);
  const form = choose(["exact", "one-changed", "one-changed", "dropped", "added", "reversed", "single"]);
  switch (form) {
    case "one-changed":
      return `[${each.map((e, i) => (i === at ? dictSpelling(dicts[i] as PyDict, choose) : e)).join(", ")}]`;
    case "dropped":
      return `[${each.filter((_, i) => i !== at).join(", ")}]`;
    case "added":
      return `[${[...each, each[at]].join(", ")}]`;
    case "reversed":
      return `[${[...each].reverse().join(", ")}]`;
    case "single":
      return each[at] ?? "{}";
    default:
      return `[${each.join(", ")}]`;
  }
}

export const DICT_CLASS: PromptClass = {
  kind: "dict-checker",
  applies: hasDictArgument,
  write: (calls, choose) =>
    withArgument(
      calls,
      choose,
      (value) =>
        isDict(value)
          ? dictSpelling(value, choose)
          : isDictList(value)
            ? dictListSpelling(value as PyDict[], choose)
            : undefined,
      (value) => isDict(value) || isDictList(value),
    ),
};
