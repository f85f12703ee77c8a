import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forEachByteLine } from "./jsonl.js";
import { tempDir } from "./test-support/temp.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("forEachByteLine", () => {
  const linesOf = (file: string) => {
    const lines: [string, number][] = [];
    forEachByteLine(file, (bytes, start, end, number) =>
      lines.push([bytes.toString("utf8", start, end), number]),
    );
    return lines;
  };

  it("gives every line with its number, across reads and longer than a read, the last one without a newline", () => {
    const file = join(dir.path, "lines.jsonl");
    // Lines of many lengths, so line ends fall on every side of the 1 MiB reads; one line of 3 MiB.
    const lines = Array.from({ length: 400 }, (_, i) => `${i}:${"é".repeat((i * 7919) % 9000)}`);
    lines.splice(200, 0, "x".repeat(3 * 1024 * 1024), "", "\r");
    writeFileSync(file, lines.join("\n"));
    expect(linesOf(file)).toEqual(lines.map((line, index) => [line, index + 1]));
    writeFileSync(file, "a\n\nb\n");
    expect(linesOf(file)).toEqual([
      ["a", 1],
      ["", 2],
      ["b", 3],
    ]);
    writeFileSync(file, "");
    expect(linesOf(file)).toEqual([]);
  });

  it("names a file it cannot read", () => {
    expect(() => linesOf(join(dir.path, "missing.jsonl"))).toThrow(/missing\.jsonl/);
    expect(() => linesOf(dir.path)).toThrow(new RegExp(dir.path));
  });
});
