/** BFCL possible answers → expected calls: lists of accepted values become `one_of`, `""` marks an optional argument. */
import type { ExpectedCall } from "../cases/schema.js";
import { RecordError } from "./records.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value BFCL accepts. Inside it, a dict's values are again lists of accepted values (nested possibilities). */
function acceptedValue(value: unknown, path: string): Json {
  if (Array.isArray(value)) return value.map((element, i) => acceptedValue(element, `${path}[${i}]`));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        Array.isArray(inner)
          ? possibilities(inner, `${path}.${key}`)
          : acceptedValue(inner, `${path}.${key}`),
      ]),
    );
  }
  if (value === null || ["boolean", "number", "string"].includes(typeof value)) return value as Json;
  throw new RecordError(path, "expected a JSON value");
}

/**
 * A list of accepted values → the expectation: one value stays plain, several become `{one_of}`, and
 * `""` (BFCL: the argument may be left out) adds `optional: true`; `[""]` alone means "leave it out".
 */
export function possibilities(values: readonly unknown[], path: string): Json {
  const optional = values.includes("");
  const accepted = values.filter((v) => v !== "").map((v, i) => acceptedValue(v, `${path}[${i}]`));
  if (!optional && accepted.length === 1) return accepted[0] as Json;
  return optional ? { one_of: accepted, optional: true } : { one_of: accepted };
}

/** The calls a case expects, and the arguments no output can satisfy (an empty list of accepted values). */
export interface ExpectedCalls {
  calls: ExpectedCall[];
  unpassable: string[];
}

/**
 * One `ground_truth` list → the calls a case expects, in BFCL's order. An argument with no accepted value
 * (live_simple_106-63-0) is left out of the expectation and reported: BFCL fails every output on it, so the
 * question is marked unpassable rather than guessed at.
 */
export function expectedCalls(groundTruth: unknown, path: string): ExpectedCalls {
  const unpassable: string[] = [];
  if (!Array.isArray(groundTruth) || groundTruth.length === 0) {
    throw new RecordError(
      path,
      "expected a non-empty list of {function name: {argument: [accepted values]}}",
    );
  }
  const calls = groundTruth.map((entry, index) => {
    const where = `${path}[${index}]`;
    const names = isRecord(entry) ? Object.keys(entry) : [];
    const name = names[0];
    const args = name === undefined || !isRecord(entry) ? undefined : entry[name];
    if (names.length !== 1 || name === undefined || !isRecord(args)) {
      throw new RecordError(where, "expected one {function name: {argument: [accepted values]}}");
    }
    const expectedArgs: Record<string, Json> = {};
    for (const [argument, values] of Object.entries(args)) {
      if (!Array.isArray(values))
        throw new RecordError(`${where}.${name}.${argument}`, "expected a list of accepted values");
      if (values.length === 0) {
        unpassable.push(`${where}.${name}.${argument}`);
        continue;
      }
      expectedArgs[argument] = possibilities(values, `${where}.${name}.${argument}`);
    }
    return { name, arguments: expectedArgs };
  });
  return { calls, unpassable };
}
