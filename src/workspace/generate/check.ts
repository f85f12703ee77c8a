/**
 * One definition, checked: the generator must fill exactly the tables and columns the description promises and
 * hold exactly its terms (call drivers, moments, QA dimensions, enum values). A drift is a list of problems, and a
 * build with any problem is refused before a row is written.
 */
import type { StoreDescription, TableSchema } from "../description.js";
import {
  CHANNEL_WEIGHTS,
  DRIVER_PROFILES,
  DRIVERS_BY_LINE,
  LINE_OF_BUSINESS_WEIGHTS,
  QA_CHECKS,
  QA_NON_DIMENSIONS,
  SEGMENT_WEIGHTS,
} from "../domain.js";
import { PRODUCED_COLUMNS, PRODUCED_MOMENTS } from "./rows.js";

function sameSet(what: string, described: readonly string[], produced: readonly string[]): string[] {
  const d = new Set(described);
  const p = new Set(produced);
  return [
    ...[...d]
      .filter((v) => !p.has(v))
      .map((v) => `${what}: the description names "${v}", the generator has none`),
    ...[...p]
      .filter((v) => !d.has(v))
      .map((v) => `${what}: the generator makes "${v}", the description never names it`),
  ];
}

/** The values the generator draws for each enum column. */
const ENUM_VALUES: Record<string, readonly string[]> = {
  "interactions.channel": ["call", "chat", "email"],
  "interactions.direction": ["inbound", "outbound"],
  "interactions.line_of_business": LINE_OF_BUSINESS_WEIGHTS.map(([line]) => line),
  "interactions.customer_segment": SEGMENT_WEIGHTS.map(([segment]) => segment),
  "qa_evaluations.evaluated_by": ["auto", "reviewer"],
};

export function domainProblems(description: StoreDescription, schema: readonly TableSchema[]): string[] {
  const problems = sameSet(
    "tables",
    schema.map((t) => t.name),
    Object.keys(PRODUCED_COLUMNS),
  );
  for (const table of schema) {
    const produced = PRODUCED_COLUMNS[table.name];
    if (produced)
      problems.push(
        ...sameSet(
          `table ${table.name}`,
          table.columns.map((c) => c.name),
          produced,
        ),
      );
    for (const column of table.columns) {
      if (!column.values) continue;
      const key = `${table.name}.${column.name}`;
      problems.push(...sameSet(`enum ${key}`, column.values, ENUM_VALUES[key] ?? []));
    }
  }
  problems.push(...sameSet("call drivers", description.terms.call_drivers, Object.keys(DRIVER_PROFILES)));
  const routed = new Set(Object.values(DRIVERS_BY_LINE).flatMap((drivers) => drivers.map(([d]) => d)));
  problems.push(
    ...sameSet("call drivers seen by some line of business", Object.keys(DRIVER_PROFILES), [...routed]),
  );
  problems.push(...sameSet("lines of business", Object.keys(DRIVERS_BY_LINE), Object.keys(CHANNEL_WEIGHTS)));
  problems.push(...sameSet("moments", description.terms.moments, PRODUCED_MOMENTS));
  problems.push(
    ...sameSet("QA terms", description.terms.qa, [...Object.keys(QA_CHECKS), ...QA_NON_DIMENSIONS]),
  );
  return problems;
}
