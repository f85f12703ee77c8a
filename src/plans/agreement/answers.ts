/**
 * Answer-judge agreement with humans (the paper reports judge–human κ 0.65 against human–human 0.69): Cohen's κ and
 * exact agreement over the overall decision ("R2", "R1,R3", "All", "Neither" …), per query. The judged side is a
 * `plan answers --out` file or another label file; judgements that failed are counted and left out, never a decision.
 */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { readJsonl } from "../../jsonl.js";
import { cohenKappa, confusionMatrix } from "../../metrics/agreement.js";
import { describeKeyMismatch } from "../../text/key-mismatch.js";
import { queryKey } from "../records.js";
import { type BootstrapSettings, DEFAULT_BOOTSTRAP, type Estimate, estimate } from "./estimate.js";
import { readAnswerLabels } from "./label-files.js";

export interface AnswerAgreementReport {
  gold: { file: string; queries: number };
  judged: { file: string; queries: number };
  paired: number;
  gold_only: number;
  judged_failed: number;
  decisions: string[];
  exact: Estimate;
  kappa: Estimate;
  bootstrap: BootstrapSettings;
}

const JudgementSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  status: z.enum(["judged", "failed"]).optional(),
  decision: z.string().nullable(),
});

/** Decisions by query id; null for a failed judgement. Labels are compared as sets: "R3,R1" is "R1,R3". */
function readDecisions(file: string): Map<string, string | null> {
  const normalise = (d: string) =>
    /^(all|neither)$/i.test(d.trim())
      ? d.trim()[0]?.toUpperCase() + d.trim().slice(1).toLowerCase()
      : d
          .split(",")
          .map((s) => s.trim())
          .sort()
          .join(",");
  const decisions = new Map<string, string | null>();
  const lines = file.toLowerCase().endsWith(".csv")
    ? readAnswerLabels(file)
    : readJsonl(file, JudgementSchema);
  for (const line of lines) {
    const k = queryKey(line.query_id);
    if (decisions.has(k)) throw new UserError(`${file}: query_id ${k} appears twice`);
    const status = (line as { status?: string }).status;
    decisions.set(k, status === "failed" || line.decision === null ? null : normalise(line.decision));
  }
  if (decisions.size === 0) throw new UserError(`${file}: no lines`);
  return decisions;
}

export function compareAnswerFiles(
  goldFile: string,
  judgedFile: string,
  settings: BootstrapSettings = DEFAULT_BOOTSTRAP,
): AnswerAgreementReport {
  const gold = readDecisions(goldFile);
  const judged = readDecisions(judgedFile);
  const pairs: [string, string][] = [];
  let failed = 0;
  let goldOnly = 0;
  for (const [k, g] of [...gold.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))) {
    if (g === null) continue;
    if (!judged.has(k)) goldOnly++;
    else {
      const j = judged.get(k);
      if (j === null || j === undefined) failed++;
      else pairs.push([g, j]);
    }
  }
  if (pairs.length === 0)
    throw new UserError(
      `${goldFile} and ${judgedFile} share no query with a judged decision (${failed} judgements failed): no agreement to report${
        failed > 0
          ? ""
          : `; ${describeKeyMismatch(
              ["query_id"],
              { name: goldFile, keys: [...gold.keys()].map((k) => [k]) },
              { name: judgedFile, keys: [...judged.keys()].map((k) => [k]) },
            )}`
      }`,
    );
  const decisions = [...new Set(pairs.flat())].sort();
  const index = (d: string) => decisions.indexOf(d);
  const matrix = (indices: readonly number[]) =>
    confusionMatrix(
      indices.map((i) => index((pairs[i] as [string, string])[0])),
      indices.map((i) => index((pairs[i] as [string, string])[1])),
      decisions.length,
    );
  return {
    gold: { file: goldFile, queries: gold.size },
    judged: { file: judgedFile, queries: judged.size },
    paired: pairs.length,
    gold_only: goldOnly,
    judged_failed: failed,
    decisions,
    exact: estimate(
      "answers\u0000exact",
      pairs.length,
      (indices) => indices.filter((i) => pairs[i]?.[0] === pairs[i]?.[1]).length / indices.length,
      settings,
    ),
    kappa: estimate("answers\u0000kappa", pairs.length, (indices) => cohenKappa(matrix(indices)), settings),
    bootstrap: settings,
  };
}
