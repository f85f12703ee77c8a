/** `tooluse plan report`: the planner report from score lines, with the paper's breakdowns when given a reference. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { STDOUT_PATH } from "../io/target.js";
import { buildPlannerHtml, type PlannerHtmlInputs } from "../plans/report/html/page.js";
import {
  buildPlannerReport,
  type ReportFormat,
  readQueryAttributes,
  readScoreLines,
  renderPlannerReport,
} from "../plans/report/index.js";
import { lineageCurve, readLineageLines } from "../plans/report/lineage-curve.js";
import { compareLoop, renderLoop } from "../plans/report/loop.js";
import { terminalText } from "../sanitize.js";
import { reportExpected } from "./boundary.js";
import { type Io, outputOptions } from "./io.js";
import { planViews } from "./plan-views.js";

export interface PlanReportOptions {
  scores: string;
  queries?: string;
  /** text (default) or md. */
  format?: string;
  json?: boolean;
  /** Also write the report as one self-contained HTML file to this path. */
  html?: string;
  /** Score lines of the plans before the evaluator → optimizer loop: adds the before/after table (Table 4). */
  before?: string;
  /** The plans the score lines score: the page gets a viewer of each beside its reference (needs reference, html). */
  plans?: string;
}

function reportFormat(value: string | undefined): ReportFormat {
  if (value === undefined || value === "text" || value === "md") return value ?? "text";
  throw new UserError(`--format: expected text or md, got "${value}"`);
}

function writeHtml(file: string, page: string, io: Io): void {
  const size = writeOutput(file, page, outputOptions(io));
  if (file === STDOUT_PATH) return;
  io.stderr(
    `plan report: ${terminalText(file)} (${(size / 1024).toFixed(0)} KB, opens offline in any browser)\n`,
  );
}

/** Exit code 0 with the report, 2 when an input or flag is unusable (one line on stderr). */
export async function runPlanReport(options: PlanReportOptions, io: Io): Promise<number> {
  try {
    const format = reportFormat(options.format);
    if (options.plans !== undefined && (options.queries === undefined || options.html === undefined))
      throw new UserError(
        "--plans needs --queries (the best plans to show beside them) and --html (the page the viewer is on)",
      );
    const lines = readScoreLines(options.scores);
    const attributes = options.queries ? readQueryAttributes(options.queries) : null;
    const report = buildPlannerReport(lines, attributes);
    const loop = options.before ? compareLoop(readScoreLines(options.before), lines) : null;
    if (options.json) io.stdout(`${JSON.stringify(loop ? { ...report, loop } : report, null, 2)}\n`);
    else {
      // For people: planner names, prompt types and file names are shown as the one sanitiser shows them.
      const shown = (text: string) => io.stdout(terminalText(text, { multiline: true }));
      shown(renderPlannerReport(report, format));
      if (loop)
        shown(
          `\n${format === "md" ? "### " : ""}Before and after the evaluator → optimizer loop (${options.before} → ${options.scores})\n${renderLoop(loop, format === "md")}\n`,
        );
    }
    if (options.html) {
      const inputs: PlannerHtmlInputs = {
        scores: { file: options.scores, lines: lines.length },
        reference: options.queries && attributes ? { file: options.queries, queries: attributes.size } : null,
      };
      const plans =
        options.plans && options.queries ? planViews(options.plans, options.queries, lines) : null;
      // The queries' own lineages give the improvement curve: each revision scored by code against its best plan.
      const lineage = options.queries ? lineageCurve(readLineageLines(options.queries)) : null;
      writeHtml(options.html, buildPlannerHtml(report, inputs, { plans, lineage }), io);
    }
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
