/**
 * Checks on the files a command is given, before it does any work (and before any model request is paid for):
 * every input exists and is a file; every output is writable, is none of the inputs, and replaces an existing file
 * only with --force; `-` is stdout. The rule is written in README.md ("Errors, exit codes and files").
 */
import { accessSync, constants, realpathSync, type Stats, statSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { cannotWrite, describeFileError, fileErrorCode, UserError } from "../errors.js";
import { type OutputTarget, outputTarget } from "../io/target.js";

/** Option names (commander's camel-case attribute) that name a file the command reads. */
export const INPUT_OPTIONS = [
  "cases",
  "outputs",
  "questions",
  "answers",
  "queries",
  "plans",
  "scores",
  "gold",
  "judged",
  "responses",
  "promptFile",
  "config",
  "before",
  "lineages",
  "results",
] as const;

/** Option names that name a file the command writes. */
export const OUTPUT_OPTIONS = [
  "out",
  "outQueries",
  "outPlans",
  "html",
  "finalPlans",
  "junit",
  "csv",
] as const;

export interface FileFlag {
  /** How the user typed it: `--out`, or `FILE` for a positional argument. */
  flag: string;
  path: string;
}

/** `--out-plans` for `outPlans`. */
export function flagName(attribute: string): string {
  return `--${attribute.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The same file whatever the spelling: resolved, and through symbolic links when it exists. */
function identity(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

/** What a path that exists but is not a regular file is, in words. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * An input must be an existing regular file: a missing path, a folder or a device is a usage mistake named by its
 * flag (a command may read an input twice, which a pipe or a device cannot give).
 */
export function checkInput({ flag, path }: FileFlag): void {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = fileErrorCode(error) ?? "ENOENT";
    throw new UserError(`${flag} ${path}: ${describeFileError(code)}`, {
      kind: code === "ENOENT" || code === "ENOTDIR" ? "usage" : "failure",
      hint: code === "ENOENT" ? "check the path" : undefined,
    });
  }
  if (stat.isFile()) return;
  if (stat.isDirectory())
    throw new UserError(`${flag} ${path}: is a folder, not a file`, { hint: "give a file inside it" });
  throw new UserError(`${flag} ${path}: is ${kindOf(stat)}, not a regular file`, {
    hint: "save what it gives to a file and give that file",
  });
}

/** The nearest folder on the way up that exists: where a missing parent would be created. */
function nearestExisting(path: string): string {
  let dir = resolve(path);
  for (;;) {
    try {
      statSync(dir);
      return dir;
    } catch {
      const up = dirname(dir);
      if (up === dir) return dir;
      dir = up;
    }
  }
}

/**
 * Refuses an output that is an input, a second output, a folder, an existing file without --force, or unwritable.
 * Writing into a device or a FIFO replaces nothing, so it needs no --force. Returns the flags whose output is stdout
 * (`-`, `/dev/stdout`): at most one, so two outputs never interleave there.
 */
export function checkOutputs(
  outputs: readonly FileFlag[],
  inputs: readonly FileFlag[],
  options: { force: boolean; mayExist?: ReadonlySet<string> },
): FileFlag[] {
  const seen = new Map<string, string>();
  const toStdout: FileFlag[] = [];
  // Compared as the outputs are: the same file whatever the spelling.
  const mayExist = new Set([...(options.mayExist ?? [])].map(identity));
  for (const output of outputs) {
    const target = targetOf(output);
    if (target.kind === "stdout") {
      const first = toStdout[0];
      if (first)
        throw new UserError(`${first.flag} and ${output.flag} both write to stdout`, {
          hint: "give one of them a file",
        });
      toStdout.push(output);
      continue;
    }
    const id = identity(output.path);
    const input = inputs.find((candidate) => identity(candidate.path) === id);
    if (input)
      throw new UserError(`${output.flag} ${output.path} is also the input ${input.flag}`, {
        hint: "writing it would destroy the input; choose another output file",
      });
    const twice = seen.get(id);
    // Two outputs into one device (/dev/null) are harmless; into one file, the second would replace the first.
    if (twice && !(target.kind === "stream" && target.what === "character device"))
      throw new UserError(`${output.flag} and ${twice} name the same file ${output.path}`);
    seen.set(id, output.flag);
    writable(output, target, options.force || mayExist.has(id));
  }
  return toStdout;
}

/** What an output flag names; a folder, a socket or a link loop is refused by the flag's name. */
function targetOf({ flag, path }: FileFlag): OutputTarget {
  try {
    return outputTarget(path);
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(`${flag} ${error.message}`, { hint: error.hint ?? undefined });
    throw cannotWrite(path, error);
  }
}

function writable(
  { flag, path }: FileFlag,
  target: Exclude<OutputTarget, { kind: "stdout" }>,
  mayReplace: boolean,
): void {
  if (target.kind === "file" && target.exists && !mayReplace)
    throw new UserError(`${flag} ${path} already exists`, {
      hint: "pass --force to replace it, or choose another file",
    });
  try {
    if (target.kind === "stream") {
      accessSync(target.path, constants.W_OK);
      return;
    }
    const folder = target.exists ? dirname(target.path) : nearestExisting(dirname(target.path));
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error("not a folder"), { code: "ENOTDIR" });
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw cannotWrite(path, error);
  }
}

/** True when the package runs from inside a node_modules folder: an installed copy, not a checkout. */
export function isInstalledPackage(root: string): boolean {
  return resolve(root).split(sep).includes("node_modules");
}
