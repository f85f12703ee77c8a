/** `tooluse plan report`: the planner report from score lines, with the paper's breakdowns when given a reference. */
import { UserError } from "../errors.js";
import {
  buildPlannerReport,
  type ReportFormat,
  readQueryAttributes,
  readScoreLines,
  renderPlannerReport,
} from "../plans/report/index.js";
import type { Io } from "./io.js";

export interface PlanReportOptions {
  scores: string;
  reference?: string;
  /** text (default) or md. */
  format?: string;
  json?: boolean;
}

function reportFormat(value: string | undefined): ReportFormat {
  if (value === undefined || value === "text" || value === "md") return value ?? "text";
  throw new UserError(`--format: expected text or md, got "${value}"`);
}

/** Exit code 0 with the report, 2 when an input or flag is unusable (one line on stderr). */
export async function runPlanReport(options: PlanReportOptions, io: Io): Promise<number> {
  try {
    const format = reportFormat(options.format);
    const lines = readScoreLines(options.scores);
    const attributes = options.reference ? readQueryAttributes(options.reference) : null;
    const report = buildPlannerReport(lines, attributes);
    io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : renderPlannerReport(report, format));
    return 0;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    io.stderr(`tooluse: ${error.message}\n`);
    return 2;
  }
}
