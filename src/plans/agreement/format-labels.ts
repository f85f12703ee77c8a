/** Terminal text of the tag-agreement (Table 25) and answer-agreement reports. */
import { renderTable } from "../../report/table.js";
import type { AnswerAgreementReport } from "./answers.js";
import type { Estimate } from "./estimate.js";
import type { TagAgreementReport } from "./tags.js";

const PLAIN = { color: false, markdown: false };

function number(value: number | null): string {
  return value === null ? "–" : value.toFixed(2);
}

function withInterval(e: Estimate): string {
  const f = (x: number | null) => (x === null ? "–" : x.toFixed(2));
  return e.value === null ? "–" : `${f(e.value)} [${f(e.low)},${f(e.high)}]`;
}

export function formatTagAgreement(report: TagAgreementReport): string {
  const table = renderTable(
    ["tag", "gold", "judged", "overlap", "precision", "recall", "F1"].map((header, i) => ({
      header,
      align: i === 0 ? ("left" as const) : ("right" as const),
    })),
    report.tags.map((row) => [
      row.tag,
      String(row.gold),
      String(row.judged),
      String(row.overlap),
      number(row.precision),
      number(row.recall),
      withInterval(row.f1),
    ]),
    PLAIN,
  );
  return [
    `gold:   ${report.gold.file} (${report.gold.steps} steps)`,
    `judged: ${report.judged.file} (${report.judged.steps} steps)`,
    `${report.paired} steps paired; ${report.gold_only} only in gold; ${report.judged_failed} with a FAILED evaluator answer (left out)`,
    `same set of tags: ${withInterval(report.exact)}`,
    "",
    "Step-evaluator tags against gold (the paper's Table 25)",
    table.trimEnd(),
    "",
  ].join("\n");
}

export function formatAnswerAgreement(report: AnswerAgreementReport): string {
  return [
    `gold:   ${report.gold.file} (${report.gold.queries} queries)`,
    `judged: ${report.judged.file} (${report.judged.queries} queries)`,
    `${report.paired} queries paired; ${report.gold_only} only in gold; ${report.judged_failed} FAILED judgements (left out)`,
    `decisions seen: ${report.decisions.join(" | ")}`,
    `exact agreement: ${withInterval(report.exact)}`,
    `Cohen's κ over decisions: ${withInterval(report.kappa)}`,
    "",
  ].join("\n");
}
