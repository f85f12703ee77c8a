import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AtomicFileWriter, writeFileAtomic } from "./jsonl.js";
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
