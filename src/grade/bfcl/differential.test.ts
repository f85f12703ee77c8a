/**
 * The differential test: outputs generated from every possible answer of the six answerable BFCL categories (all
 * accepted variants and mutations of every kind), graded by BFCL's own checker (`check.py`) and by
 * `tooluse grade --rules bfcl`. Every verdict must agree; the only exception we would accept is a crash of
 * BFCL's checker, and none is listed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { captureIo } from "../../test-support/capture-io.js";
import { describeWith } from "../../test-support/requirements.js";
import { tempDir } from "../../test-support/temp.js";
import { gradeBfcl } from "./grade-bfcl.js";
import {
  answerableQuestions,
  type CheckerVerdict,
  differentialRequirement,
  runChecker,
  writeSet,
} from "./test-support/differential.js";
import { type GeneratedOutput, generateOutputs, outputText } from "./test-support/generate.js";
import { MUTATIONS } from "./test-support/mutations.js";

/** Outputs where we knowingly differ from check.py, with the reason; only checker crashes may ever be listed. */
const DOCUMENTED_EXCEPTIONS: ReadonlyMap<string, string> = new Map();

interface Graded {
  output: GeneratedOutput;
  ours: { passed: boolean; error_type: string };
  theirs: CheckerVerdict;
}

describeWith(differentialRequirement(), "BFCL differential: --rules bfcl agrees with BFCL's check.py", () => {
  const dir = tempDir();
  const graded: Graded[] = [];
  let outputs: GeneratedOutput[] = [];

  beforeAll(async () => {
    outputs = generateOutputs(answerableQuestions(), { mutationsPerQuestion: 10 });
    const files = writeSet(dir.path, outputs);
    const { verdicts: theirs } = runChecker(files.checkerInput);
    const byId = new Map(outputs.map((o) => [o.id, o]));
    for (const mode of ["prompt", "fc"] as const) {
      const out = join(dir.path, `verdicts-${mode}.jsonl`);
      const argv = ["grade", "--rules", "bfcl", "--bfcl-mode", mode, "--cases", files.cases];
      expect(await main([...argv, "--outputs", files.outputs[mode], "--out", out], captureIo())).toBe(0);
      for (const line of readFileSync(out, "utf8").split("\n")) {
        if (line.trim() === "") continue;
        const verdict = JSON.parse(line) as { id: string; bfcl: Graded["ours"] };
        graded.push({
          output: byId.get(verdict.id) as GeneratedOutput,
          ours: verdict.bfcl,
          theirs: theirs.get(verdict.id) as CheckerVerdict,
        });
      }
    }
  }, 600_000);
  afterAll(() => dir.remove());

  it("grades every generated output, over all six categories and every mutation kind", () => {
    expect(graded.length).toBe(outputs.length);
    expect(outputs.length).toBeGreaterThan(10_000);
    const categories = new Set(outputs.map((o) => o.question.bfcl?.category));
    expect([...categories].sort()).toEqual([
      "live_parallel",
      "live_simple",
      "multiple",
      "parallel",
      "parallel_multiple",
      "simple_python",
    ]);
    const kinds = new Set(outputs.map((o) => o.kind));
    for (const mutation of MUTATIONS) expect(kinds).toContain(mutation.kind);
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(40);
  });

  it("is not a trivial agreement: each category has passing and failing outputs, by several error types", () => {
    for (const category of new Set(graded.map((g) => g.output.question.bfcl?.category))) {
      const inCategory = graded.filter((g) => g.output.question.bfcl?.category === category);
      expect(inCategory.some((g) => g.theirs.valid)).toBe(true);
      expect(inCategory.some((g) => !g.theirs.valid)).toBe(true);
    }
    expect(new Set(graded.map((g) => g.theirs.error_type)).size).toBeGreaterThan(8);
  });

  it("agrees with check.py on every output", () => {
    const disagreements = graded
      .filter((g) => g.ours.passed !== g.theirs.valid && !DOCUMENTED_EXCEPTIONS.has(g.output.id))
      .map(
        (g) =>
          `${g.output.id} (${g.output.kind}, ${g.output.format}, ${g.output.mode}): ours ${g.ours.passed} ${g.ours.error_type}; check.py ${g.theirs.valid} ${g.theirs.error_type}`,
      );
    expect(disagreements.slice(0, 20)).toEqual([]);
    for (const id of DOCUMENTED_EXCEPTIONS.keys()) {
      expect(graded.find((g) => g.output.id === id)?.theirs.error_type).toMatch(/^exception:/);
    }
  });

  it("names BFCL's error type as check.py does wherever both fail", () => {
    const differing = graded.filter(
      (g) => !g.theirs.valid && !g.ours.passed && g.ours.error_type !== g.theirs.error_type,
    );
    expect(
      differing.map((g) => `${g.output.id}: ${g.ours.error_type} vs ${g.theirs.error_type}`).slice(0, 10),
    ).toEqual([]);
  });

  it("negative control: graded in the other name mode, passing outputs with dotted names no longer agree", () => {
    const dotted = graded.filter((g) => g.theirs.valid && g.output.calls.some((c) => /[._]/.test(c.name)));
    const flipped = dotted.filter((g) => {
      const other = g.output.mode === "fc" ? "prompt" : "fc";
      const output = { id: g.output.id, ...outputText(g.output) };
      return gradeBfcl(g.output.question, output, other).passed !== g.theirs.valid;
    });
    expect(flipped.length).toBeGreaterThan(100);
  });
});
