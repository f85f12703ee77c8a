/** Win rates per response source and the judge's self-consistency, from judgement lines; and their terminal table. */
import type { AnswerJudgement } from "../../plans/answer-records.js";

export interface WinRate {
  label: string;
  /** Judged queries this label won, alone or tied ("All" and pairs count for each label named). */
  wins: number;
  /** Judged queries that had a response with this label. */
  judged: number;
  rate: number | null;
}

export interface AnswerSummary {
  judge: string | null;
  queries: number;
  judged: number;
  /** Not scored (request failed or reply unusable after the repair); never counted as a loss. */
  failed: number;
  /** Judged after the repair retry. */
  repaired: number;
  win_rates: WinRate[];
  /** How often each code-derived decision occurred. */
  decisions: Record<string, number>;
  /** The judge's own decision equals the one derived from its scores. */
  judge_agreement: { agree: number; judged: number; rate: number | null };
  /** Judgements where the gating rules changed at least one raw score. */
  gating_overridden: number;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Rates over judged queries only; the paper's win rates may add up to more than 100 % because ties count for each. */
export function summariseAnswers(judgements: readonly AnswerJudgement[]): AnswerSummary {
  const judged = judgements.filter((j) => j.status === "judged");
  const labels = [...new Set(judgements.flatMap((j) => j.labels))];
  const decisions: Record<string, number> = {};
  for (const j of judged) if (j.decision !== null) decisions[j.decision] = (decisions[j.decision] ?? 0) + 1;
  const agree = judged.filter((j) => j.decision_agrees === true).length;
  return {
    judge: judgements[0]?.judge ?? null,
    queries: judgements.length,
    judged: judged.length,
    failed: judgements.length - judged.length,
    repaired: judged.filter((j) => j.prompts > 1).length,
    win_rates: labels.map((label) => {
      const eligible = judged.filter((j) => j.labels.includes(label));
      const wins = eligible.filter((j) => j.winners.includes(label)).length;
      return { label, wins, judged: eligible.length, rate: ratio(wins, eligible.length) };
    }),
    decisions: Object.fromEntries(Object.entries(decisions).sort(([a], [b]) => a.localeCompare(b))),
    judge_agreement: { agree, judged: judged.length, rate: ratio(agree, judged.length) },
    gating_overridden: judged.filter((j) => j.gating.length > 0).length,
  };
}

function percent(value: number | null): string {
  return value === null ? "–" : `${(value * 100).toFixed(1)}%`;
}

/** A few aligned lines for the terminal. */
export function formatAnswerSummary(summary: AnswerSummary): string {
  const width = Math.max(6, ...summary.win_rates.map((w) => w.label.length));
  const lines = [
    `answer judge ${summary.judge ?? "–"}: ${summary.judged} of ${summary.queries} queries judged` +
      (summary.failed > 0 ? `, ${summary.failed} FAILED (not scored; see the judgement lines)` : "") +
      (summary.repaired > 0 ? `, ${summary.repaired} after a repair retry` : ""),
    "",
    `${"source".padEnd(width)}  ${"wins".padStart(5)}  ${"of".padStart(5)}  win rate`,
    ...summary.win_rates.map(
      (w) =>
        `${w.label.padEnd(width)}  ${String(w.wins).padStart(5)}  ${String(w.judged).padStart(5)}  ${percent(w.rate).padStart(8)}`,
    ),
    "",
    `decisions: ${
      Object.entries(summary.decisions)
        .map(([d, n]) => `${d} ${n}`)
        .join(", ") || "–"
    }`,
    `judge's own decision matches its scores: ${summary.judge_agreement.agree}/${summary.judge_agreement.judged} (${percent(summary.judge_agreement.rate)})`,
    `raw scores changed by the gating rules: ${summary.gating_overridden} judgement(s)`,
  ];
  return `${lines.join("\n")}\n`;
}
