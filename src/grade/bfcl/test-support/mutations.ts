/**
 * Ways a model's calls go wrong (or differently right), for the differential test against BFCL's checker: values,
 * types, names, missing/extra/optional arguments, order, duplicates, Unicode, nesting. Each mutation returns new
 * calls, or undefined when it does not apply to these calls.
 */

import { pyJsonText } from "../../../extract/python-json.js";
import { type PyCall, type PyDict, PyFloat, type PyValue } from "../../../extract/python-value.js";

export interface MutationContext {
  /** Function documents of the question (name → declared parameter names). */
  declared: ReadonlyMap<string, readonly string[]>;
  /** Per call index, the parameters whose accepted values include `""` (may be left out). */
  optional: readonly (readonly string[])[];
  random: () => number;
}

export interface Mutation {
  kind: string;
  apply(calls: readonly PyCall[], context: MutationContext): PyCall[] | undefined;
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

function cloneCalls(calls: readonly PyCall[]): PyCall[] {
  return calls.map((call) => ({ name: call.name, arguments: new Map(call.arguments) }));
}

type ValueChange = (value: PyValue, random: () => number) => PyValue | undefined;

/** Changes one argument value (picked at random among those the change applies to). */
function valueMutation(kind: string, change: ValueChange): Mutation {
  return {
    kind,
    apply(calls, { random }) {
      const spots = calls.flatMap((call, index) =>
        [...call.arguments.keys()].map((param) => ({ index, param })),
      );
      const order = [...spots].sort(() => random() - 0.5);
      for (const { index, param } of order) {
        const changed = change((calls[index] as PyCall).arguments.get(param) as PyValue, random);
        if (changed === undefined) continue;
        const out = cloneCalls(calls);
        (out[index] as PyCall).arguments.set(param, changed);
        return out;
      }
      return undefined;
    },
  };
}

const isString = (v: PyValue): v is string => typeof v === "string";
const isInt = (v: PyValue): v is number => typeof v === "number";
const isFloat = (v: PyValue): v is PyFloat => v instanceof PyFloat;
const isList = (v: PyValue): v is PyValue[] => Array.isArray(v);
const isDict = (v: PyValue): v is PyDict => v instanceof Map;

function onString(change: (s: string, random: () => number) => PyValue | undefined): ValueChange {
  return (v, random) => (isString(v) && v !== "" ? change(v, random) : undefined);
}

function onList(change: (items: PyValue[], random: () => number) => PyValue | undefined): ValueChange {
  return (v, random) => (isList(v) ? change(v, random) : undefined);
}

function onDict(change: (dict: PyDict, random: () => number) => PyValue | undefined): ValueChange {
  return (v, random) => (isDict(v) ? change(v, random) : undefined);
}

function mapElements(items: PyValue[], change: (v: PyValue) => PyValue): PyValue[] | undefined {
  const out = items.map(change);
  return out.some((v, i) => v !== items[i]) ? out : undefined;
}

function insertAt(text: string, insert: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1));
  return text.slice(0, at) + insert + text.slice(at);
}

const STRING_MUTATIONS: Mutation[] = [
  valueMutation(
    "string:upper",
    onString((s) => (s.toUpperCase() === s ? undefined : s.toUpperCase())),
  ),
  valueMutation(
    "string:lower",
    onString((s) => (s.toLowerCase() === s ? undefined : s.toLowerCase())),
  ),
  valueMutation(
    "string:ignored-punctuation",
    onString((s, r) => insertAt(s, pick([" ", ",", ".", "/", "-", "_", "*", "^"], r) ?? " ", r)),
  ),
  valueMutation(
    "string:trailing-bang",
    onString((s) => `${s}!`),
  ),
  valueMutation(
    "string:trailing-colon",
    onString((s) => `${s}:`),
  ),
  valueMutation(
    "string:wrapped-quotes",
    onString((s) => `"${s}"`),
  ),
  valueMutation(
    "string:single-quote",
    onString((s, r) => insertAt(s, "'", r)),
  ),
  valueMutation(
    "string:accent",
    onString((s) => `${s}é`),
  ),
  valueMutation(
    "string:fold-accents",
    onString((s) => {
      const folded = s.normalize("NFD").replace(/\p{M}/gu, "");
      return folded === s ? undefined : folded;
    }),
  ),
  valueMutation(
    "string:nbsp",
    onString((s, r) => insertAt(s, "\u00a0", r)),
  ),
  valueMutation(
    "string:tab",
    onString((s, r) => insertAt(s, "\t", r)),
  ),
  valueMutation(
    "string:newline",
    onString((s) => `${s}\n`),
  ),
  valueMutation(
    "string:escapes",
    onString((s) => `${s}\\'"`),
  ),
  valueMutation(
    "string:empty",
    onString(() => ""),
  ),
  valueMutation(
    "string:extra-word",
    onString((s) => `${s} please`),
  ),
  valueMutation(
    "string:cyrillic-lookalike",
    onString((s) => (s.includes("a") ? s.replace("a", "а") : undefined)),
  ),
  valueMutation(
    "string:to-number",
    onString((s) => {
      const n = Number(s.replace(/,/g, ""));
      return s.trim() !== "" && Number.isFinite(n) ? (Number.isInteger(n) ? n : new PyFloat(n)) : undefined;
    }),
  ),
  valueMutation(
    "string:null-text",
    onString(() => "null"),
  ),
];

const NUMBER_MUTATIONS: Mutation[] = [
  valueMutation("int:as-float", (v) => (isInt(v) ? new PyFloat(v) : undefined)),
  valueMutation("int:as-string", (v) => (isInt(v) ? String(v) : undefined)),
  valueMutation("int:thousands-string", (v) =>
    isInt(v) && Math.abs(v) >= 1000 ? v.toLocaleString("en-US") : undefined,
  ),
  valueMutation("int:plus-one", (v) => (isInt(v) ? v + 1 : undefined)),
  valueMutation("int:near", (v) => (isInt(v) && Math.abs(v) > 1000 ? v + 1 : undefined)),
  valueMutation("int:as-bool", (v) => (v === 0 || v === 1 ? v === 1 : undefined)),
  valueMutation("int:huge", (v) => (isInt(v) ? 2n ** 70n + BigInt(v) : undefined)),
  valueMutation("int:negated", (v) => (isInt(v) && v !== 0 ? -v : undefined)),
  valueMutation("float:as-int", (v) => (isFloat(v) && Number.isInteger(v.value) ? v.value : undefined)),
  valueMutation("float:truncated", (v) =>
    isFloat(v) && !Number.isInteger(v.value) ? Math.trunc(v.value) : undefined,
  ),
  valueMutation("float:as-string", (v) => (isFloat(v) ? String(v.value) : undefined)),
  valueMutation("float:nudged", (v) => (isFloat(v) ? new PyFloat(v.value + 1e-9) : undefined)),
  valueMutation("bool:negated", (v) => (typeof v === "boolean" ? !v : undefined)),
  valueMutation("bool:as-string", (v) => (typeof v === "boolean" ? String(v) : undefined)),
  valueMutation("bool:as-int", (v) => (typeof v === "boolean" ? Number(v) : undefined)),
];

const CONTAINER_MUTATIONS: Mutation[] = [
  valueMutation(
    "list:reversed",
    onList((items) => (items.length > 1 ? [...items].reverse() : undefined)),
  ),
  valueMutation(
    "list:drop-last",
    onList((items) => (items.length > 0 ? items.slice(0, -1) : undefined)),
  ),
  valueMutation(
    "list:duplicate",
    onList((items) => (items.length > 0 ? [...items, items[0] as PyValue] : undefined)),
  ),
  valueMutation(
    "list:as-json-text",
    onList((items) => pyJsonText(items)),
  ),
  valueMutation(
    "list:ints-as-floats",
    onList((items) => mapElements(items, (v) => (isInt(v) ? new PyFloat(v) : v))),
  ),
  valueMutation(
    "list:floats-as-ints",
    onList((items) => mapElements(items, (v) => (isFloat(v) && Number.isInteger(v.value) ? v.value : v))),
  ),
  valueMutation(
    "list:strings-upper",
    onList((items) => mapElements(items, (v) => (isString(v) ? v.toUpperCase() : v))),
  ),
  valueMutation(
    "list:empty",
    onList((items) => (items.length > 0 ? [] : undefined)),
  ),
  valueMutation(
    "list:unwrapped",
    onList((items) => (items.length === 1 ? (items[0] as PyValue) : undefined)),
  ),
  valueMutation(
    "list:nested",
    onList((items) => [items]),
  ),
  valueMutation(
    "dict:drop-key",
    onDict((dict, r) => {
      const key = pick([...dict.keys()], r);
      if (key === undefined) return undefined;
      const out = new Map(dict);
      out.delete(key);
      return out;
    }),
  ),
  valueMutation(
    "dict:extra-key",
    onDict((dict) => new Map([...dict, ["extra_key", "x"]])),
  ),
  valueMutation(
    "dict:value-upper",
    onDict((dict) => {
      const out = new Map(
        [...dict].map(([k, v]) => [k, isString(v) ? v.toUpperCase() : v] as [string, PyValue]),
      );
      return [...out].some(([k, v]) => v !== dict.get(k)) ? out : undefined;
    }),
  ),
  valueMutation(
    "dict:value-changed",
    onDict((dict, r) => {
      const key = pick([...dict.keys()], r);
      return key === undefined ? undefined : new Map([...dict, [key, "changed"]]);
    }),
  ),
  valueMutation(
    "dict:as-json-text",
    onDict((dict) => pyJsonText(dict)),
  ),
  valueMutation(
    "dict:in-list",
    onDict((dict) => [dict]),
  ),
  valueMutation("value:null", (v) => (v === null ? undefined : null)),
  valueMutation("value:in-list", (v) => (isList(v) ? undefined : [v])),
  valueMutation("value:nested-dict", (v) => new Map([["value", v]])),
];

function structural(kind: string, apply: Mutation["apply"]): Mutation {
  return { kind, apply };
}

function renamed(
  calls: readonly PyCall[],
  random: () => number,
  rename: (name: string) => string,
): PyCall[] | undefined {
  const index = Math.floor(random() * calls.length);
  const call = calls[index];
  if (!call || rename(call.name) === call.name) return undefined;
  const out = cloneCalls(calls);
  (out[index] as PyCall).name = rename(call.name);
  return out;
}

const STRUCTURE_MUTATIONS: Mutation[] = [
  structural("args:drop-one", (calls, { random }) => {
    const spots = calls.flatMap((call, index) =>
      [...call.arguments.keys()].map((param) => ({ index, param })),
    );
    const spot = pick(spots, random);
    if (!spot) return undefined;
    const out = cloneCalls(calls);
    (out[spot.index] as PyCall).arguments.delete(spot.param);
    return out;
  }),
  structural("args:empty-optional", (calls, { optional, random }) => {
    const index = Math.floor(random() * calls.length);
    const param = pick(optional[index] ?? [], random);
    if (param === undefined || calls[index] === undefined) return undefined;
    const out = cloneCalls(calls);
    (out[index] as PyCall).arguments.set(param, "");
    return out;
  }),
  structural("args:extra-undeclared", (calls, { random }) => {
    const out = cloneCalls(calls);
    (out[Math.floor(random() * out.length)] as PyCall)?.arguments.set("verbose", true);
    return out.length > 0 ? out : undefined;
  }),
  structural("args:extra-declared", (calls, { declared, random }) => {
    const index = Math.floor(random() * calls.length);
    const call = calls[index];
    const unused = (declared.get(call?.name ?? "") ?? []).filter((p) => !call?.arguments.has(p));
    const param = pick(unused, random);
    if (!call || param === undefined) return undefined;
    const out = cloneCalls(calls);
    (out[index] as PyCall).arguments.set(param, "default");
    return out;
  }),
  structural("args:renamed-case", (calls, { random }) => {
    const index = Math.floor(random() * calls.length);
    const param = pick([...(calls[index]?.arguments.keys() ?? [])], random);
    if (param === undefined || param.toUpperCase() === param) return undefined;
    const out = cloneCalls(calls);
    const args = (out[index] as PyCall).arguments;
    const value = args.get(param) as PyValue;
    args.delete(param);
    args.set(param.toUpperCase(), value);
    return out;
  }),
  structural("args:shuffled", (calls, { random }) =>
    calls.map((call) => ({
      name: call.name,
      arguments: new Map([...call.arguments].sort(() => random() - 0.5)),
    })),
  ),
  structural("name:upper", (calls, { random }) => renamed(calls, random, (n) => n.toUpperCase())),
  structural("name:dash", (calls, { random }) => renamed(calls, random, (n) => n.replace(/_/g, "-"))),
  structural("name:functions-prefix", (calls, { random }) => renamed(calls, random, (n) => `functions.${n}`)),
  structural("name:mangled-dots", (calls, { random }) =>
    renamed(calls, random, (n) => n.replace(/\./g, "_")),
  ),
  structural("name:last-segment", (calls, { random }) =>
    renamed(calls, random, (n) => n.split(".").at(-1) ?? n),
  ),
  structural("name:other-function", (calls, { declared, random }) => {
    const others = [...declared.keys()];
    return renamed(
      calls,
      random,
      (n) =>
        pick(
          others.filter((o) => o !== n),
          random,
        ) ?? n,
    );
  }),
  structural("calls:duplicate", (calls, { random }) => {
    const call = pick(calls, random);
    return call ? [...cloneCalls(calls), ...cloneCalls([call])] : undefined;
  }),
  structural("calls:drop-one", (calls, { random }) => {
    if (calls.length === 0) return undefined;
    const out = cloneCalls(calls);
    out.splice(Math.floor(random() * out.length), 1);
    return out;
  }),
  structural("calls:none", (calls) => (calls.length > 0 ? [] : undefined)),
  structural("calls:reversed", (calls) => (calls.length > 1 ? cloneCalls(calls).reverse() : undefined)),
  structural("calls:swap-argument", (calls, { random }) => {
    const pairs = calls.flatMap((a, i) =>
      calls.flatMap((b, j) => (i < j && a.name === b.name ? [[i, j] as const] : [])),
    );
    const pair = pick(pairs, random);
    if (!pair) return undefined;
    const [i, j] = pair;
    const param = pick(
      [...(calls[i] as PyCall).arguments.keys()].filter((p) => (calls[j] as PyCall).arguments.has(p)),
      random,
    );
    if (param === undefined) return undefined;
    const out = cloneCalls(calls);
    const a = (out[i] as PyCall).arguments;
    const b = (out[j] as PyCall).arguments;
    const value = a.get(param) as PyValue;
    a.set(param, b.get(param) as PyValue);
    b.set(param, value);
    return out;
  }),
];

/** Every kind of mutation the generator applies (well over the 40 the issue asks for). */
export const MUTATIONS: readonly Mutation[] = [
  ...STRING_MUTATIONS,
  ...NUMBER_MUTATIONS,
  ...CONTAINER_MUTATIONS,
  ...STRUCTURE_MUTATIONS,
];
