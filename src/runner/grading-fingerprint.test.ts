/**
 * The grading code's fingerprint: known for this tree, changed by any change to a module the graders load, and
 * unknown — the verdict cache off — when the walk cannot see everything a verdict could depend on.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import { codeFingerprint, gradingFingerprint } from "./grading-fingerprint.js";

const dir = tempDir("tooluse-fingerprint-");
afterAll(() => dir.remove());
const entry = join(dir.path, "entry.js");

function tree(leaf: string): string | null {
  writeFileSync(entry, 'import { rule } from "./rule.js";\nexport const grade = rule;\n');
  writeFileSync(join(dir.path, "rule.ts"), leaf);
  return codeFingerprint(entry);
}

describe("the grading code's fingerprint", () => {
  it("is known for the graders of this tree (from source), and the same when asked again", () => {
    expect(gradingFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(gradingFingerprint()).toBe(gradingFingerprint());
  });

  it("changes when a module the entry imports changes, by one character", () => {
    const before = tree("export const rule = /a+/;\n");
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(tree("export const rule = /a+/;\n")).toBe(before);
    expect(tree("export const rule = /a*/;\n")).not.toBe(before);
  });

  it("is unknown when the code reads a file, computes an import or imports a file that is not there", () => {
    expect(
      tree('import { readFileSync } from "node:fs";\nexport const rule = readFileSync("x");\n'),
    ).toBeNull();
    expect(tree("export const rule = await import(name);\n")).toBeNull();
    expect(tree('export { rule } from "./missing.js";\n')).toBeNull();
  });
});
