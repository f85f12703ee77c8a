/**
 * The When2Call behaviour check: every one of a record's four replies (direct, tool_call, request_for_info,
 * cannot_answer), graded against the record's case, must pass exactly when the reply's behaviour is the case's
 * label. The 4×3 table (reply behaviour × case label) says where grader and labels agree.
 */
import { grade } from "../grade/grade.js";
import type { GradingRules } from "../grade/rules.js";
import { readRecords, type Source } from "./records.js";
import {
  WHEN2CALL_BEHAVIOURS,
  type When2CallBehaviour,
  When2CallRecordSchema,
  when2callCase,
} from "./when2call.js";

export interface AgreementCell {
  agreed: number;
  total: number;
}

/** Rows: the reply's behaviour; columns: the case's label. */
export type AgreementTable = Record<When2CallBehaviour, Partial<Record<When2CallBehaviour, AgreementCell>>>;

export interface When2CallAgreement {
  table: AgreementTable;
  agreed: number;
  total: number;
  /** One line per disagreement: record uuid, reply behaviour, label, the verdict's reason. */
  disagreements: string[];
}

export function when2callAgreement(source: Source, rules?: GradingRules): When2CallAgreement {
  const table = Object.fromEntries(WHEN2CALL_BEHAVIOURS.map((b) => [b, {}])) as AgreementTable;
  const disagreements: string[] = [];
  let agreed = 0;
  let total = 0;
  for (const { value: record } of readRecords(source, When2CallRecordSchema)) {
    const testCase = when2callCase(record);
    const label = record.correct_answer;
    for (const behaviour of WHEN2CALL_BEHAVIOURS) {
      const reply = record.answers[behaviour];
      if (reply === undefined) continue;
      const verdict = grade(testCase, { id: record.uuid, protocol: "json", output: reply }, rules);
      const agrees = verdict.passed === (behaviour === label);
      const row = table[behaviour];
      const cell = row[label] ?? { agreed: 0, total: 0 };
      row[label] = cell;
      cell.total++;
      total++;
      if (agrees) {
        cell.agreed++;
        agreed++;
      } else disagreements.push(`${record.uuid} ${behaviour} reply on a ${label} case: ${verdict.reason}`);
    }
  }
  return { table, agreed, total, disagreements };
}

/** The table as Markdown, percentages with one decimal, for the README and the bench. */
export function formatAgreement(result: When2CallAgreement): string {
  const labels = WHEN2CALL_BEHAVIOURS.filter((label) =>
    WHEN2CALL_BEHAVIOURS.some((row) => result.table[row][label] !== undefined),
  );
  const pct = (cell: AgreementCell | undefined) =>
    cell ? `${((100 * cell.agreed) / cell.total).toFixed(1)}% (${cell.agreed}/${cell.total})` : "—";
  const lines = [
    `| reply \\ case label | ${labels.join(" | ")} |`,
    `|---|${labels.map(() => "---").join("|")}|`,
    ...WHEN2CALL_BEHAVIOURS.map(
      (row) => `| ${row} | ${labels.map((l) => pct(result.table[row][l])).join(" | ")} |`,
    ),
  ];
  const overall = `overall ${((100 * result.agreed) / result.total).toFixed(1)}% (${result.agreed}/${result.total})`;
  return `${lines.join("\n")}\n\n${overall}\n`;
}
