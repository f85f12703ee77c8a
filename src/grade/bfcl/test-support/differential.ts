/**
 * The pieces the differential test and the speed bench share: the six answerable BFCL categories imported from the
 * research data, a generated set written as files, and BFCL's `check.py` run on it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Case } from "../../../cases/schema.js";
import { importBfcl } from "../../../import/bfcl.js";
import {
  BFCL_CATEGORIES,
  bfclSources,
  RESEARCH_DATA,
  RESEARCH_DATA_DIR,
} from "../../../import/test-support/research-data.js";
import type { Requirement } from "../../../test-support/requirements.js";
import type { BfclMode } from "../checker.js";
import { caseLine, checkerLine, type GeneratedOutput, outputLine } from "./generate.js";

/** BFCL's checker with its `check.py` driver, beside the research data. */
export const CHECKER_SCRIPT =
  process.env.TOOLUSE_BFCL_CHECKER ?? join(RESEARCH_DATA_DIR, "..", "bfcl-checker", "check.py");

/** Why the differential test cannot run here, or undefined when it can. */
export function differentialSkipReason(): string | undefined {
  const missing = differentialRequirement().missing;
  return missing === null ? undefined : missing;
}

/**
 * What the differential test needs: the research data, BFCL's checker beside it, and python3 to run it. CI has all
 * three, so under CI a missing one fails the run.
 */
export function differentialRequirement(): Requirement {
  if (RESEARCH_DATA.missing !== null) return RESEARCH_DATA;
  const checker = { name: "TOOLUSE_BFCL_CHECKER (BFCL's check.py)", requiredInCi: true };
  if (!existsSync(CHECKER_SCRIPT))
    return {
      ...checker,
      missing: `${CHECKER_SCRIPT} not found; point TOOLUSE_BFCL_CHECKER at BFCL's check.py`,
    };
  const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
  return python.status === 0
    ? { ...checker, missing: null }
    : { name: "python3", missing: "python3 is not on PATH (it runs BFCL's checker)", requiredInCi: true };
}

/** Every question of the six categories that have possible answers, imported as cases. */
export function answerableQuestions(): Case[] {
  return BFCL_CATEGORIES.filter((c) => c.answers).flatMap((c) => importBfcl(bfclSources(c.category, true)));
}

/** The questions' function documents exactly as BFCL's files have them, by question id (check.py gets these). */
export function originalFunctions(): Map<string, unknown[]> {
  const byId = new Map<string, unknown[]>();
  for (const category of BFCL_CATEGORIES.filter((c) => c.answers)) {
    for (const line of bfclSources(category.category, true).questions.text.split("\n")) {
      if (line.trim() === "") continue;
      const record = JSON.parse(line) as { id: string; function: unknown[] };
      byId.set(record.id, record.function);
    }
  }
  return byId;
}

export interface SetFiles {
  cases: string;
  outputs: Record<BfclMode, string>;
  checkerInput: string;
}

/** Writes the generated outputs as one cases file, one outputs file per BFCL mode, and check.py's input. */
export function writeSet(
  dir: string,
  outputs: readonly GeneratedOutput[],
  originals: ReadonlyMap<string, unknown[]> = originalFunctions(),
): SetFiles {
  const files: SetFiles = {
    cases: join(dir, "cases.jsonl"),
    outputs: { prompt: join(dir, "outputs-prompt.jsonl"), fc: join(dir, "outputs-fc.jsonl") },
    checkerInput: join(dir, "checker-input.jsonl"),
  };
  writeFileSync(files.cases, outputs.map((o) => `${caseLine(o)}\n`).join(""));
  for (const mode of ["prompt", "fc"] as const) {
    const lines = outputs.filter((o) => o.mode === mode).map((o) => `${outputLine(o)}\n`);
    writeFileSync(files.outputs[mode], lines.join(""));
  }
  writeFileSync(
    files.checkerInput,
    outputs.map((o) => `${checkerLine(o, originals.get(o.question.id))}\n`).join(""),
  );
  return files;
}

export interface CheckerVerdict {
  id: string;
  valid: boolean;
  error_type: string;
}

/** Runs check.py on its input file; returns its verdicts by id and how long the process took. */
export function runChecker(input: string): { verdicts: Map<string, CheckerVerdict>; seconds: number } {
  const started = process.hrtime.bigint();
  const result = spawnSync("sh", ["-c", `exec python3 "$0" < "$1"`, CHECKER_SCRIPT, input], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`check.py failed: ${result.stderr}`);
  const verdicts = new Map<string, CheckerVerdict>();
  for (const line of result.stdout.split("\n")) {
    if (line.trim() === "") continue;
    const verdict = JSON.parse(line) as CheckerVerdict;
    verdicts.set(verdict.id, verdict);
  }
  return { verdicts, seconds };
}
