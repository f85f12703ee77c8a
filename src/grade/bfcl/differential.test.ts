/**
 * The differential test: outputs graded by BFCL's own code (`check.py`: its prompt-mode decoder on raw text, its
 * checker on decoded calls) and by `tooluse grade --rules bfcl`, through the command line. Two sets:
 *  - outputs generated from every possible answer of the six answerable categories (every accepted variant and
 *    mutations of every kind), written as Python text, JSON text and native replies, in both BFCL modes;
 *  - prompt-mode text of every class real models write or Python allows (test-support/prompt-classes.ts: tagged
 *    fences, JSON, each Python form, reserved words, repeated keywords, tuples, subscripts, operators, lambdas, `...`,
 *    attribute chains, nested calls, strings, numbers, prose, whitespace, positional expressions, calls as values,
 *    chained calls, dict checkers, free-form and edited text), 600 or more per class, over all nine categories.
 * Every verdict and error type must agree, and every prompt-mode text must decode to the very values BFCL's decoder
 * gives (compared as Python reprs). Documented exceptions: none.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { captureIo } from "../../test-support/capture-io.js";
import { describeWith } from "../../test-support/requirements.js";
import { tempDir } from "../../test-support/temp.js";
import { gradeBfcl } from "./grade-bfcl.js";
import { decodePrompt } from "./python/decode-prompt.js";
import { reprValue } from "./python/repr.js";
import type { Value } from "./python/value.js";
import {
  answerableQuestions,
  type CheckerVerdict,
  differentialRequirement,
  promptClassOutputs,
  referenceDecodings,
  relevanceQuestions,
  runChecker,
  writeSet,
} from "./test-support/differential.js";
import { type GeneratedOutput, generateOutputs, outputText, readsRaw } from "./test-support/generate.js";
import { MUTATIONS } from "./test-support/mutations.js";
import { OUTPUTS_PER_CLASS, PROMPT_CLASSES } from "./test-support/prompt-classes.js";

interface Graded {
  output: GeneratedOutput;
  ours: { passed: boolean; error_type: string };
  theirs: CheckerVerdict;
}

/** Our decoding of a prompt-mode text in the reference's terms: repr of `[{name: {args}}]`, or ERR. */
function ourDecoding(text: string): string {
  const decoded = decodePrompt(text);
  if (!decoded.ok) return "ERR";
  return reprValue(decoded.calls.map((call) => new Map<string, Value>([[call.name, call.arguments]])));
}

function describeMismatch(g: Graded): string {
  const text = JSON.stringify(outputText(g.output).output).slice(0, 160);
  return `${g.output.id} (${g.output.kind}, ${g.output.format}, ${g.output.mode}) ${text}: ours ${g.ours.passed} ${g.ours.error_type}; check.py ${g.theirs.valid} ${g.theirs.error_type}`;
}

describeWith(differentialRequirement(), "BFCL differential: --rules bfcl agrees with BFCL's check.py", () => {
  const dir = tempDir();
  const graded: Graded[] = [];
  let outputs: GeneratedOutput[] = [];

  beforeAll(async () => {
    const generated = generateOutputs(answerableQuestions(), { mutationsPerQuestion: 10 });
    const classQuestions = [...answerableQuestions(), ...relevanceQuestions()];
    outputs = [...generated, ...promptClassOutputs(classQuestions, OUTPUTS_PER_CLASS, generated.length)];
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
  }, 900_000);
  afterAll(() => dir.remove());

  it("grades every output: all nine categories, every mutation kind, every prompt class 500+ times", () => {
    expect(graded.length).toBe(outputs.length);
    const categories = new Set(outputs.map((o) => o.question.bfcl?.category));
    expect([...categories].sort()).toEqual([
      "irrelevance",
      "live_irrelevance",
      "live_parallel",
      "live_relevance",
      "live_simple",
      "multiple",
      "parallel",
      "parallel_multiple",
      "simple_python",
    ]);
    const kinds = new Set(outputs.map((o) => o.kind));
    for (const mutation of MUTATIONS) expect(kinds).toContain(mutation.kind);
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(40);
    for (const promptClass of PROMPT_CLASSES) {
      expect(outputs.filter((o) => o.kind === promptClass.kind).length).toBeGreaterThanOrEqual(500);
    }
    expect(PROMPT_CLASSES.length).toBeGreaterThanOrEqual(25);
  });

  it("exercises BFCL's dict checkers: every error type they name, the overwritten one included", () => {
    const dictTypes = new Set(
      graded.filter((g) => g.output.kind === "dict-checker").map((g) => g.theirs.error_type),
    );
    for (const type of ["value_error:dict_key", "value_error:dict_value", "value_error:list_dict_count"]) {
      expect(dictTypes).toContain(type);
    }
    // dict_checker breaks on a wrong value, then its loop over missing keys overwrites the error type: outputs whose
    // first message is about a value yet whose type is dict_key, and we agree on them (the verdict test checks).
    const overwritten = graded.filter(
      (g) =>
        g.output.kind === "dict-checker" &&
        g.theirs.error_type === "value_error:dict_key" &&
        g.theirs.error.some((message) => message.startsWith("Invalid value for parameter")),
    );
    expect(overwritten.length).toBeGreaterThanOrEqual(10);
    expect(overwritten.filter((g) => g.ours.error_type !== g.theirs.error_type)).toEqual([]);
  });

  it("is not a trivial agreement: each category and each prompt class has passing and failing outputs", () => {
    const groups = new Map<string, Graded[]>();
    for (const g of graded) {
      const keys = [`category ${g.output.question.bfcl?.category}`];
      if (g.output.format === "text") keys.push(`class ${g.output.kind}`);
      for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), g]);
    }
    const oneSided = [...groups]
      .filter(([, members]) => members.every((g) => g.theirs.valid) || members.every((g) => !g.theirs.valid))
      .map(([key]) => key);
    expect(oneSided).toEqual([]);
    expect(new Set(graded.map((g) => g.theirs.error_type)).size).toBeGreaterThan(12);
  });

  it("agrees with check.py on every verdict, error types included", () => {
    const disagreements = graded.filter(
      (g) =>
        g.ours.passed !== g.theirs.valid || (!g.ours.passed && g.ours.error_type !== g.theirs.error_type),
    );
    const byClass = new Map<string, { outputs: number; passing: number }>();
    for (const g of graded) {
      const counts = byClass.get(g.output.kind) ?? { outputs: 0, passing: 0 };
      counts.outputs++;
      if (g.theirs.valid) counts.passing++;
      byClass.set(g.output.kind, counts);
    }
    const perClass = PROMPT_CLASSES.map((c) => {
      const counts = byClass.get(c.kind);
      return `${c.kind} ${counts?.outputs} (${counts?.passing} passing)`;
    });
    console.log(
      `BFCL differential: ${graded.length - disagreements.length}/${graded.length} verdicts agree; prompt classes: ${perClass.join(", ")}`,
    );
    expect(disagreements.slice(0, 20).map(describeMismatch)).toEqual([]);
  });

  it("decodes every prompt-mode text to the values BFCL's decoder gives (Python reprs compared)", () => {
    const raw = outputs.filter((o) => readsRaw(o));
    const texts = raw.map((o) => outputText(o).output);
    const reference = referenceDecodings(texts);
    const mismatches = texts.flatMap((text, index) => {
      const theirs = (reference[index] as string).startsWith("ERR") ? "ERR" : (reference[index] as string);
      const ours = ourDecoding(text);
      return ours === theirs
        ? []
        : [`${raw[index]?.kind} ${JSON.stringify(text).slice(0, 160)}: ours ${ours}; BFCL ${theirs}`];
    });
    expect(texts.length).toBeGreaterThan(15_000);
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it("negative control: with a fence's language tag dropped (as a lenient reader does), hundreds of verdicts differ", () => {
    const fenced = graded.filter(
      (g) => g.output.kind === "fence:tagged" && /^\s*`+[A-Za-z]/.test(g.output.text ?? ""),
    );
    const flipped = fenced.filter((g) => {
      const text = (g.output.text ?? "").replace(/^(\s*`+)[A-Za-z]\w*/, "$1");
      const output = { id: g.output.id, protocol: "json" as const, output: text };
      return gradeBfcl(g.output.question, output, "prompt").passed !== g.theirs.valid;
    });
    expect(flipped.length).toBeGreaterThan(100);
  });

  it("negative control: graded in the other name mode, passing outputs with dotted names no longer agree", () => {
    const dotted = graded.filter(
      (g) => g.theirs.valid && g.output.format !== "text" && g.output.calls.some((c) => /[._]/.test(c.name)),
    );
    const flipped = dotted.filter((g) => {
      const other = g.output.mode === "fc" ? "prompt" : "fc";
      const output = { id: g.output.id, ...outputText(g.output) };
      return gradeBfcl(g.output.question, output, other).passed !== g.theirs.valid;
    });
    expect(flipped.length).toBeGreaterThan(100);
  });
});
