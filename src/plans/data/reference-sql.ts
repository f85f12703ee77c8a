/**
 * Shorthands of the authored reference SQL (corpus/plans/references.yaml), expanded into plain SQL that DuckDB and
 * PostgreSQL read alike before it is written to data/plans/references.jsonl. They exist so that 450 queries say
 * what they mean in one line each; each expands to one fixed pattern over the store's tables:
 *
 * - `@period(last month, i.started_at)`  the column lies in the named period (workspace/calendar.ts)
 * - `@driver(refund, i)`                 the interaction has that call driver (primary or not)
 * - `@moment(escalation, i)`             the moment happened in the interaction
 * - `@value(issue resolved, i)`          the moment's value (NULL when it has none)
 * - `@resolved(i)` / `@unresolved(i)`    issue resolved is yes / no
 * - `@followup(i)`                       follow-up required is yes
 * - `@sentiment(negative, i)`            the sentiment tag is that value
 * - `@count(hold, i)`                    the moment's occurrences, 0 when it did not happen
 * - `@seconds(hold, i)`                  the moment's total seconds, 0 when it did not happen
 * - `@score(empathy, i)`                 the QA dimension's score (NULL when the interaction was not scored)
 * - `@qa(i)`                             the overall QA score (NULL when not scored)
 * - `@failed(identity verified, i)`      the interaction failed that QA check
 * - `@failed_in(compliance & pii security, i)`  it failed some check of that dimension
 * - `@failures(i)`                       how many QA checks it failed
 * - `@share(condition)`                  the share of rows meeting the condition (0–1; NULL over no rows)
 * - `@tally(condition)`                  how many rows meet the condition (0 over no rows)
 * - `@weekday(i.started_at)`             the English name of the day (Monday …)
 * - `@in(step_1, i)`                     the interaction is among an earlier step's interaction_id rows
 * - `@reasons(<query of ids>)`           the T2S half of a reason question: the call drivers, problem moments
 *                                        and failed QA checks most common among those interactions
 */
import { period, timestampLiteral } from "../../workspace/calendar.js";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

type Expander = (args: string[]) => string;

function arity(name: string, args: readonly string[], count: number): void {
  if (args.length !== count) throw new Error(`@${name} takes ${count} argument(s), got ${args.length}`);
}

const MACROS: Record<string, Expander> = {
  period: (args) => {
    arity("period", args, 2);
    const [name, column] = args as [string, string];
    const p = period(name);
    return `(${column} >= ${timestampLiteral(p.start)} AND ${column} < ${timestampLiteral(p.end)})`;
  },
  driver: (args) => {
    arity("driver", args, 2);
    const [driver, alias] = args as [string, string];
    return `EXISTS (SELECT 1 FROM call_drivers cd WHERE cd.interaction_id = ${alias}.interaction_id AND cd.call_driver = ${quote(driver)})`;
  },
  moment: (args) => {
    arity("moment", args, 2);
    const [moment, alias] = args as [string, string];
    return `EXISTS (SELECT 1 FROM moments mo WHERE mo.interaction_id = ${alias}.interaction_id AND mo.moment = ${quote(moment)})`;
  },
  value: (args) => {
    arity("value", args, 2);
    const [moment, alias] = args as [string, string];
    return `(SELECT mv.value FROM moments mv WHERE mv.interaction_id = ${alias}.interaction_id AND mv.moment = ${quote(moment)})`;
  },
  resolved: (args) => {
    arity("resolved", args, 1);
    return `${MACROS.value?.(["issue resolved", args[0] as string])} = 'yes'`;
  },
  unresolved: (args) => {
    arity("unresolved", args, 1);
    return `${MACROS.value?.(["issue resolved", args[0] as string])} = 'no'`;
  },
  followup: (args) => {
    arity("followup", args, 1);
    return `${MACROS.value?.(["follow-up required", args[0] as string])} = 'yes'`;
  },
  sentiment: (args) => {
    arity("sentiment", args, 2);
    const [tone, alias] = args as [string, string];
    return `${MACROS.value?.(["sentiment", alias])} = ${quote(tone)}`;
  },
  count: (args) => {
    arity("count", args, 2);
    const [moment, alias] = args as [string, string];
    return `COALESCE((SELECT mc.occurrences FROM moments mc WHERE mc.interaction_id = ${alias}.interaction_id AND mc.moment = ${quote(moment)}), 0)`;
  },
  seconds: (args) => {
    arity("seconds", args, 2);
    const [moment, alias] = args as [string, string];
    return `COALESCE((SELECT ms.total_seconds FROM moments ms WHERE ms.interaction_id = ${alias}.interaction_id AND ms.moment = ${quote(moment)}), 0)`;
  },
  score: (args) => {
    arity("score", args, 2);
    const [dimension, alias] = args as [string, string];
    return `(SELECT ds.score FROM qa_dimension_scores ds WHERE ds.interaction_id = ${alias}.interaction_id AND ds.dimension = ${quote(dimension)})`;
  },
  qa: (args) => {
    arity("qa", args, 1);
    return `(SELECT qe.overall_score FROM qa_evaluations qe WHERE qe.interaction_id = ${args[0]}.interaction_id)`;
  },
  failed: (args) => {
    arity("failed", args, 2);
    const [check, alias] = args as [string, string];
    return `EXISTS (SELECT 1 FROM qa_checks qc WHERE qc.interaction_id = ${alias}.interaction_id AND qc.check_name = ${quote(check)} AND NOT qc.passed)`;
  },
  failed_in: (args) => {
    arity("failed_in", args, 2);
    const [dimension, alias] = args as [string, string];
    return `EXISTS (SELECT 1 FROM qa_checks qd WHERE qd.interaction_id = ${alias}.interaction_id AND qd.dimension = ${quote(dimension)} AND NOT qd.passed)`;
  },
  failures: (args) => {
    arity("failures", args, 1);
    return `(SELECT count(*) FROM qa_checks qf WHERE qf.interaction_id = ${args[0]}.interaction_id AND NOT qf.passed)`;
  },
  share: (args) => {
    if (args.length === 0) throw new Error("@share takes a condition");
    return `avg(CASE WHEN ${args.join(", ")} THEN 1.0 ELSE 0.0 END)`;
  },
  tally: (args) => {
    if (args.length === 0) throw new Error("@tally takes a condition");
    return `COALESCE(sum(CASE WHEN ${args.join(", ")} THEN 1 ELSE 0 END), 0)`;
  },
  in: (args) => {
    arity("in", args, 2);
    const [table, alias] = args as [string, string];
    return `${alias}.interaction_id IN (SELECT interaction_id FROM ${table})`;
  },
  reasons: (args) => {
    arity("reasons", args, 1);
    const ids = args[0] as string;
    return [
      "SELECT kind, item, interactions FROM (",
      `SELECT 'call driver' AS kind, rd.call_driver AS item, count(DISTINCT rd.interaction_id) AS interactions FROM call_drivers rd WHERE rd.interaction_id IN (${ids}) GROUP BY rd.call_driver`,
      "UNION ALL",
      `SELECT 'moment' AS kind, CASE WHEN rm.moment IN ('sentiment', 'issue resolved', 'follow-up required') THEN rm.moment || ': ' || rm.value ELSE rm.moment END AS item, count(DISTINCT rm.interaction_id) AS interactions FROM moments rm WHERE rm.interaction_id IN (${ids}) AND NOT (rm.moment = 'sentiment' AND rm.value <> 'negative') AND NOT (rm.moment = 'issue resolved' AND rm.value = 'yes') AND NOT (rm.moment = 'follow-up required' AND rm.value = 'no') GROUP BY 2`,
      "UNION ALL",
      `SELECT 'failed QA check' AS kind, rq.check_name AS item, count(DISTINCT rq.interaction_id) AS interactions FROM qa_checks rq WHERE rq.interaction_id IN (${ids}) AND NOT rq.passed GROUP BY rq.check_name`,
      ") reasons ORDER BY interactions DESC, kind, item LIMIT 15",
    ].join(" ");
  },
  weekday: (args) => {
    arity("weekday", args, 1);
    const names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    return `(CASE CAST(EXTRACT(dow FROM ${args[0]}) AS INTEGER) ${names.map((n, i) => `WHEN ${i} THEN '${n}'`).join(" ")} END)`;
  },
};

/** The argument list after `@name(` at `open`: split on top-level commas; returns the args and the end offset. */
function readArgs(sql: string, open: number): { args: string[]; end: number } {
  const args: string[] = [];
  let depth = 0;
  let current = "";
  let quoted = false;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i] as string;
    // A quote opens a string literal only after a non-word character: "customer's" is a name, not a string.
    if (c === "'" && (quoted || !/[\p{L}\p{N}]/u.test(sql[i - 1] ?? " "))) quoted = !quoted;
    if (!quoted && c === "(") depth++;
    if (!quoted && c === ")") {
      if (depth === 0) {
        args.push(current.trim());
        return { args: args.filter((a) => a !== "" || args.length > 1), end: i + 1 };
      }
      depth--;
    }
    if (!quoted && c === "," && depth === 0) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += c;
  }
  throw new Error(`an @macro( without its closing parenthesis in: ${sql.slice(open - 20, open + 40)}`);
}

const CALL = /@([a-z_]+)\(/g;

/** Expands every shorthand, innermost arguments first; throws on an unknown one (a typo in the authored file). */
export function expandReferenceSql(sql: string): string {
  let out = "";
  let last = 0;
  CALL.lastIndex = 0;
  for (let match = CALL.exec(sql); match; match = CALL.exec(sql)) {
    const name = match[1] as string;
    const macro = MACROS[name];
    if (!macro) throw new Error(`unknown shorthand @${name}`);
    const { args, end } = readArgs(sql, match.index + match[0].length);
    out += sql.slice(last, match.index) + macro(args.map(expandReferenceSql));
    last = end;
    CALL.lastIndex = end;
  }
  return (out + sql.slice(last)).replace(/\s+/g, " ").trim();
}
