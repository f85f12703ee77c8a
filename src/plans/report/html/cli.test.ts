import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runPlanReport } from "../../../cli/plan-report.js";
import { captureIo } from "../../../test-support/capture-io.js";
import { tempDir } from "../../../test-support/temp.js";
import type { PlannerReport } from "../build.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const HOSTILE = "<img src=x onerror=window.__pwned=1>";

function files(): { scores: string; reference: string } {
  const write = (name: string, lines: readonly unknown[]) => {
    const path = join(dir.path, name);
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n"));
    return path;
  };
  const reference = write("ref.jsonl", [
    { query_id: "q1", is_subjective: false, is_compound: false, steps: 2, hops: 1 },
    { query_id: "q2", is_subjective: true, is_compound: true, steps: 7, hops: 3 },
  ]);
  const scores = write("scores.jsonl", [
    {
      query_id: "q1",
      planner: HOSTILE,
      prompt_type: "with_lineage",
      parse_ok: true,
      subtotal: 61,
      rating: "Good",
    },
    {
      query_id: "q2",
      planner: HOSTILE,
      prompt_type: "with_lineage",
      parse_ok: false,
      subtotal: 0,
      rating: "Bad",
    },
    {
      query_id: "q1",
      planner: "b",
      prompt_type: "with_lineage",
      parse_ok: true,
      subtotal: 65,
      rating: "Very Good",
    },
  ]);
  return { scores, reference };
}

describe("tooluse plan report --html", () => {
  it("writes the page beside the terminal report and says where, leaving no temporary file", async () => {
    const html = join(dir.path, "report.html");
    const io = captureIo();
    expect(await runPlanReport({ ...files(), html }, io)).toBe(0);
    expect(io.out).toContain("Planner report");
    expect(io.err).toMatch(/^plan report: .*report\.html \(\d+ KB, opens offline in any browser\)\n$/);
    const page = readFileSync(html, "utf8");
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).not.toContain(HOSTILE);
    expect(readdirSync(dir.path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("shows the numbers --json prints, and the inputs it read", async () => {
    const html = join(dir.path, "report.html");
    const io = captureIo();
    const inputs = files();
    expect(await runPlanReport({ ...inputs, json: true, html }, io)).toBe(0);
    const report = JSON.parse(io.out) as PlannerReport;
    const page = readFileSync(html, "utf8");
    for (const g of report.groups) {
      const m = g.metrics.subtotal;
      if (m?.mean == null || m.low == null || m.high == null) throw new Error("no subtotal");
      expect(page).toContain(`data-field="score">${m.mean.toFixed(1)}<`);
      expect(page).toContain(`data-field="interval">${m.low.toFixed(1)}–${m.high.toFixed(1)}<`);
    }
    expect(page).toContain(`data-input="scores">${inputs.scores}</span> · 3 line(s)`);
    expect(page).toContain(`data-input="reference">${inputs.reference}</span> · 2 queries`);
  });

  it("fails with exit code 1 and one line when the file cannot be written", async () => {
    const notFolder = join(dir.path, "a-file");
    writeFileSync(notFolder, "");
    const html = join(notFolder, "report.html");
    const io = captureIo();
    expect(await runPlanReport({ ...files(), html }, io)).toBe(1);
    expect(io.err).toBe(
      `tooluse: ${html}: cannot write: a part of the path is not a folder (ENOTDIR); choose a folder you can write to\n`,
    );
    expect(existsSync(html)).toBe(false);
  });
});
