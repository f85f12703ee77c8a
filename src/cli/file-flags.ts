/**
 * Checks on the files a command is given, before it does any work (and before any model request is paid for):
 * every input exists and is a file; every output is writable, is none of the inputs, and replaces an existing file
 * only with --force. The rule is written in README.md ("Errors, exit codes and files").
 */
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { cannotWrite, describeFileError, fileErrorCode, UserError } from "../errors.js";

/** Option names (commander's camel-case attribute) that name a file the command reads. */
export const INPUT_OPTIONS = [
  "cases",
  "outputs",
  "questions",
  "answers",
  "queries",
  "plans",
  "reference",
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

/** An input must be an existing file: a missing path or a folder is a usage mistake named by its flag. */
export function checkInput({ flag, path }: FileFlag): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    const code = fileErrorCode(error) ?? "ENOENT";
    throw new UserError(`${flag} ${path}: ${describeFileError(code)}`, {
      kind: code === "ENOENT" || code === "ENOTDIR" ? "usage" : "failure",
      hint: code === "ENOENT" ? "check the path" : undefined,
    });
  }
  if (!isFile)
    throw new UserError(`${flag} ${path}: is a folder, not a file`, { hint: "give a file inside it" });
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

/** Refuses an output that is an input, a second output, a folder, an existing file without --force, or unwritable. */
export function checkOutputs(
  outputs: readonly FileFlag[],
  inputs: readonly FileFlag[],
  options: { force: boolean; mayExist?: ReadonlySet<string> },
): void {
  const seen = new Map<string, string>();
  // Compared as the outputs are: the same file whatever the spelling.
  const mayExist = new Set([...(options.mayExist ?? [])].map(identity));
  for (const output of outputs) {
    const id = identity(output.path);
    const input = inputs.find((candidate) => identity(candidate.path) === id);
    if (input)
      throw new UserError(`${output.flag} ${output.path} is also the input ${input.flag}`, {
        hint: "writing it would destroy the input; choose another output file",
      });
    const twice = seen.get(id);
    if (twice) throw new UserError(`${output.flag} and ${twice} name the same file ${output.path}`);
    seen.set(id, output.flag);
    writable(output, options.force || mayExist.has(id));
  }
}

function writable({ flag, path }: FileFlag, mayReplace: boolean): void {
  let exists = false;
  try {
    const stat = statSync(path);
    exists = true;
    if (stat.isDirectory())
      throw new UserError(`${flag} ${path}: is a folder`, { hint: "give a file name inside it" });
  } catch (error) {
    if (error instanceof UserError) throw error;
  }
  if (exists && !mayReplace)
    throw new UserError(`${flag} ${path} already exists`, {
      hint: "pass --force to replace it, or choose another file",
    });
  const folder = exists ? dirname(resolve(path)) : nearestExisting(dirname(path));
  try {
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
