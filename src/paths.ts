/** Where the package's own files live, whether running compiled (dist/) or from source (src/). */
import { fileURLToPath } from "node:url";

// Both dist/paths.js and src/paths.ts sit one level below the package root.
export const PACKAGE_ROOT = fileURLToPath(new URL("../", import.meta.url));
export const CORPUS_DIR = fileURLToPath(new URL("../corpus/", import.meta.url));
export const DATA_DIR = fileURLToPath(new URL("../data/", import.meta.url));
export const DEFAULT_CASES_FILE = fileURLToPath(new URL("../data/tooluse1.jsonl", import.meta.url));
