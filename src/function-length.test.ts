/**
 * No function in production code is longer than 80 lines (issue 28, "Done when"). Every non-test, non-test-support
 * module of src/ is parsed with the TypeScript compiler, so arrow functions, methods and nested functions count
 * alike; a function's length runs from its first line to its last, comments and blank lines included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./paths.js";

const SRC = join(PACKAGE_ROOT, "src");
const LIMIT = 80;

/** Every production module of src/, relative to src/. */
function productionModules(): string[] {
  return readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => relative(SRC, join(e.parentPath, e.name)))
    .filter((file) => !file.split("/").includes("test-support"));
}

/** The name a reader would look for: the declaration's own, or the variable, property or member it is bound to. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  return `<anonymous at line ${line}>`;
}

interface LongFunction {
  key: string;
  lines: number;
}

/** The functions of one file's text longer than LIMIT lines. */
function longFunctions(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > LIMIT)
        found.push({ key: `${file}:${functionName(node as ts.FunctionLikeDeclaration, source)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("function length", () => {
  const long = productionModules().flatMap((file) =>
    longFunctions(file, readFileSync(join(SRC, file), "utf8")),
  );

  it(`no production function is longer than ${LIMIT} lines`, () => {
    const offenders = long.map((f) => `${f.key} (${f.lines} lines)`);
    expect(offenders).toEqual([]);
  });

  it("counts every kind of function, from its first line to its last", () => {
    const body = (lines: number) =>
      Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function declared() {\n${body(81)}\n}`,
      `export const arrow = () => {\n${body(81)}\n};`,
      `class Store {\n  method() {\n${body(81)}\n  }\n}`,
      `export function justShortEnough() {\n${body(LIMIT)}\n}`,
    ].join("\n");
    expect(longFunctions("x.ts", text)).toEqual([
      { key: "x.ts:declared", lines: 81 },
      { key: "x.ts:arrow", lines: 81 },
      { key: "x.ts:method", lines: 81 },
    ]);
  });
});
