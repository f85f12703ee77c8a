/** Issue 28: one page shell. No production module outside src/render/ writes an HTML document or its CSP itself. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : productionFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("one page shell", () => {
  it("is the only writer of <!doctype and of the Content-Security-Policy name", () => {
    const writers = productionFiles(SRC)
      .filter((file) => !relative(SRC, file).startsWith("render/"))
      .filter((file) => /<!doctype|content-security-policy/i.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(writers).toEqual([]);
  });
});
