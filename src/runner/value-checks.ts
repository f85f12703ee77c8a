/**
 * Small checks of a value's shape, for the quick checks that stand in front of a zod schema on a run's path
 * (run-input.ts, results-check.ts): each answers true only for values the schema it mirrors accepts, so a run that
 * passes them never loads zod (issue 28's cached re-run). zod's meaning is kept: a number is finite, a whole number
 * is a safe integer, an object is any non-array object, an optional field may be absent or undefined.
 */

/** Whether a value has the expected shape. */
export type Check = (value: unknown) => boolean;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === "string";
export const isBoolean: Check = (value) => typeof value === "boolean";
/** zod's `number()`: finite. */
export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

export const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
export const orAbsent =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);

/** One of the listed values (zod's `enum` and `literal`). */
export const oneOf = (values: readonly unknown[]): Check => {
  const known = new Set(values);
  return (value) => known.has(value);
};

/** An array of at least `min` items, each passing `check` (a hole is refused, as zod refuses it). */
export const listOf =
  (check: Check, min = 0): Check =>
  (value) => {
    if (!Array.isArray(value) || value.length < min) return false;
    for (let index = 0; index < value.length; index++)
      if (!(index in value) || !check(value[index])) return false;
    return true;
  };

/** A whole number (zod's `int`: a safe integer) within [min, max]. */
export const whole =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** A finite number within [min, max]. */
export const between =
  (min: number, max: number): Check =>
  (value) =>
    isNumber(value) && value >= min && value <= max;

/**
 * An object whose every listed field passes its check. Other fields are the schema's to strip or keep; with
 * `only`, an object holding any other field is refused (so a field added to the schema and not here is never
 * waved through: the schema decides it).
 */
export const fields =
  (checks: Readonly<Record<string, Check>>, { only = false } = {}): Check =>
  (value) => {
    if (!isObject(value)) return false;
    for (const key in checks) if (!(checks[key] as Check)(value[key])) return false;
    return !only || Object.keys(value).every((key) => Object.hasOwn(checks, key));
  };

/** A plain object used as a record: every own value passes `check`. */
export const recordOf =
  (check: Check): Check =>
  (value) => {
    if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
    for (const key of Object.keys(value)) if (!check(value[key])) return false;
    return true;
  };
