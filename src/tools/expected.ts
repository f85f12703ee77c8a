/** Expected argument values: a plain value, or alternatives `{one_of: [...], optional?: true}` at any depth. */

/** Several accepted values; with `optional`, leaving the argument out is also right (BFCL's `""`). */
export interface Alternatives {
  one_of: readonly unknown[];
  optional?: boolean | undefined;
}

/** True for `{one_of: [...]}` (with or without `optional`): the one object shape an expectation reserves. */
export function isAlternatives(value: unknown): value is Alternatives {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { one_of?: unknown }).one_of)
  );
}

/** The values an expectation accepts: the listed alternatives, or the plain value alone. */
export function acceptedValues(expected: unknown): readonly unknown[] {
  return isAlternatives(expected) ? expected.one_of : [expected];
}

/** Whether the argument may be left out. */
export function isOptional(expected: unknown): boolean {
  return isAlternatives(expected) && expected.optional === true;
}
