/**
 * The kind of a JSONL input, recognised by the shape of its first line, so that a file of the wrong kind is refused
 * in one line before any work ("this is a plans file; --scores wants the output of plan score or plan judge")
 * instead of reading as an empty report. Only a shape recognised for certain is refused: a first line of no known
 * shape goes to the command's own reader, which names the line and field at fault. The shapes are in
 * docs/input-kinds.md; each kind is told apart by fields no other kind has (most specific first).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { UserError } from "../errors.js";

export type InputKind =
  | "results"
  | "cases"
  | "outputs"
  | "lineages"
  | "judged"
  | "scores"
  | "tag-labels"
  | "answer-judgements"
  | "score-labels"
  | "plans"
  | "responses"
  | "queries"
  | "sql-references";

/** What each kind is, for people: "a plans file (plan generate --out)". */
const DESCRIBED: Record<InputKind, string> = {
  results: "a results file (tooluse run --out)",
  cases: "a cases file (data/tooluse1.jsonl, or tooluse import --out)",
  outputs: 'a recorded outputs file ({"id","protocol","output"} lines)',
  lineages: "a lineages file (plan refine --out)",
  judged: "a judged score file (plan judge --out)",
  scores: "a score file (plan score --out)",
  "tag-labels": "a step-tag labels file (human labels for plan agree)",
  "answer-judgements": "an answer judgements file (plan answers --out, or answer labels)",
  "score-labels": "a score labels file (human scores for plan agree)",
  plans: "a plans file (plan generate --out, or plan import --out-plans)",
  responses: 'a responses file ({"query_id","query","responses"} lines for plan answers)',
  queries: "a queries file (data/plans/queries.jsonl)",
  "sql-references": "a SQL references file (data/plans/references.jsonl)",
};

type Line = Record<string, unknown>;
const has = (line: Line, ...keys: string[]) => keys.every((key) => Object.hasOwn(line, key));
const isObject = (value: unknown): value is Line =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The kind of one parsed first line, or null when no kind's shape fits it for certain. */
export function kindOfLine(value: unknown): InputKind | null {
  if (!isObject(value)) return null;
  const line = value;
  if (line.format === "tooluse.results/1") return "results";
  if (has(line, "id", "messages", "expect")) return "cases";
  if (has(line, "id", "protocol", "output") && !has(line, "query_id")) return "outputs";
  if (!has(line, "query_id")) return null;
  if (Array.isArray(line.events) && has(line, "lineage")) return "lineages";
  if (isObject(line.judge) && has(line, "planner", "prompt_type")) return "judged";
  if (typeof line.parse_ok === "boolean" && Array.isArray(line.violations)) return "scores";
  if (Array.isArray(line.tags) && has(line, "step")) return "tag-labels";
  if (has(line, "decision")) return "answer-judgements";
  if (isObject(line.responses)) return "responses";
  if (has(line, "plan", "planner", "prompt_type")) return "plans";
  if (typeof line.query === "string" && has(line, "best_plan")) return "queries";
  if (isObject(line.steps) && !has(line, "query", "plan")) return "sql-references";
  if (
    has(line, "planner", "prompt_type") &&
    (has(line, "rating") || has(line, "total") || has(line, "format"))
  )
    return "score-labels";
  return null;
}

const PEEK_BYTES = 64 * 1024;

/**
 * The first line's kind, read from at most the file's first 64 KiB: a first line longer than that, text that is not
 * JSON, or a CSV file gives null (the command's reader decides). A results file is one JSON document whose first
 * line is `{`; its `format` field is on one of the next lines.
 */
export function kindOfFile(path: string): InputKind | null {
  if (path.toLowerCase().endsWith(".csv")) return null;
  let text: string;
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(PEEK_BYTES);
      const read = readSync(fd, buffer, 0, PEEK_BYTES, 0);
      text = buffer.toString("utf8", 0, read).replace(/^\uFEFF/, "");
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const start = text.search(/\S/);
  if (start < 0) return null;
  const rest = text.slice(start);
  if (/^\{\s*\n\s*"format"\s*:\s*"tooluse\.results\/1"/.test(rest)) return "results";
  const end = rest.indexOf("\n");
  if (end < 0 && text.length >= PEEK_BYTES) return null;
  try {
    return kindOfLine(JSON.parse(end < 0 ? rest : rest.slice(0, end)));
  } catch {
    return null;
  }
}

/** What a flag of a command accepts, and how to say it. */
interface Expected {
  kinds: readonly InputKind[];
  wants: string;
  /** Advice for a particular wrong kind (a results file given to grade: re-grade it). */
  advice?: Partial<Record<InputKind, string>>;
}

const CASES: Expected = {
  kinds: ["cases"],
  wants: "a cases file (data/tooluse1.jsonl, or tooluse import --out)",
};
const OUTPUTS: Expected = {
  kinds: ["outputs"],
  wants: 'recorded outputs, one {"id","protocol","output"} per line',
  advice: {
    results: "to grade a results file under another profile, use tooluse regrade FILE --rules P --out NEW",
  },
};
const QUERIES: Expected = {
  kinds: ["queries"],
  wants: "a queries file with best plans (data/plans/queries.jsonl)",
};
const PLANS: Expected = {
  kinds: ["plans"],
  wants: "plans (the output of plan generate, plan import --out-plans or plan refine --final-plans)",
  advice: { lineages: "the final plans of a refine run are its --final-plans file" },
};
const SCORES: Expected = {
  kinds: ["scores", "judged", "score-labels"],
  wants: "the output of plan score or plan judge",
  advice: { plans: "score the plans first: plan score --queries QUERIES --plans FILE --out scores.jsonl" },
};
const AGREE: Expected = {
  kinds: ["scores", "judged", "score-labels", "tag-labels", "lineages", "answer-judgements"],
  wants:
    "scores (plan score, plan judge or labels), lineages (plan refine) or answer judgements (plan answers)",
  advice: { plans: "score the plans first: plan score --queries QUERIES --plans FILE --out scores.jsonl" },
};
const RESPONSES: Expected = {
  kinds: ["responses"],
  wants: 'responses to judge, one {"query_id","query","responses":{"R1":…}} per line',
};

/** Per command, per option (commander's attribute name): the kinds it reads. Commands not listed are not checked. */
const EXPECTED: Record<string, Record<string, Expected>> = {
  grade: { cases: CASES, outputs: OUTPUTS },
  run: { cases: CASES, outputs: OUTPUTS },
  selftest: { cases: CASES },
  "plan score": { queries: QUERIES, plans: PLANS },
  "plan judge": { queries: QUERIES, plans: PLANS },
  "plan generate": { queries: QUERIES },
  "plan refine": { queries: QUERIES, plans: PLANS },
  "plan report": { scores: SCORES, before: SCORES, queries: QUERIES, plans: PLANS },
  "plan agree": { gold: AGREE, judged: AGREE },
  "plan answers": { responses: RESPONSES },
};

/** Commands whose positional arguments are results files. */
const RESULTS_ARGUMENTS = new Set(["report", "compare", "merge", "regrade"]);

const flagOf = (attribute: string) => `--${attribute.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Refuses, in one line, an input whose first line is recognisably of another kind than its flag reads. */
export function checkInputKinds(
  command: string,
  options: Readonly<Record<string, unknown>>,
  args: readonly string[] = [],
): void {
  if (RESULTS_ARGUMENTS.has(command))
    for (const path of args) {
      const kind = kindOfFile(path);
      if (kind !== null && kind !== "results")
        throw new UserError(
          `FILE ${path}: this is ${DESCRIBED[kind]}; ${command} reads results files (tooluse run --out)`,
          kind === "outputs"
            ? {
                hint: "grade recorded outputs into a results file first: tooluse run --outputs FILE --out run.json",
              }
            : {},
        );
    }
  const expected = EXPECTED[command];
  if (!expected) return;
  for (const [attribute, wants] of Object.entries(expected)) {
    const path = options[attribute];
    if (typeof path !== "string" || path === "-") continue;
    const kind = kindOfFile(path);
    if (kind === null || wants.kinds.includes(kind)) continue;
    const flag = flagOf(attribute);
    throw new UserError(`${flag} ${path}: this is ${DESCRIBED[kind]}; ${flag} wants ${wants.wants}`, {
      ...(wants.advice?.[kind] ? { hint: wants.advice[kind] } : {}),
    });
  }
}
