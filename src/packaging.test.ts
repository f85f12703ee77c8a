/**
 * What `npm pack` ships, file by file: the CLI entry, the compiled library (JavaScript and types, no source maps:
 * no src/ ships for them to point at), the review workbench's script and style sheet (assets/), the corpus and the
 * built data, README, LICENSE and package.json. Nothing
 * else: no tests, no test support, no benches. Needs an up-to-date build (`npm ci` makes one; else `npm run build`).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./paths.js";

function filesUnder(folder: string): string[] {
  return readdirSync(join(PACKAGE_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(PACKAGE_ROOT, join(entry.parentPath, entry.name)));
}

function packed(): string[] {
  const json = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: PACKAGE_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return (JSON.parse(json) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path) ?? [];
}

/** The modules tsconfig.build.json compiles: every src/ module except tests and test support. */
function compiledModules(): string[] {
  return filesUnder("src")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.includes("test-support/"))
    .map((file) => file.slice("src/".length, -".ts".length));
}

describe("the npm package", () => {
  const files = packed();

  it("ships exactly the intended files", () => {
    const expected = [
      "package.json",
      "README.md",
      "LICENSE",
      "bin/tooluse.js",
      ...filesUnder("assets"),
      ...filesUnder("data"),
      ...filesUnder("corpus"),
      ...compiledModules().flatMap((module) => [`dist/${module}.js`, `dist/${module}.d.ts`]),
    ].sort();
    const missing = expected.filter((file) => !files.includes(file));
    const extra = files.filter((file) => !expected.includes(file));
    expect({ missing, extra }, "dist/ out of date with src/? run npm run build").toEqual({
      missing: [],
      extra: [],
    });
  });

  it("ships no source maps, tests or sources", () => {
    expect(files.filter((file) => /\.map$|\.test\.|test-support|^src\/|^bench\//.test(file))).toEqual([]);
  });

  it("carries the Apache-2.0 licence its package.json declares", () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { license: string };
    expect(pkg.license).toBe("Apache-2.0");
    const licence = readFileSync(join(PACKAGE_ROOT, "LICENSE"), "utf8");
    expect(licence).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(licence).toContain("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION");
  });
});
