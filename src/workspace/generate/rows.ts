/** One interaction as rows of the store's tables, keyed by column name (timestamps as epoch milliseconds). */
import { VALUED_MOMENTS } from "../domain.js";
import type { Interaction } from "./interactions.js";
import { monthsBetween } from "./population.js";
import type { QaEvaluation } from "./qa.js";

export type CellValue = string | number | boolean | null;
export type Row = Record<string, CellValue>;

/** The columns the generator fills, per table: checked against the description before anything is written. */
export const PRODUCED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  interactions: [
    "interaction_id",
    "channel",
    "direction",
    "started_at",
    "ended_at",
    "duration_seconds",
    "wait_seconds",
    "agent_id",
    "agent_name",
    "agent_tenure_months",
    "team",
    "site",
    "line_of_business",
    "queue",
    "language",
    "customer_id",
    "customer_segment",
    "customer_tenure_months",
    "csat_score",
  ],
  call_drivers: ["interaction_id", "call_driver", "is_primary"],
  moments: ["interaction_id", "moment", "value", "occurrences", "total_seconds"],
  qa_evaluations: ["interaction_id", "overall_score", "evaluated_by", "evaluated_at"],
  qa_dimension_scores: ["interaction_id", "dimension", "score"],
  qa_checks: ["interaction_id", "dimension", "check_name", "passed"],
};

/** Every moment the generator can record: the first three on every interaction, the rest when they happened. */
export const PRODUCED_MOMENTS = [
  ...VALUED_MOMENTS,
  "escalation",
  "transfer",
  "abusive interaction",
  "hold",
  "silence",
  "repeat contact",
  "overtalk",
] as const;

export type TableRows = Record<string, Row[]>;

function moment(
  id: string,
  name: string,
  value: string | null,
  occurrences: number,
  total: number | null,
): Row {
  return { interaction_id: id, moment: name, value, occurrences, total_seconds: total };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function rowsOf(x: Interaction, qa: QaEvaluation | null): TableRows {
  const id = x.id;
  const moments: Row[] = [
    moment(id, "sentiment", x.sentiment.tag, 1, null),
    moment(id, "issue resolved", x.resolved ? "yes" : "no", 1, null),
    moment(id, "follow-up required", x.followUp ? "yes" : "no", 1, null),
  ];
  if (x.escalated) moments.push(moment(id, "escalation", null, 1, null));
  if (x.transfers > 0) moments.push(moment(id, "transfer", x.transferTarget, x.transfers, null));
  if (x.abusive) moments.push(moment(id, "abusive interaction", null, 1, null));
  if (x.holds.length > 0) moments.push(moment(id, "hold", null, x.holds.length, sum(x.holds)));
  if (x.silences.length > 0) moments.push(moment(id, "silence", null, x.silences.length, sum(x.silences)));
  if (x.repeatContacts > 0) moments.push(moment(id, "repeat contact", null, x.repeatContacts, null));
  if (x.overtalk) moments.push(moment(id, "overtalk", null, 1, null));
  return {
    interactions: [
      {
        interaction_id: id,
        channel: x.channel,
        direction: x.direction,
        started_at: x.start,
        ended_at: x.end,
        duration_seconds: x.durationSeconds,
        wait_seconds: x.waitSeconds,
        agent_id: x.agent.id,
        agent_name: x.agent.name,
        agent_tenure_months: monthsBetween(x.agent.hiredAt, x.start),
        team: x.agent.team,
        site: x.agent.site,
        line_of_business: x.customer.line,
        queue: x.queue,
        language: x.customer.language,
        customer_id: x.customer.id,
        customer_segment: x.customer.segment,
        customer_tenure_months: monthsBetween(x.customer.joinedAt, x.start),
        csat_score: x.csat,
      },
    ],
    call_drivers: x.drivers.map((driver, index) => ({
      interaction_id: id,
      call_driver: driver,
      is_primary: index === 0,
    })),
    moments,
    qa_evaluations: qa
      ? [
          {
            interaction_id: id,
            overall_score: qa.overall,
            evaluated_by: qa.evaluatedBy,
            evaluated_at: qa.evaluatedAt,
          },
        ]
      : [],
    qa_dimension_scores: qa
      ? qa.dimensions.map((d) => ({ interaction_id: id, dimension: d.dimension, score: d.score }))
      : [],
    qa_checks: qa
      ? qa.checks.map((c) => ({
          interaction_id: id,
          dimension: c.dimension,
          check_name: c.check,
          passed: c.passed,
        }))
      : [],
  };
}
