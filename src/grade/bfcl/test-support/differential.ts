/**
 * The pieces the differential test and the speed bench share: the six answerable BFCL categories imported from the
 * research data, a generated set written as files, and BFCL's `check.py` run on it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Case } from "../../../cases/schema.js";
import { parsePyJson } from "../../../extract/python-json.js";
import { type PyCall, type PyDict, PyFloat, type PyValue } from "../../../extract/python-value.js";
import { importBfcl } from "../../../import/bfcl.js";
import {
  BFCL_CATEGORIES,
  bfclSources,
  RESEARCH_DATA,
  RESEARCH_DATA_DIR,
} from "../../../import/test-support/research-data.js";
import type { Requirement } from "../../../test-support/requirements.js";
import type { BfclMode } from "../checker.js";
import {
  answersOf,
  callsWith,
  caseLine,
  checkerLine,
  firstReal,
  type GeneratedOutput,
  outputLine,
} from "./generate.js";
import { promptOutputs } from "./prompt-classes.js";

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

/** Every question of the three categories without possible answers (irrelevance, live_irrelevance, live_relevance). */
export function relevanceQuestions(): Case[] {
  return BFCL_CATEGORIES.filter((c) => !c.answers).flatMap((c) => importBfcl(bfclSources(c.category, false)));
}

/** The questions' function documents exactly as BFCL's files have them, by question id (check.py gets these). */
export function originalFunctions(): Map<string, unknown[]> {
  const byId = new Map<string, unknown[]>();
  for (const category of BFCL_CATEGORIES) {
    for (const line of bfclSources(category.category, category.answers).questions.text.split("\n")) {
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
  /** The checker's messages, in the order it wrote them. */
  error: string[];
}

/**
 * BFCL's own prompt-mode decoding of each text (bfcl_decode.py, run by python3): `repr()` of the decoded calls, or
 * `ERR <exception>`. The reference decoder is imported as it is; the few lines here only feed it and print.
 */
export function referenceDecodings(texts: readonly string[]): string[] {
  const script = [
    "import json, sys, warnings",
    "sys.path.insert(0, sys.argv[1])",
    "import bfcl_decode",
    'warnings.simplefilter("ignore")',
    "for line in sys.stdin:",
    "    try:",
    "        out = repr(bfcl_decode.default_decode_ast_prompting(json.loads(line)))",
    "    except BaseException as e:",
    '        out = "ERR " + type(e).__name__',
    "    print(json.dumps(out))",
  ].join("\n");
  const result = spawnSync("python3", ["-c", script, dirname(CHECKER_SCRIPT)], {
    input: texts.map((text) => `${JSON.stringify(text)}\n`).join(""),
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (result.status !== 0) throw new Error(`bfcl_decode failed: ${result.stderr}`);
  return result.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as string);
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
    // Python's json.dumps writes NaN and Infinity for decoded floats: read the line as Python would.
    const record = parsePyJson(line);
    if (!(record instanceof Map)) throw new Error(`check.py wrote a line that is not a JSON object: ${line}`);
    const verdict: CheckerVerdict = {
      id: String(record.get("id")),
      valid: record.get("valid") === true,
      error_type: String(record.get("error_type") ?? ""),
      error: ((record.get("error") ?? []) as unknown[]).map(String),
    };
    verdicts.set(verdict.id, verdict);
  }
  return { verdicts, seconds };
}

const PLACEHOLDERS: Readonly<Record<string, PyValue>> = {
  string: "x",
  integer: 1,
  float: new PyFloat(1.5),
  boolean: true,
  array: [],
  dict: new Map(),
};

/**
 * The calls a text of a prompt class is written from: the question's answer (first accepted values), or for a
 * question without one (irrelevance, relevance) a call of its first function with placeholder arguments.
 */
export function callsToWrite(question: Case): PyCall[] {
  if (question.bfcl?.ground_truth !== undefined)
    return callsWith(answersOf(question), (_c, _p, o) => firstReal(o));
  const [document] = (question.bfcl?.function ?? []) as {
    name?: string;
    parameters?: { properties?: Record<string, { type?: string }>; required?: string[] };
  }[];
  if (typeof document?.name !== "string") return [];
  const args: PyDict = new Map();
  for (const param of document.parameters?.required ?? []) {
    const type = document.parameters?.properties?.[param]?.type ?? "string";
    args.set(param, PLACEHOLDERS[type] ?? "x");
  }
  return [{ name: document.name, arguments: args }];
}

/** Every prompt class's outputs over these questions, as prompt-mode outputs with ids after `firstId`. */
export function promptClassOutputs(
  questions: readonly Case[],
  perClass: number,
  firstId: number,
): GeneratedOutput[] {
  const calls = questions.map(callsToWrite);
  return promptOutputs(calls, perClass).map((output, index) => {
    const question = questions[output.question] as Case;
    return {
      id: `${question.id}~${firstId + index}`,
      question,
      kind: output.kind,
      calls: calls[output.question] ?? [],
      mode: "prompt",
      format: "text",
      text: output.text,
    };
  });
}
