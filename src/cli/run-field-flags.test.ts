/**
 * The library's run issues name fields; `tooluse run` names them back by their flags, with the very sentences it
 * printed before the rules moved into the library (src/runner/run-rules.ts).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defineRun } from "../runner/define-run.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";
import { flagOf, RUN_FIELD_FLAGS } from "./run-field-flags.js";

const dir = tempDir("tooluse-field-flags-");
afterAll(() => dir.remove());

const outputs = join(dir.path, "outputs.jsonl");
writeFileSync(outputs, `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "x" })}\n`);

const RULES: [string[], string][] = [
  [
    ["--backend", "baseline", "--model", "X"],
    "--model cannot be combined with --backend baseline: it asks no model; to name the run, use --label NAME",
  ],
  [
    ["--backend", "oracle", "--base-url", "http://127.0.0.1:1"],
    "--base-url cannot be combined with --backend oracle: it asks no model",
  ],
  [
    ["--backend", "openai", "--model", "m", "--outputs", outputs],
    "--outputs cannot be combined with --backend openai: only replay reads it",
  ],
  [["--backend", "replay"], "--backend replay needs --outputs FILE (the recorded outputs to grade)"],
  [
    ["--backend", "oracle", "--batch-size", "2"],
    "--batch-size cannot be combined with --backend oracle: only llama and transformers batch prompts",
  ],
  [
    ["--model", "m.gguf", "--protocol", "native"],
    "--protocol native needs a server's tool parser; with --backend llama use json, xml or plain",
  ],
  [["--allow-download"], "--allow-download applies to --backend transformers only"],
  [["--model-cache", dir.path], "--model-cache applies to --backend transformers only"],
  [
    ["--limit", "3", "--sample", "2"],
    "--sample cannot be combined with --limit: --limit takes the first N cases, --sample N cases over every category and language",
  ],
];

describe("tooluse run names the library's run issues by their flags", () => {
  it.each(RULES)("run %j prints the rule's sentence with flag names", async (flags, message) => {
    const io = captureIo();
    const code = await main(["run", ...flags, "--out", join(dir.path, "never.json")], io);
    expect(code).toBe(2);
    expect(io.err).toBe(`tooluse: ${message}\n`);
  });

  it("maps every field a bound can break to a flag, elements of a list to the list's flag", () => {
    for (const input of [
      { concurrency: 0 },
      { retries: 101 },
      { timeout_ms: 0 },
      { repeats: 0 },
      { settings: { temperature: 5 } },
      { settings: { max_tokens: 0 } },
      { filters: { sample: { n: 0, seed: 0 } } },
    ]) {
      const defined = defineRun(input);
      if (defined.ok) throw new Error(`expected an issue for ${JSON.stringify(input)}`);
      for (const issue of defined.issues) expect(flagOf(issue.path)).toMatch(/^--[a-z]/);
    }
    expect(flagOf("protocols.1")).toBe("--protocol");
    expect(flagOf("filters.sample.n")).toBe("--sample");
    expect(Object.values(RUN_FIELD_FLAGS).every((flag) => flag.startsWith("--"))).toBe(true);
  });
});
