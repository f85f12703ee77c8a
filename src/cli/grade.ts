/** `tooluse grade`: grade recorded outputs against cases; verdicts to JSONL, summary to the terminal or JSON. */
import { z } from "zod";
import { loadCases } from "../cases/load.js";
import { PROTOCOLS } from "../cases/schema.js";
import { UserError } from "../errors.js";
import type { BfclMode } from "../grade/bfcl/checker.js";
import { DEFAULT_GRADING_PROFILE, gradingProfile } from "../grade/profiles.js";
import { readJsonl, writeFileAtomic } from "../jsonl.js";
import { bfclCompatibleLine, summarize } from "../metrics/summary.js";
import { formatSummary } from "../report/terminal.js";
import type { Io } from "./io.js";

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

export function runGrade(options: GradeOptions, io: Io): number {
  const grader = gradingProfile(options.rules ?? DEFAULT_GRADING_PROFILE, { bfclMode: options.bfclMode });
  const cases = loadCases(options.cases);
  const byId = new Map(cases.map((c) => [c.id, c]));
  const outputs = readJsonl(options.outputs, OutputLineSchema);
  const seen = new Set<string>();
  const verdicts = outputs.map((output, index) => {
    const where = `${options.outputs}:${index + 1}`;
    const testCase = byId.get(output.id);
    if (!testCase) throw new UserError(`${where}: id ${output.id} is not a case in ${options.cases}`);
    const key = `${output.id}\u0000${output.protocol}`;
    if (seen.has(key))
      throw new UserError(`${where}: a second output for ${output.id} in protocol ${output.protocol}`);
    seen.add(key);
    return grader.grade(testCase, output);
  });
  if (options.out) writeFileAtomic(options.out, verdicts.map((v) => `${JSON.stringify(v)}\n`).join(""));
  const summary = summarize(verdicts, cases);
  const grading = { profile: grader.name, version: grader.version };
  io.stdout(
    options.json
      ? `${JSON.stringify({ grading, ...summary }, null, 2)}\n`
      : `graded under ${grader.name} ${grader.version}\n${formatSummary(summary, { color: io.isTTY })}${bfclCompatibleLine(summary)}`,
  );
  return 0;
}
