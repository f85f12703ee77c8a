/**
 * Folders a command creates on its way and must take back when it fails with nothing in them: a failed matrix run
 * must not leave an empty `results/matrix` behind, and must never remove a folder that was there before it.
 */
import { existsSync, rmdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The folders `mkdir -p path` would create now, deepest first (none when `path` exists). */
export function missingFolders(path: string): string[] {
  const missing: string[] = [];
  for (let dir = resolve(path); !existsSync(dir); dir = dirname(dir)) {
    missing.push(dir);
    if (dirname(dir) === dir) break;
  }
  return missing;
}

/**
 * Removes, deepest first, each of `folders` that is still empty; stops at the first that holds something (what it
 * holds is kept, and so are the folders above it). Returns the folders removed.
 */
export function removeEmptyFolders(folders: readonly string[]): string[] {
  const removed: string[] = [];
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    try {
      // rmdir, not rm: it refuses a folder that is not empty, so nothing anyone wrote can go.
      rmdirSync(folder);
      removed.push(folder);
    } catch {
      break;
    }
  }
  return removed;
}
