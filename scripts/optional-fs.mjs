// File checks the optional-package installers share (install-optional.mjs, install-transformers.mjs).
import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";

/** The version in a package folder's package.json, or null when there is none. */
export function versionAt(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

/** True when the path exists and is a symbolic link (a dangling link counts). */
export function isLink(file) {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
