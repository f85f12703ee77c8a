/** `tooluse disputes`: the verdicts reviewers disputed in a review database, with who and why. */
import { disputes } from "../review/disputes.js";
import { openReviewStore } from "../review/store.js";
import { terminalText } from "../sanitize.js";
import { reportExpected } from "./boundary.js";
import { checkInput } from "./file-flags.js";
import type { Io } from "./io.js";

export interface DisputesOptions {
  db: string;
  json?: boolean;
}

function graderSummary(verdict: Record<string, unknown> | null): string {
  if (verdict === null) return "no verdict";
  const passed = verdict.passed === true ? "pass" : "fail";
  return typeof verdict.reason === "string" ? `${passed}: ${verdict.reason}` : passed;
}

/** Exit 0 with the list (empty when nothing is disputed), 2 when the database cannot be read. */
export function runDisputes(options: DisputesOptions, io: Io): number {
  try {
    checkInput({ flag: "--db", path: options.db });
    const store = openReviewStore(options.db, { mustExist: true });
    let lines: ReturnType<typeof disputes>;
    try {
      lines = disputes(store);
    } finally {
      store.close();
    }
    if (options.json) {
      io.stdout(`${JSON.stringify(lines, null, 2)}\n`);
      return 0;
    }
    if (lines.length === 0) {
      io.stdout(`no disputed verdicts in ${options.db}\n`);
      return 0;
    }
    io.stdout(`${lines.length} disputed verdict(s) in ${options.db}\n`);
    for (const line of lines) {
      io.stdout(
        terminalText(
          `${line.case_id} (${line.protocol}) ${line.model} — ${line.annotator}: ${line.reason ?? ""} [grader: ${graderSummary(line.grader_verdict)}]`,
        ),
      );
      io.stdout("\n");
    }
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
