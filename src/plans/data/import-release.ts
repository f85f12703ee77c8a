/** The paper's queries.csv and plans.csv → our query lines and `tooluse plan score --plans` lines. */
import type { PlanRecord } from "../records.js";
import { queryRecord } from "./entry-record.js";
import { decodeLineage } from "./lineage-cell.js";
import { orderedBestPlan } from "./plan-forms.js";
import {
  type CsvRow,
  PLAN_COLUMNS,
  type PlanColumn,
  parseFlag,
  QUERY_COLUMNS,
  type QueryColumn,
  RowErrors,
  readCsv,
} from "./release-csv.js";
import type { QueryRecord, Split } from "./schema.js";

type RowResult<T> = { ok: true; value: T } | { ok: false; column: string; expected: string };

const fail = (column: string, expected: string) => ({ ok: false, column, expected }) as const;

function splitOf(cell: string): Split | null {
  const value = cell.trim().toLowerCase();
  return value === "train" || value === "test" ? value : null;
}

function queryFromRow(cells: Record<QueryColumn, string>): RowResult<QueryRecord> {
  const query_id = cells.query_id.trim();
  if (query_id === "") return fail("query_id", "a query id");
  const split = splitOf(cells.Sample);
  if (split === null) return fail("Sample", `train or test, found ${JSON.stringify(cells.Sample)}`);
  if (cells.query.trim() === "") return fail("query", "the query text");
  const is_subjective = parseFlag(cells.is_query_subjective);
  if (is_subjective === null) return fail("is_query_subjective", "True or False");
  const is_compound = parseFlag(cells.is_query_compound);
  if (is_compound === null) return fail("is_query_compound", "True or False");
  const best = orderedBestPlan(cells.best_plan);
  if (!best.ok) return fail("best_plan", `a readable plan with known tools (${best.message})`);
  const stated = cells["# steps in the BPP"].trim();
  if (stated !== "" && Number(stated) !== best.plan.steps.length)
    return fail("# steps in the BPP", `${best.plan.steps.length} (the steps of best_plan), found ${stated}`);
  const lineage = decodeLineage(cells.plan_lineage);
  if (!lineage.ok) return fail("plan_lineage", lineage.expected);
  const grouped = cells.grouped.trim();
  const record = queryRecord({
    query_id,
    split,
    query: cells.query,
    is_subjective,
    is_compound,
    best_plan: best.plan,
    lineage: lineage.lineage,
    grouped: grouped === "" ? undefined : grouped,
  });
  return { ok: true, value: record };
}

function planFromRow(cells: Record<PlanColumn, string>, known: ReadonlySet<string>): RowResult<PlanRecord> {
  const query_id = cells.query_id.trim();
  if (!known.has(query_id))
    return fail("query_id", `a query_id of the queries file, found ${JSON.stringify(query_id)}`);
  const planner = cells.llm.trim();
  if (planner === "") return fail("llm", "the name of the planner");
  // The plan is the planner's raw output and is kept verbatim: its flaws are what scoring measures.
  return { ok: true, value: { query_id, planner, prompt_type: cells.prompt_type.trim(), plan: cells.plan } };
}

/** Converts every row; a bad row adds one problem line, and any problem fails the whole file. */
function convertRows<C extends string, T>(
  rows: readonly CsvRow<C>[],
  file: string,
  convert: (cells: Record<C, string>) => RowResult<T>,
  checkRecord: (value: T) => RowResult<T> = (value) => ({ ok: true, value }),
): T[] {
  const problems: string[] = [];
  const values: T[] = [];
  for (const { row, cells } of rows) {
    let result = convert(cells);
    if (result.ok) result = checkRecord(result.value);
    if (result.ok) values.push(result.value);
    else problems.push(`${file}:${row}: ${result.column}: expected ${result.expected}`);
  }
  if (problems.length > 0) throw new RowErrors(problems);
  return values;
}

/** queries.csv → query lines, in file order. A query_id seen twice is an error on its second row. */
export function importQueries(text: string, file: string): QueryRecord[] {
  const seen = new Set<string>();
  return convertRows(readCsv(text, file, QUERY_COLUMNS), file, queryFromRow, (record) => {
    if (seen.has(record.query_id))
      return fail("query_id", `a query_id not used before, found ${record.query_id} again`);
    seen.add(record.query_id);
    return { ok: true, value: record };
  });
}

/** plans.csv → plan lines `{query_id, planner, prompt_type, plan}`, in file order; every query_id must be known. */
export function importPlans(text: string, file: string, queryIds: ReadonlySet<string>): PlanRecord[] {
  return convertRows(readCsv(text, file, PLAN_COLUMNS), file, (cells) => planFromRow(cells, queryIds));
}
