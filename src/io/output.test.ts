import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { fifoWithReader } from "../test-support/fifo.js";
import { tempDir } from "../test-support/temp.js";
import { holdSecret } from "../text/redact.js";
import { openOutput, writeOutput } from "./output.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("regular files", () => {
  it("writes every piece in order, across its buffer's size, in any script, and appears only on commit", () => {
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
    const writer = openOutput(file);
    for (let round = 0; round < 3; round++) for (const piece of pieces) writer.write(piece);
    expect(readdirSync(join(dir.path, "out")).some((name) => name === "verdicts.jsonl")).toBe(false);
    const bytes = writer.commit();
    writer.discard();
    expect(readFileSync(file, "utf8")).toBe(pieces.join("").repeat(3));
    expect(bytes).toBe(statSync(file).size);
    expect(readdirSync(join(dir.path, "out"))).toEqual(["verdicts.jsonl"]);
  });

  it("leaves an existing file as it was, and no temporary file, when discarded", () => {
    const file = join(dir.path, "verdicts.jsonl");
    writeFileSync(file, "old\n");
    const writer = openOutput(file);
    writer.write("z".repeat(3_000_000));
    writer.discard();
    expect(readFileSync(file, "utf8")).toBe("old\n");
    expect(readdirSync(dir.path)).toEqual(["verdicts.jsonl"]);
  });

  it("names the path it cannot write, and refuses a folder", () => {
    const blocker = join(dir.path, "a-file");
    writeFileSync(blocker, "");
    expect(() => openOutput(join(blocker, "out.jsonl"))).toThrow(/a-file\/out\.jsonl/);
    mkdirSync(join(dir.path, "folder"));
    expect(() => writeOutput(join(dir.path, "folder"), "x")).toThrow(/folder: is a folder/);
    expect(readdirSync(join(dir.path, "folder"))).toEqual([]);
  });

  it("replaces the file a symbolic link names and keeps the link a link (also through a chain of links)", () => {
    const real = join(dir.path, "real.csv");
    writeFileSync(real, "old\n");
    const link = join(dir.path, "link.csv");
    const linkToLink = join(dir.path, "link2.csv");
    symlinkSync("real.csv", link);
    symlinkSync(link, linkToLink);
    writeOutput(linkToLink, "new\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lstatSync(linkToLink).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("real.csv");
    expect(readFileSync(real, "utf8")).toBe("new\n");
    expect(readdirSync(dir.path).sort()).toEqual(["link.csv", "link2.csv", "real.csv"]);
  });

  it("creates the file a dangling link names, beside its target, and keeps the link", () => {
    mkdirSync(join(dir.path, "elsewhere"));
    const link = join(dir.path, "out.json");
    symlinkSync(join(dir.path, "elsewhere", "target.json"), link);
    writeOutput(link, "{}\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir.path, "elsewhere", "target.json"), "utf8")).toBe("{}\n");
  });

  it("refuses a loop of links with one line", () => {
    symlinkSync("b", join(dir.path, "a"));
    symlinkSync("a", join(dir.path, "b"));
    expect(() => writeOutput(join(dir.path, "a"), "x")).toThrow(/too many symbolic links/);
  });
});

describe("what is not a regular file is written in place, never replaced", () => {
  it("writes into /dev/null and leaves it a character device", () => {
    const before = statSync("/dev/null");
    expect(writeOutput("/dev/null", "x".repeat(5_000_000))).toBe(5_000_000);
    const after = lstatSync("/dev/null");
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.rdev).toBe(before.rdev);
  });

  it("reports a full device (/dev/full) as one UserError naming it", () => {
    let error: unknown;
    try {
      writeOutput("/dev/full", "x");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(
      "/dev/full: cannot write: no space left on the device (ENOSPC)",
    );
    expect((error as UserError).exitCode).toBe(1);
    expect(lstatSync("/dev/full").isCharacterDevice()).toBe(true);
  });

  it("writes through a FIFO to its reader, more than a pipe holds, and leaves it a FIFO", async () => {
    const { fifo, received } = fifoWithReader(join(dir.path, "pipe"));
    const text = `${"line of a report\n".repeat(20_000)}end\n`;
    writeOutput(fifo, text);
    expect(await received()).toBe(text);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("says so when no process reads a FIFO, instead of hanging", () => {
    const fifo = join(dir.path, "nobody");
    execFileSync("mkfifo", [fifo]);
    expect(() => writeOutput(fifo, "x")).toThrow(`${fifo}: cannot write: no process is reading the FIFO`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("writes through a link to a FIFO and keeps both", async () => {
    const { fifo, received } = fifoWithReader(join(dir.path, "linked-pipe"));
    const link = join(dir.path, "to-pipe");
    symlinkSync(fifo, link);
    writeOutput(link, "through the link\n");
    expect(await received()).toBe("through the link\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("refuses a socket and the standard input by name", async () => {
    const socket = join(dir.path, "s.sock");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(() => writeOutput(socket, "x")).toThrow(/s\.sock: is a socket, not a file/);
      expect(lstatSync(socket).isSocket()).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(() => writeOutput("/dev/stdin", "x")).toThrow(/is the standard input/);
  });
});

describe("standard output", () => {
  it("sends - and /dev/stdout (and a link to it) to the caller's stdout", () => {
    const seen: string[] = [];
    const stdout = (text: string) => seen.push(text);
    writeOutput("-", "a\n", { stdout });
    writeOutput("/dev/stdout", "b\n", { stdout });
    writeOutput("/proc/self/fd/1", "c\n", { stdout });
    symlinkSync("/dev/stdout", join(dir.path, "out"));
    writeOutput(join(dir.path, "out"), "d\n", { stdout });
    expect(seen.join("")).toBe("a\nb\nc\nd\n");
    expect(lstatSync(join(dir.path, "out")).isSymbolicLink()).toBe(true);
  });

  it("streams a long output in pieces and sends nothing more once discarded", () => {
    const seen: string[] = [];
    const writer = openOutput("-", { stdout: (text) => seen.push(text) });
    for (let i = 0; i < 20_000; i++) writer.writeLine(`verdict ${i}`);
    writer.discard();
    const sent = seen.join("");
    expect(seen.length).toBeGreaterThan(1);
    expect(sent.endsWith("\n")).toBe(true);
    expect(sent.split("\n").length).toBeLessThan(20_001);
  });
});

describe("secrets", () => {
  it("never writes a held secret, in a file, a stream or stdout", () => {
    holdSecret("sk-output-test-9f8e7d");
    const file = join(dir.path, "results.json");
    writeOutput(file, '{"error":"Bearer sk-output-test-9f8e7d"}\n');
    expect(readFileSync(file, "utf8")).toBe('{"error":"Bearer ***"}\n');
    const seen: string[] = [];
    const writer = openOutput("-", { stdout: (text) => seen.push(text) });
    writer.writeLine("key sk-output-test-9f8e7d");
    writer.commit();
    expect(seen.join("")).toBe("key ***\n");
  });
});
