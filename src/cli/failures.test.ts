/**
 * Issue 30, "failures first": through main(), `run` and `report` end their terminal summary with the failing cases,
 * `--failures N` bounds the list, and the advice printed under a cut list works when typed as printed.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-failures-");
afterAll(() => dir.remove());
const at = (name: string) => join(dir.path, name);

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** The rows of the failing-cases table (after its title and header), up to the next blank or advice line. */
function failingRows(out: string): string[] {
  const lines = out.split("\n");
  const title = lines.findIndex((line) => line.startsWith("failing cases: "));
  if (title < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(title + 2)) {
    if (line === "" || line.includes(" more not shown: ")) break;
    rows.push(line);
  }
  return rows;
}

const baseline = ["run", "--backend", "baseline", "--protocol", "json"];

describe("the terminal summary ends with the failing cases", () => {
  it("run lists at most ten by default, and the advice under the list lists them all when typed", async () => {
    const results = at("baseline.json");
    const run = await cli(...baseline, "--out", results);
    expect(run.code, run.err).toBe(0);
    const rows = failingRows(run.out);
    expect(rows).toHaveLength(10);
    const total = Number(/failing cases: (\d+) of 188 records/.exec(run.out)?.[1]);
    expect(total).toBeGreaterThan(10);
    const advice = /more not shown: (tooluse report .+) lists them all/.exec(run.out)?.[1] ?? "";
    expect(advice).toBe(`tooluse report ${results} --failures ${total}`);
    // The list comes after the summary: the last thing before the results line.
    expect(run.out.indexOf("failing cases: ")).toBeGreaterThan(run.out.indexOf("score = passed / scored"));
    const all = await cli(...advice.split(" ").slice(1));
    expect(all.code, all.err).toBe(0);
    expect(failingRows(all.out)).toHaveLength(total);
    expect(all.out).not.toContain("more not shown");
    for (const row of rows) expect(failingRows(all.out)).toContain(row);
  });

  it("--failures N bounds the list and 0 leaves it out; report does the same in Markdown", async () => {
    const results = at("three.json");
    const three = await cli(...baseline, "--failures", "3", "--out", results);
    expect(failingRows(three.out)).toHaveLength(3);
    const none = await cli(...baseline, "--failures", "0", "--out", at("none.json"));
    expect(none.code, none.err).toBe(0);
    expect(none.out).not.toContain("failing cases");
    const md = await cli("report", results, "--format", "md", "--failures", "2");
    expect(md.out).toMatch(
      /\*\*failing cases: \d+ of 188 records\*\*\n\n\| case \| protocol \| why \| output \|/,
    );
    expect(md.out).toContain(`more not shown: tooluse report ${results} --failures`);
  });

  it("a run where everything passed says so in one line (negative control: the oracle)", async () => {
    const run = await cli(
      "run",
      "--backend",
      "oracle",
      "--protocol",
      "json",
      "--limit",
      "20",
      "--out",
      at("oracle.json"),
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain("\nno failing case\n");
    expect(failingRows(run.out)).toEqual([]);
  });

  it("refuses a --failures that is not a whole number, and one beside several results files", async () => {
    const bad = await cli(...baseline, "--failures", "ten", "--out", at("bad.json"));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--failures: expected a whole number ≥ 0, got "ten"');
    const results = at("baseline.json");
    const several = await cli("report", results, at("three.json"), "--failures", "1");
    expect(several.code).toBe(2);
    expect(several.err).toContain("--failures lists the failing cases of one run");
  });
});
