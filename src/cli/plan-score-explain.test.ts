// `tooluse plan score --explain` and `--lenient`, through the command line's own entry point.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { PLAN_POINTS } from "../plans/points.js";
import { ScoreLineSchema } from "../plans/score-line.js";
import { captureIo } from "../test-support/capture-io.js";
import { main } from "./main.js";

const directory = mkdtempSync(join(tmpdir(), "plan-explain-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const write = (name: string, lines: readonly unknown[]) => {
  const path = join(directory, name);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join("\n"));
  return path;
};

const reference = write("ref.jsonl", [{ query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN }]);
const plans = write("plans.jsonl", [
  { query_id: "q1", planner: "initial", prompt_type: "x", plan: REFUND_INITIAL_PLAN },
  { query_id: "q1", planner: "quoted", prompt_type: "x", plan: REFUND_BEST_PLAN.replaceAll('"', "'") },
  { query_id: "q1", planner: "best", prompt_type: "x", plan: `${REFUND_BEST_PLAN}\u001b[31m` },
]);

async function run(...flags: string[]) {
  const io = captureIo();
  const code = await main(["plan", "score", "--queries", reference, "--plans", plans, ...flags], io);
  return { code, out: io.out, err: io.err };
}

describe("tooluse plan score --explain", () => {
  it("prints the mapping and why each step matched or not", async () => {
    const { code, out } = await run("--explain");
    expect(code).toBe(0);
    expect(out).toContain("q1 · initial · x: F1 0.00, Extremely Bad");
    expect(out).toMatch(
      /candidate step 1: no step with the same intent \(closest: step 1, slots differ: entity interaction ≠ call\)/,
    );
    expect(out).toContain(
      "candidate step 2 ↔ reference 2: aligned but depends on a step that corresponds to no reference step",
    );
    expect(out).toContain("reference step 4: missing from the candidate");
    expect(out).toContain("q1 · best · x: F1 1.00, Extremely Good");
    expect(out).toContain("candidate step 3 ↔ reference 3: matches, similarity 1.00");
    expect(out).toContain("coverage: asks explanation, final step produces answer, missing slots: none");
    // Planner text is untrusted: no control character reaches the terminal.
    expect(out.includes("\u001b")).toBe(false);
  });

  it("says why a plan is not valid in the paper's format", async () => {
    const { out } = await run("--explain");
    expect(out).toContain("q1 · quoted · x: F1 0.00, Extremely Bad, subtotal 0.0/65");
    expect(out).toContain("not valid in the paper's format: single-quotes (step 1)");
  });
});

describe("tooluse plan score --lenient", () => {
  it("scores strictly by default and leniently on request, and says which in the line", async () => {
    const strict = (await run("--out", "-")).out
      .trim()
      .split("\n")
      .map((line) => ScoreLineSchema.parse(JSON.parse(line)));
    const lenient = (await run("--lenient", "--out", "-")).out
      .trim()
      .split("\n")
      .map((line) => ScoreLineSchema.parse(JSON.parse(line)));
    expect(strict[1]).toMatchObject({
      rating: "Extremely Bad",
      f1: 0,
      validity: { valid: false, lenient: false },
    });
    expect(lenient[1]).toMatchObject({
      rating: "Extremely Good",
      f1: 1,
      validity: { valid: false, lenient: true },
    });
    expect(lenient[1]?.format).toBeLessThan(PLAN_POINTS.format);
    expect(strict[0]).toEqual(lenient[0]);
  });
});
