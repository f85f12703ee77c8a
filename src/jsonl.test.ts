import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AtomicFileWriter, forEachByteLine, writeFileAtomic } from "./jsonl.js";
import { tempDir } from "./test-support/temp.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("AtomicFileWriter", () => {
  it("writes every piece in order, across its buffer's size, in any script", () => {
    const file = join(dir.path, "out", "verdicts.jsonl");
    const pieces = [
      "ascii line\n",
      "Ответ — число 😀\n",
      `${"x".repeat(300_000)}é\n`,
      "中".repeat(400_000),
      "\n",
      "y".repeat(2_000_000),
      "end\n",
    ];
    const writer = new AtomicFileWriter(file);
    for (let round = 0; round < 3; round++) for (const piece of pieces) writer.write(piece);
    expect(readdirSync(join(dir.path, "out")).some((name) => name === "verdicts.jsonl")).toBe(false);
    writer.commit();
    writer.discard();
    expect(readFileSync(file, "utf8")).toBe(pieces.join("").repeat(3));
    expect(readdirSync(join(dir.path, "out"))).toEqual(["verdicts.jsonl"]);
  });

  it("leaves an existing file as it was, and no temporary file, when discarded", () => {
    const file = join(dir.path, "verdicts.jsonl");
    writeFileSync(file, "old\n");
    const writer = new AtomicFileWriter(file);
    writer.write("z".repeat(3_000_000));
    writer.discard();
    expect(readFileSync(file, "utf8")).toBe("old\n");
    expect(readdirSync(dir.path)).toEqual(["verdicts.jsonl"]);
  });

  it("names the file it cannot write", () => {
    const blocker = join(dir.path, "a-file");
    writeFileSync(blocker, "");
    expect(() => new AtomicFileWriter(join(blocker, "out.jsonl"))).toThrow(/a-file\/out\.jsonl/);
    mkdirSync(join(dir.path, "folder"));
    expect(() => writeFileAtomic(join(dir.path, "folder"), "x")).toThrow(/folder/);
    expect(readdirSync(join(dir.path, "folder"))).toEqual([]);
  });
});

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
