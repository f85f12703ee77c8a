/**
 * The fingerprint of the code that grades: a digest of every module the graders load (grade/profiles and its
 * imports, followed file by file), read from the very files this process runs — dist/*.js for the built CLI,
 * src/*.ts when run from source — together with the Node version (V8's regular expressions and Unicode tables are
 * part of how a text is read). A verdict cached under one fingerprint is never served under another, so a rule
 * changed without a version bump can never return an old verdict (docs/architecture.md, "The verdict cache").
 * When the graders' code cannot be followed completely (a file missing, an import this walk cannot read, a file
 * read at run time) the fingerprint is unknown: null, and the verdict cache stays off.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "./canonical-json.js";

/** The module every grader is reached from (runner/cached-grader.ts imports it and nothing else of grading). */
const ENTRY = fileURLToPath(new URL("../grade/profiles.js", import.meta.url));

/** Import and export statements (`import … from "x"`, `export … from "x"`, `import "x"`) and `import("x")`. */
const SPECIFIER =
  /^(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
/** What would make a verdict depend on more than the module texts: a computed import, a require, a file read. */
const UNFOLLOWABLE =
  /\bimport\s*\(\s*[^"'\s]|\brequire\s*\(|\bcreateRequire\b|\breadFileSync\b|\breadFile\s*\(|\bprocess\.env\b/;

/** The file a relative specifier names: the .js beside the importer, or the .ts source when running from src/. */
function moduleFile(importer: string, specifier: string): string | null {
  const js = join(dirname(importer), specifier);
  return [js, js.replace(/\.js$/, ".ts")].find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * A package's package.json, found as Node finds the package (node_modules folders upward from the importer): its
 * name and version stand for its code, as a lockfile pins it.
 */
function packageManifest(importer: string, specifier: string): string | null {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
  for (let folder = dirname(importer); ; folder = dirname(folder)) {
    const manifest = join(folder, "node_modules", name, "package.json");
    if (existsSync(manifest)) return manifest;
    if (dirname(folder) === folder) return null;
  }
}

/** Each module's digest by its path from the entry's folder, or null when the walk cannot be complete. */
function moduleDigests(entryFile: string): Map<string, string> | null {
  const digests = new Map<string, string>();
  const entry = moduleFile(entryFile, `./${basename(entryFile)}`);
  if (entry === null) return null;
  const root = dirname(entry);
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const name = relative(root, file);
    if (digests.has(name)) continue;
    const text = readFileSync(file, "utf8");
    if (file.endsWith("package.json")) {
      const { name: pkg, version } = JSON.parse(text) as { name?: string; version?: string };
      digests.set(name, `${pkg}@${version}`);
      continue;
    }
    if (UNFOLLOWABLE.test(text)) return null;
    digests.set(name, sha256(text));
    for (const [, ...groups] of text.matchAll(SPECIFIER)) {
      const specifier = groups.find((group) => group !== undefined) ?? "";
      if (specifier.startsWith("node:")) continue;
      const next = specifier.startsWith(".") ? moduleFile(file, specifier) : packageManifest(file, specifier);
      if (next === null) return null;
      pending.push(next);
    }
  }
  return digests;
}

/** The fingerprint of the code a module (a .js file, or its .ts source) loads, or null when it cannot be known. */
export function codeFingerprint(entryFile: string): string | null {
  let digests: Map<string, string> | null;
  try {
    digests = moduleDigests(entryFile);
  } catch {
    digests = null;
  }
  const listed = digests && [...digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return listed ? sha256(JSON.stringify({ node: process.version, modules: listed })) : null;
}

let computed: string | null | undefined;

/** The grading code's fingerprint (computed once per process), or null when it cannot be known. */
export function gradingFingerprint(): string | null {
  if (computed === undefined) computed = codeFingerprint(ENTRY);
  return computed;
}
