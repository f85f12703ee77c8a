/**
 * Issue 24: the run journal is a chain of digests, so `run --resume` refuses an edited or foreign journal at the line
 * that breaks the chain (an edited header that switches the backend, a flipped verdict, a line from another run), a
 * record the run would never ask (an unknown case id: never progress 189/188), and the journal stops the run at its
 * first failed append, also with an in-process backend. Through the command line (`main`, or a real process).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { Journal, journalPath } from "../runner/journal.js";
import { readJournal } from "../runner/journal-read.js";
import type { RunRecord } from "../runner/record.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-journal-");
const at = (name: string) => join(dir.path, name);
afterAll(() => dir.remove());

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** A finished run of `backend` on the first `limit` cases, and its journal's lines. */
async function journalOf(
  name: string,
  backend = "oracle",
  limit = "6",
): Promise<{ out: string; lines: string[] }> {
  const out = at(`${name}.json`);
  expect(
    (await cli("run", "--backend", backend, "--protocol", "json", "--limit", limit, "--out", out)).code,
  ).toBe(0);
  return { out, lines: readFileSync(journalPath(out), "utf8").split("\n") };
}

const writeLines = (out: string, lines: readonly string[]) =>
  writeFileSync(journalPath(out), lines.join("\n"));

async function refusedAt(out: string, line: number, message: RegExp) {
  const { code, out: stdout, err } = await cli("run", "--resume", out);
  expect(code).toBe(2);
  expect(stdout).toBe("");
  expect(err.trim().split("\n")).toHaveLength(1);
  expect(err).toContain(`${journalPath(out)}:${line}: `);
  expect(err).toMatch(message);
}

describe("run --resume checks the journal's chain of digests", () => {
  it("refuses an edited header that switches the backend", async () => {
    const { out, lines } = await journalOf("header");
    writeLines(out, [
      (lines[0] as string).replace('"backend":"oracle"', '"backend":"baseline"'),
      ...lines.slice(1),
    ]);
    // Before: the run resumed under the rule baseline, mixing two backends in one results file under one name.
    await refusedAt(
      out,
      1,
      /the journal header was edited or damaged \(its digest does not match\); start a new run/,
    );
  });

  it("refuses a record whose verdict was flipped, at its line", async () => {
    const { out, lines } = await journalOf("flipped");
    const edited = [...lines];
    edited[3] = (lines[3] as string).replace('"passed":true', '"passed":false');
    expect(edited[3]).not.toBe(lines[3]);
    writeLines(out, edited);
    await refusedAt(out, 4, /the chain of digests breaks at this line; the journal was edited or damaged/);
  });

  it("refuses a line copied from another run's journal, and a line removed", async () => {
    const mine = await journalOf("mine");
    const theirs = await journalOf("theirs", "never-call");
    writeLines(mine.out, [...mine.lines.slice(0, 3), theirs.lines[3] as string, ...mine.lines.slice(3)]);
    await refusedAt(mine.out, 4, /the chain of digests breaks at this line/);
    writeLines(mine.out, [...mine.lines.slice(0, 2), ...mine.lines.slice(3)]);
    await refusedAt(mine.out, 3, /the chain of digests breaks at this line/);
  });

  it("refuses a record without a digest and a journal of the format before digests", async () => {
    const { out, lines } = await journalOf("plain");
    const { digest: _digest, ...bare } = JSON.parse(lines[2] as string);
    writeLines(out, [lines[0] as string, lines[1] as string, JSON.stringify(bare), ...lines.slice(3)]);
    await refusedAt(out, 3, /a record without its digest/);
    const header = JSON.parse(lines[0] as string);
    writeLines(out, [JSON.stringify({ journal: 1, config: header.config }), ""]);
    await refusedAt(
      out,
      1,
      /a journal of an older tooluse \(format 1, without digests\) cannot be checked; start a new run/,
    );
  });

  it("refuses a record of a case the run does not have, even with a valid chain (never progress 7/6)", async () => {
    for (const [id, protocol] of [
      ["no-such-case", "json"],
      ["calculator-en-01", "xml"],
    ] as const) {
      const { out, lines } = await journalOf(`unknown-${protocol}`);
      // Appended through the journal itself, so the chain holds: only the record is wrong.
      const journal = Journal.reopen(journalPath(out), readJournal(journalPath(out)));
      const record = JSON.parse(lines[1] as string) as RunRecord & { digest?: string };
      delete record.digest;
      journal.append({ ...record, id, protocol });
      await journal.close();
      const { code, err } = await cli("run", "--resume", out);
      expect(code).toBe(2);
      expect(err).not.toMatch(/progress 7\/6/);
      expect(err).toMatch(
        new RegExp(`journal\\.jsonl:8: case ${id} in protocol ${protocol} is not one this run asks`),
      );
    }
  });

  it("resumes a journal whose last line was cut by a kill, as before", async () => {
    const { out, lines } = await journalOf("torn");
    const last = lines.at(-2) as string;
    writeLines(out, [...lines.slice(0, -2), last.slice(0, Math.floor(last.length / 2))]);
    const { code } = await cli("run", "--resume", out);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).counts).toMatchObject({ records: 6, scored: 6, missing: 0 });
    const resumed = readFileSync(journalPath(out), "utf8").split("\n").filter(Boolean);
    expect(resumed).toHaveLength(7);
    expect((await cli("run", "--resume", out)).code).toBe(0);
  });
});

describe("the journal stops the run at its first failed append", () => {
  it("with the in-process rule baseline on a file-size limit: one line, exit 1, the run stopped early", () => {
    const out = at("limited.json");
    const entry = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
    // `ulimit -f 16`: no file may grow past 16 KiB, so the journal's appends fail after a few dozen records (EFBIG).
    const child = spawnSync(
      "bash",
      ["-c", `ulimit -f 16; exec "${process.execPath}" --import tsx "${entry}" run --out "${out}"`],
      { cwd: PACKAGE_ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(child.status).toBe(1);
    const lines = child.stderr.trim().split("\n");
    expect(lines.at(-1)).toBe(
      `tooluse: ${journalPath(out)}: cannot write: file too large for this system or its limits (EFBIG); choose a folder you can write to`,
    );
    // Before: every failed append was ignored until the end (progress 564/564), then the results file failed.
    expect(child.stderr).not.toContain("564/564");
    expect(child.stderr).not.toMatch(/^\s+at /m);
    const written = readFileSync(journalPath(out), "utf8").split("\n").length;
    expect(written).toBeLessThan(100);
  });
});
