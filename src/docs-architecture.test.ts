/**
 * docs/architecture.md against the tree (issue 28 item 6): every path it names exists, every folder of src/ is named,
 * and its layer table is the order src/layers.test.ts enforces — so the page a contributor reads is the code's shape.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./paths.js";
import { LAYERS, SHARED } from "./test-support/layers.js";

const DOC = readFileSync(join(PACKAGE_ROOT, "docs/architecture.md"), "utf8");

/** Every `src/…` or `docs/…` path written in a code span. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:src|docs)\/[^`\s]*)`/g)].map((match) => match[1] ?? "");
}

/** The unit a path names in the layer order: `src/review/web/` → review/web, `src/index.ts` → index. */
function unitOf(path: string): string {
  const inner = path.replace(/^src\//, "").replace(/\/$/, "");
  return inner.endsWith(".ts") ? inner.replace(/\.ts$/, "") : inner;
}

/** The layer table's rows, top to bottom: the units each row names. */
function documentedLayers(text: string): string[][] {
  return text
    .split("\n")
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => namedPaths(line.split("|")[2] ?? "").map(unitOf));
}

describe("docs/architecture.md", () => {
  it("names only paths the repository holds", () => {
    const paths = namedPaths(DOC);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !existsSync(join(PACKAGE_ROOT, path)))).toEqual([]);
  });

  it("names every folder of src/", () => {
    const folders = readdirSync(join(PACKAGE_ROOT, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}/`);
    expect(folders.filter((folder) => !DOC.includes(`\`${folder}`))).toEqual([]);
  });

  it("states the layer order the import-graph test enforces, and the shared pieces", () => {
    expect(documentedLayers(DOC)).toEqual(LAYERS.map((layer) => [...layer]));
    const sharedLine =
      DOC.split("\n\n").find((paragraph) => paragraph.startsWith("Shared low-level pieces")) ?? "";
    expect(namedPaths(sharedLine).map(unitOf).sort()).toEqual([...SHARED].sort());
  });

  it("fails on a page that drifted (negative control)", () => {
    const drifted = DOC.replace("`src/grade/`", "`src/grading/`");
    expect(namedPaths(drifted).filter((path) => !existsSync(join(PACKAGE_ROOT, path)))).toEqual([
      "src/grading/",
    ]);
    expect(documentedLayers(drifted)).not.toEqual(LAYERS.map((layer) => [...layer]));
  });
});
