/**
 * How much of an untrusted file a reader accepts (README, "Limits on input"): a line, a whole file and a nesting
 * depth. Each limit is one clear line when crossed, never a heap exhaustion or a stack overflow. The byte limits can
 * be raised (or lowered) through the environment, for the rare suite whose records are that large.
 */
import { UserError } from "../errors.js";

/** The longest line a line-based reader (JSONL, CSV, the journal) accepts, in bytes. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
/** The largest file any reader accepts, in bytes (below V8's longest string, 512 MiB). */
export const DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024;
/**
 * The deepest nesting of a JSON value or YAML node. Extracted model values stop at 128 levels (text/lenient-json.ts)
 * and a results file wraps them in a few more; V8's own recursion (JSON.stringify, zod) gives out near 2,000.
 */
export const MAX_NESTING = 256;
/** YAML alias expansions (the `yaml` package's `maxAliasCount`, its default): a billion-laughs file stops here. */
export const MAX_YAML_ALIASES = 100;

export const LINE_LIMIT_VARIABLE = "TOOLUSE_MAX_LINE_BYTES";
export const INPUT_LIMIT_VARIABLE = "TOOLUSE_MAX_INPUT_BYTES";

export interface InputLimits {
  lineBytes: number;
  fileBytes: number;
}

function bytesFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === "") return fallback;
  if (!/^\d+$/.test(text.trim()))
    throw new UserError(`${name}: expected a whole number of bytes, got "${text}"`);
  const value = Number(text.trim());
  if (value < 1 || !Number.isSafeInteger(value))
    throw new UserError(`${name}: expected a whole number of bytes from 1, got "${text}"`);
  return value;
}

/** The limits in force: the defaults, or what TOOLUSE_MAX_LINE_BYTES and TOOLUSE_MAX_INPUT_BYTES say. */
export function inputLimits(env: NodeJS.ProcessEnv = process.env): InputLimits {
  return {
    lineBytes: bytesFrom(env, LINE_LIMIT_VARIABLE, DEFAULT_MAX_LINE_BYTES),
    fileBytes: bytesFrom(env, INPUT_LIMIT_VARIABLE, DEFAULT_MAX_INPUT_BYTES),
  };
}

/** `16 MiB`, `300 bytes`: a limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (Number.isInteger(mib)) return `${mib} MiB`;
  const kib = bytes / 1024;
  if (Number.isInteger(kib)) return `${kib} KiB`;
  return `${bytes} bytes`;
}

export function lineTooLong(where: string, limits: InputLimits): UserError {
  return new UserError(`${where}: line longer than ${formatBytes(limits.lineBytes)}`, {
    hint: `a longer line is refused (raise ${LINE_LIMIT_VARIABLE} if it is meant to be this long)`,
  });
}

/** Refuses a line of text (already decoded) longer than the line limit in UTF-8 bytes. */
export function checkLineLength(line: string, where: string, limits: InputLimits): void {
  // A UTF-16 unit takes one to three bytes in UTF-8: only a line that might be too long is measured.
  if (line.length * 3 > limits.lineBytes && Buffer.byteLength(line) > limits.lineBytes)
    throw lineTooLong(where, limits);
}

export function fileTooLarge(file: string, limits: InputLimits): UserError {
  return new UserError(`${file}: larger than ${formatBytes(limits.fileBytes)}`, {
    hint: `a larger input is refused (raise ${INPUT_LIMIT_VARIABLE} if it is meant to be this large)`,
  });
}

export function nestedTooDeep(where: string): UserError {
  return new UserError(`${where}: nested deeper than ${MAX_NESTING} levels`, {
    hint: "no tooluse input needs that depth; the file is damaged or hostile",
  });
}
