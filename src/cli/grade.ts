/** `tooluse grade`: grade recorded outputs against cases; verdicts to JSONL, summary to the terminal or JSON. */
import { z } from "zod";
import { loadCases } from "../cases/load.js";
import { type Case, PROTOCOLS } from "../cases/schema.js";
import { UserError } from "../errors.js";
import type { BfclMode } from "../grade/bfcl/checker.js";
import type { Output } from "../grade/output.js";
import { DEFAULT_GRADING_PROFILE, gradingProfile } from "../grade/profiles.js";
import { openOutput } from "../io/output.js";
import { checkValue, forEachByteLine, parseJsonLine } from "../jsonl.js";
import { bfclCompatibleLine, type ScoredVerdict, summarize } from "../metrics/summary.js";
import { formatSummary } from "../report/terminal.js";
import { type Io, outputOptions, stdoutColor } from "./io.js";

const OutputLineSchema = z.object({ id: z.string(), protocol: z.enum(PROTOCOLS), output: z.string() });

export interface GradeOptions {
  cases: string;
  outputs: string;
  out?: string | undefined;
  json?: boolean | undefined;
  /** Grading profile name (`--rules`). */
  rules?: string | undefined;
  /** BFCL's name rule: how the model was served (`--bfcl-mode`). */
  bfclMode?: BfclMode | undefined;
}

/**
 * One outputs line. The usual shape is checked by hand, since zod would copy every line; anything else goes to the
 * schema, which accepts what it accepts and names the field at fault.
 */
function outputOf(line: string, where: string): Output {
  const value = parseJsonLine(line, where) as Partial<Record<keyof Output, unknown>> | null;
  if (
    value !== null &&
    typeof value === "object" &&
    typeof value.id === "string" &&
    typeof value.output === "string" &&
    (PROTOCOLS as readonly unknown[]).includes(value.protocol)
  ) {
    return value as Output;
  }
  return checkValue(value, where, OutputLineSchema);
}

/**
 * Each output is graded and its verdict line written as soon as it is read, so no verdict outlives its line but the
 * fields the summary counts. The verdicts file appears whole once every line has been graded, or not at all.
 */
export function runGrade(options: GradeOptions, io: Io): number {
  const grader = gradingProfile(options.rules ?? DEFAULT_GRADING_PROFILE, { bfclMode: options.bfclMode });
  const cases = loadCases(options.cases);
  const byId = new Map<string, Case>();
  for (const testCase of cases) byId.set(testCase.id, testCase);
  const writer = options.out === undefined ? undefined : openOutput(options.out, outputOptions(io));
  const scored: ScoredVerdict[] = [];
  try {
    // The protocols each case already has an output in, one bit per protocol.
    const seen = new Map<Case, number>();
    // Line by line from the bytes: a line of ASCII stays a one-byte string, which JSON.parse reads fastest.
    forEachByteLine(options.outputs, (bytes, start, end, number) => {
      const line = bytes.toString("utf8", start, end).trim();
      if (line === "") return;
      const where = `${options.outputs}:${number}`;
      const output = outputOf(line, where);
      const testCase = byId.get(output.id);
      if (!testCase) throw new UserError(`${where}: id ${output.id} is not a case in ${options.cases}`);
      const bit = 1 << PROTOCOLS.indexOf(output.protocol);
      const protocols = seen.get(testCase) ?? 0;
      if (protocols & bit)
        throw new UserError(`${where}: a second output for ${output.id} in protocol ${output.protocol}`);
      seen.set(testCase, protocols | bit);
      const verdict = grader.grade(testCase, output);
      writer?.writeLine(JSON.stringify(verdict));
      const { id, protocol, passed, malformed, spurious, tool_ok, args_ok, answer_ok, bfcl } = verdict;
      scored.push({ id, protocol, passed, malformed, spurious, tool_ok, args_ok, answer_ok, bfcl });
    });
    writer?.commit();
  } finally {
    writer?.discard();
  }
  const summary = summarize(scored, cases);
  const grading = { profile: grader.name, version: grader.version };
  io.stdout(
    options.json
      ? `${JSON.stringify({ grading, ...summary }, null, 2)}\n`
      : `graded under ${grader.name} ${grader.version}\n${formatSummary(summary, { color: stdoutColor(io) })}${bfclCompatibleLine(summary)}`,
  );
  return 0;
}
