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

function files(): { scores: string; queries: string } {
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
  return { scores, queries: reference };
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
    expect(page).toContain(`data-input="reference">${inputs.queries}</span> · 2 queries`);
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

describe("tooluse plan report --plans (the plan viewer)", () => {
  it("shows a judged line's rationale in its plan's section, escaped and with a bidi override made visible", async () => {
    const write = (name: string, lines: readonly unknown[]) => {
      const path = join(dir.path, name);
      writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n"));
      return path;
    };
    const best = { steps: [{ id: 1, tool: "T2S", inputs: [], prompt: "How many calls?", depends_on: [] }] };
    const reference = write("ref.jsonl", [{ query_id: "q1", query: "How many calls?", best_plan: best }]);
    const plans = write("plans.jsonl", [
      { query_id: "q1", planner: "p", prompt_type: "with_lineage", plan: best },
    ]);
    const rationale = "Step 1 is fine \u202e<script>window.__pwned=1</script>";
    const scores = write("judged.jsonl", [
      {
        query_id: "q1",
        planner: "p",
        prompt_type: "with_lineage",
        rating: "Extremely Good",
        judge: {
          sources: { rating: "judge" },
          failures: [],
          contradictions: [],
          answers: { "one-shot": { status: "ok", raw: [], value: { rationale: { precision: rationale } } } },
        },
      },
    ]);
    const html = join(dir.path, "report.html");
    expect(await runPlanReport({ scores, queries: reference, plans, html }, captureIo())).toBe(0);
    const page = readFileSync(html, "utf8");
    const section = page.slice(page.indexOf('<section class="plan-view" id="plan=q1/p/with_lineage">'));
    expect(section).toContain("<dt>one-shot: precision</dt><dd>Step 1 is fine ");
    expect(section).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(page).not.toContain("\u202e");
    expect(page).not.toContain("<script");
    // The negative control: a line without a judge has no rationale block.
    const bare = write("bare.jsonl", [{ query_id: "q1", planner: "p", prompt_type: "with_lineage", f1: 1 }]);
    expect(
      await runPlanReport({ scores: bare, queries: reference, plans, html: `${html}.2` }, captureIo()),
    ).toBe(0);
    expect(readFileSync(`${html}.2`, "utf8")).not.toContain("Judge rationale");
  });
});
