/** Compares one call's arguments with the expected ones: every expected argument present and equal, extras flagged. */
import { isMentions, mentionsMatch } from "../cases/mentions.js";
import { CATALOGUE, type ToolName } from "../tools/catalogue.js";
import { isOptional } from "../tools/expected.js";
import { matchesNormalised, normalisedExpected } from "../tools/normalise.js";
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
        ? parameterMatch(expected, name, parameter, want, actual[name])
        : defined
          ? matchExpected(undefined, want, actual[name], name)
          : { ok: false, extra: [] };
    if (result.ok) extra.push(...result.extra);
    else mismatched.push(`${name}=${JSON.stringify(actual[name])}, expected ${describe(want)}`);
  }
  for (const name of Object.keys(actual)) if (!Object.hasOwn(expected, name)) extra.push(name);
  return { mismatched, extra };
}

const MATCHED: Comparison = { ok: true, extra: [] };
const FAILED: Comparison = { ok: false, extra: [] };

/** A catalogue parameter's expected values, normalised once per case: keyed by the case's expected arguments. */
const normalisedCache = new WeakMap<
  object,
  Map<string, { parameter: ToolParameter; wants: NormalisedValue[] }>
>();

function parameterMatch(
  expected: Record<string, unknown>,
  name: string,
  parameter: ToolParameter,
  want: unknown,
  actual: unknown,
): Comparison {
  if (parameter.schema) return compareArgument(parameter, want, actual);
  let perCase = normalisedCache.get(expected);
  if (perCase === undefined) {
    perCase = new Map();
    normalisedCache.set(expected, perCase);
  }
  let entry = perCase.get(name);
  if (entry?.parameter !== parameter) {
    entry = { parameter, wants: normalisedExpected(parameter, want) };
    perCase.set(name, entry);
  }
  return matchesNormalised(parameter, entry.wants, actual) ? MATCHED : FAILED;
}

function describe(want: unknown): string {
  if (isOptional(want) && (want as { one_of: unknown[] }).one_of.length === 0) return "it absent";
  return JSON.stringify(want);
}
