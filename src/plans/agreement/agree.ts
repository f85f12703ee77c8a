/** compareScoreFiles: every agreement statistic, per metric, between two score files (human, judge or code). */
import { UserError } from "../../errors.js";
import { describeKeyMismatch, parseKeys } from "../../text/key-mismatch.js";
import { type BootstrapSettings, DEFAULT_BOOTSTRAP } from "./estimate.js";
import { type ItemAgreement, itemAgreement } from "./labels.js";
import { AGREEMENT_METRICS, type MetricSpec, metricPairs, pairLines, readLabelLines } from "./pairs.js";
import { type RankingAgreement, rankingAgreement } from "./ranking.js";
import { DEFAULT_TRIPLET_PLANNERS, type TripletAgreement, tripletAgreement } from "./triplets.js";

export interface MetricReport extends ItemAgreement {
  metric: string;
  kind: MetricSpec["kind"];
  /** Plans both sides scored on this metric. */
  plans: number;
  spearman: RankingAgreement;
  triplets: TripletAgreement;
}

export interface AgreementReport {
  gold: { file: string; lines: number };
  judged: { file: string; lines: number };
  /** Lines keyed alike in both files, and lines only one side has (left out). */
  paired: number;
  gold_only: number;
  judged_only: number;
  bootstrap: BootstrapSettings;
  triplet_planners: string[];
  metrics: MetricReport[];
  /** Metrics asked for or known that no paired line carries on both sides. */
  skipped: string[];
}

export interface AgreeOptions {
  /** Metric names; default every known metric that both files carry. */
  metrics?: readonly string[];
  /** Planner names of best, penultimate and antepenultimate lineage plans. */
  tripletPlanners?: readonly string[];
  bootstrap?: BootstrapSettings;
}

function selectMetrics(names: readonly string[] | undefined): readonly MetricSpec[] {
  if (names === undefined) return AGREEMENT_METRICS;
  return names.map((name) => {
    const spec = AGREEMENT_METRICS.find((metric) => metric.name === name);
    if (!spec)
      throw new UserError(
        `--metrics: "${name}" is not one of ${AGREEMENT_METRICS.map((m) => m.name).join(", ")}`,
      );
    return spec;
  });
}

export function compareScoreFiles(
  goldFile: string,
  judgedFile: string,
  options: AgreeOptions = {},
): AgreementReport {
  const metrics = selectMetrics(options.metrics);
  const planners = [...(options.tripletPlanners ?? DEFAULT_TRIPLET_PLANNERS)];
  if (planners.length !== 3 || new Set(planners).size !== 3)
    throw new UserError(
      `--triplet: expected three different planner names (best,penultimate,antepenultimate)`,
    );
  const settings = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const gold = readLabelLines(goldFile);
  const judged = readLabelLines(judgedFile);
  const paired = pairLines(gold, judged);
  if (paired.both.length === 0)
    throw new UserError(
      `${goldFile} and ${judgedFile} share no (query_id, planner, prompt_type) line: ${describeKeyMismatch(
        ["query_id", "planner", "prompt_type"],
        { name: goldFile, keys: parseKeys(gold.keys()) },
        { name: judgedFile, keys: parseKeys(judged.keys()) },
      )}`,
      { hint: "name planners alike on both sides (plan generate --label NAME sets the planner name)" },
    );
  const reports: MetricReport[] = [];
  const skipped: string[] = [];
  for (const metric of metrics) {
    const pairs = metricPairs(paired, metric);
    if (pairs.length === 0) {
      skipped.push(metric.name);
      continue;
    }
    reports.push({
      metric: metric.name,
      kind: metric.kind,
      plans: pairs.length,
      ...itemAgreement(metric, pairs, settings),
      spearman: rankingAgreement(metric, pairs, settings),
      triplets: tripletAgreement(metric, pairs, planners, settings),
    });
  }
  if (reports.length === 0) {
    const failed = [...judged.values()].filter(
      (line) => ((line as { judge?: { failures?: unknown[] } }).judge?.failures?.length ?? 0) > 0,
    ).length;
    throw new UserError(
      `no metric has values on both sides (looked for ${metrics.map((m) => m.name).join(", ")}; values the code filled into a judged file do not count as the judge's)${failed > 0 ? `; ${failed} of ${judged.size} judged lines hold failed judge answers` : ""}: no agreement to report`,
    );
  }
  return {
    gold: { file: goldFile, lines: gold.size },
    judged: { file: judgedFile, lines: judged.size },
    paired: paired.both.length,
    gold_only: paired.goldOnly,
    judged_only: paired.judgedOnly,
    bootstrap: settings,
    triplet_planners: planners,
    metrics: reports,
    skipped,
  };
}
