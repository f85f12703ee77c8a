/** Compares one call's arguments with the expected ones: every expected argument present and equal, extras flagged. */
import { isMentions, mentionsMatch } from "../cases/mentions.js";
import { CATALOGUE, type ToolName } from "../tools/catalogue.js";
import { acceptedValues, isOptional } from "../tools/expected.js";
import { type Leniency, leniencyOf } from "../tools/leniency.js";
import { DIGIT_GROUPING, matchesNormalised, NORMALISERS, normalisedExpected } from "../tools/normalise.js";
import { type Comparison, compareArgument, matchExpected } from "../tools/structural.js";
import type { NormalisedValue, ToolParameter, ToolSpec } from "../tools/types.js";

export interface ArgumentCheck {
  /** One readable line per expected argument that is missing or different. */
  mismatched: string[];
  /** Arguments given beyond the expected ones (nested object keys as paths, `budget.currency`). */
  extra: string[];
}

/**
 * Compares arguments. An optional expected argument (`{one_of, optional: true}`) may be left out; an
 * argument the tool does not declare never matches on a catalogue tool (ToolUse.1's rule) and is
 * compared by value shape on a tool the case defines.
 */
export function compareArguments(
  tool: ToolSpec,
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
): ArgumentCheck {
  const mismatched: string[] = [];
  const extra: string[] = [];
  const defined = CATALOGUE[tool.name as ToolName] !== tool;
  for (const [name, want] of Object.entries(expected)) {
    if (!Object.hasOwn(actual, name)) {
      if (!isOptional(want)) mismatched.push(`${name} missing`);
      continue;
    }
    const parameter = tool.parameters.find((p) => p.name === name);
    const result = isMentions(want)
      ? { ok: mentionsMatch(want, actual[name]), extra: [] }
      : parameter
        ? parameterMatch(expected, name, parameter, actual[name])
        : defined
          ? matchExpected(undefined, want, actual[name], name)
          : { ok: false, extra: [] };
    if (result.ok) extra.push(...result.extra);
    else
      mismatched.push(
        `${name}=${JSON.stringify(actual[name])}${whyUnread(parameter, actual[name])}, expected ${describe(want)}`,
      );
  }
  for (const name of Object.keys(actual)) if (!Object.hasOwn(expected, name)) extra.push(name);
  return { mismatched, extra };
}

const MATCHED: Comparison = { ok: true, extra: [] };
const FAILED: Comparison = { ok: false, extra: [] };

/** One expected argument of a catalogue parameter, prepared once per case (what depends on the case alone). */
interface PreparedArgument {
  parameter: ToolParameter;
  /** The accepted values through the parameter's normaliser, those it can read. */
  wants: NormalisedValue[];
  /**
   * The same accepted values as written: a model's value identical to one of them normalises to that want, so it
   * matches without being normalised again (the common case, and the verdict is the same).
   */
  written: readonly unknown[];
  /** The leniency each written value relies on, found on first need. */
  leniencies: Map<unknown, Leniency | undefined>;
}

// Keyed by the case's expected arguments: a case is never changed once loaded (see `Case`, src/cases/schema.ts).
const preparedCache = new WeakMap<object, Map<string, PreparedArgument>>();

function prepared(
  expected: Record<string, unknown>,
  name: string,
  parameter: ToolParameter,
): PreparedArgument {
  let perCase = preparedCache.get(expected);
  if (perCase === undefined) {
    perCase = new Map();
    preparedCache.set(expected, perCase);
  }
  let entry = perCase.get(name);
  if (entry?.parameter !== parameter) {
    const normaliser = NORMALISERS[parameter.normaliser];
    const written = acceptedValues(expected[name]).filter(
      (value) => (value === null || typeof value !== "object") && normaliser(value).kind !== "invalid",
    );
    entry = {
      parameter,
      wants: normalisedExpected(parameter, expected[name]),
      written,
      leniencies: new Map(),
    };
    perCase.set(name, entry);
  }
  return entry;
}

function parameterMatch(
  expected: Record<string, unknown>,
  name: string,
  parameter: ToolParameter,
  actual: unknown,
): Comparison {
  if (parameter.schema) return compareArgument(parameter, expected[name], actual);
  const entry = prepared(expected, name, parameter);
  if (entry.written.includes(actual)) return MATCHED;
  return matchesNormalised(parameter, entry.wants, actual) ? MATCHED : FAILED;
}

/** The written leniency a matched catalogue argument relied on (see leniencyOf), undefined when none. */
export function argumentLeniency(
  expected: Record<string, unknown>,
  name: string,
  parameter: ToolParameter,
  actual: unknown,
): Leniency | undefined {
  const entry = prepared(expected, name, parameter);
  if (!entry.written.includes(actual)) return leniencyOf(parameter.normaliser, actual);
  if (!entry.leniencies.has(actual)) entry.leniencies.set(actual, leniencyOf(parameter.normaliser, actual));
  return entry.leniencies.get(actual);
}

/**
 * Why a value its normaliser refused is wrong, where the value looks right at a glance: `"1,250"` reads as 1250 to a
 * person but to no tool (SPEC §3.2, S4). Other refusals keep their reasons as they were.
 */
function whyUnread(parameter: ToolParameter | undefined, actual: unknown): string {
  if (parameter?.normaliser !== "number") return "";
  const read = NORMALISERS.number(actual);
  return read.kind === "invalid" && read.reason === DIGIT_GROUPING ? ` is ${DIGIT_GROUPING}` : "";
}

function describe(want: unknown): string {
  if (isOptional(want) && (want as { one_of: unknown[] }).one_of.length === 0) return "it absent";
  return JSON.stringify(want);
}
