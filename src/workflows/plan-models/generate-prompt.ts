/** The planner prompt, with few-shot examples of best plans (without lineage) or of lineages (with lineage). */
import type { ChatMessage } from "../../backends/types.js";
import { UserError } from "../../errors.js";
import type { Plan, PlanStep } from "../../plans/model.js";
import { parseReference } from "../../plans/parse.js";
import { bestPlanOf, compareQueryIds, type QueryRecord, STEP_TAGS } from "../../plans/query-records.js";
import { queryKey } from "../../plans/records.js";
import { renderPlan } from "../../plans/render.js";
import type { ToolDescriptions } from "../../plans/tool-descriptions.js";
import { builtInTemplate, renderTemplate, type Template } from "../templates.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES, tagGlossary } from "./prompt-parts.js";

export const PROMPT_TYPES = ["without_lineage", "with_lineage"] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

export interface PlanExample {
  query_id: string;
  query: string;
  best: Plan;
  reason: string;
}

export interface LineageExample {
  query_id: string;
  query: string;
  plans: { plan: Plan; fixes: string[] }[];
}

export type Examples =
  | { type: "without_lineage"; items: PlanExample[] }
  | { type: "with_lineage"; items: LineageExample[] };

function list(ids: readonly number[]): string {
  return ids.length <= 1 ? String(ids[0]) : `${ids.slice(0, -1).join(", ")} and ${ids.at(-1)}`;
}

function stepRole(step: PlanStep): string {
  const deps = step.depends_on;
  const from = deps.length === 0 ? "" : `step${deps.length > 1 ? "s" : ""} ${list(deps)}`;
  if (step.tool === "T2S")
    return from
      ? `queries the structured store (T2S) for the interactions of ${from}`
      : "selects from the structured store (T2S)";
  if (step.tool === "RAG") return `reads transcripts (RAG)${from ? ` of the interactions of ${from}` : ""}`;
  return `reasons (LLM) over ${from || "the query"}`;
}

/** A short, deterministic account of why a best plan is built as it is, for data without a written reason. */
export function explainPlan(plan: Plan): string {
  const parts = plan.steps.map((step) => `step ${step.id} ${stepRole(step)}`);
  const seen = new Map<string, PlanStep>();
  for (const step of plan.steps) {
    const key = step.prompt.trim().toLowerCase();
    const twin = seen.get(key);
    if (twin && twin.tool !== step.tool && step.tool !== "LLM" && twin.tool !== "LLM")
      parts.push(
        `steps ${twin.id} and ${step.id} ask one question of both data tools, so neither source is missed`,
      );
    seen.set(key, step);
  }
  parts.push("the last step's output answers the query");
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function writtenReason(record: QueryRecord): string | null {
  for (const field of ["reason", "explanation"]) {
    const value = record[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return null;
}

/**
 * The first `count + 1` train queries by id (one spare, so a query never serves as its own example).
 * Deterministic: the same file gives the same examples.
 */
export function selectExamples(
  records: readonly QueryRecord[],
  type: PromptType,
  count: number,
  file: string,
): Examples {
  const train = records
    .filter((r) => r.split === "train" && (type === "without_lineage" || (r.lineage?.length ?? 0) > 0))
    .sort((a, b) => compareQueryIds(a.query_id, b.query_id))
    .slice(0, count + 1);
  if (count > 0 && train.length === 0)
    throw new UserError(
      `--prompt-type ${type}: ${file} has no train query${type === "with_lineage" ? " with a lineage" : ""} to show as an example (use --examples 0 for none)`,
    );
  const base = (r: QueryRecord) => ({ query_id: queryKey(r.query_id), query: r.query });
  if (type === "without_lineage") {
    const items = train.map((r) => {
      const best = bestPlanOf(r, file);
      return { ...base(r), best, reason: writtenReason(r) ?? explainPlan(best) };
    });
    return { type, items };
  }
  const items = train.map((r) => ({
    ...base(r),
    plans: (r.lineage ?? []).map((entry, index) => {
      const parsed = parseReference(entry.plan);
      if (!parsed.ok)
        throw new UserError(
          `${file}: query ${queryKey(r.query_id)}: lineage[${index}].plan: ${parsed.message}`,
        );
      return { plan: parsed.plan, fixes: entry.fixes };
    }),
  }));
  return { type, items };
}

function renderExamples(examples: Examples, exclude: string, count: number): string {
  if (examples.type === "without_lineage") {
    const items = examples.items.filter((e) => e.query_id !== exclude).slice(0, count);
    if (items.length === 0) return "";
    const body = items.map(
      (e, i) =>
        `Example ${i + 1}\nQuery: ${e.query}\nPlan:\n${renderPlan(e.best)}\nWhy this plan: ${e.reason}`,
    );
    return `\n\n## Examples: queries with their best plans\n\n${body.join("\n\n")}`;
  }
  const items = examples.items.filter((e) => e.query_id !== exclude).slice(0, count);
  if (items.length === 0) return "";
  const body = items.map((e, i) => {
    const plans = e.plans.map((p, k) => {
      const label = k === 0 ? "first attempt" : `after fixing: ${p.fixes.join(", ") || "details"}`;
      const best = k === e.plans.length - 1 ? ", the best plan" : "";
      return `Plan ${k + 1} (${label}${best}):\n${renderPlan(p.plan)}`;
    });
    return `Example ${i + 1}\nQuery: ${e.query}\n${plans.join("\n")}`;
  });
  // Evaluator tags are terse, so they are explained when the examples use them; mistake kinds speak for themselves.
  const used = new Set(items.flatMap((e) => e.plans.flatMap((p) => p.fixes)));
  const tags = STEP_TAGS.filter((tag) => tag !== "NO CHANGE" && used.has(tag));
  const glossary = tags.length > 0 ? ` The fix labels mean:\n${tagGlossary(tags)}` : "";
  return (
    "\n\n## Examples: how plans for a query improve\n" +
    "Each example shows a query and a lineage: a planner's weak first plan, then one revision per fix, ending " +
    `with the best plan.${glossary}\n` +
    "Learn from them the mistakes planners commonly make and how each is fixed.\n\n" +
    body.join("\n\n")
  );
}

const PLANNER_RULES = `## Rules
- Use only the three tools above; assume no other data, tool or knowledge.
- Each step is one simple action a single tool can carry out; keep prompts concise and specific.
- The depends_on list of step k names only earlier steps (1 to k-1), so the dependencies never form a cycle.
- Steps that do not need each other's output do not depend on each other (they can run in parallel).
- The last step's output is the answer; every other step must feed into it.`;

const PLANNER_INTRO = `You are a planner for business questions about a contact center. You do not answer a question yourself: you break it into a plan of simple steps that tool-using agents will execute.

## Tools (there are no others)
{TOOL_DESCRIPTIONS}

## Plan format
{PLAN_FORMAT}

${PLANNER_RULES}`;

export const PLANNER_TEMPLATE = builtInTemplate(
  "planner",
  `${PROMPT_TITLES.planner}
${PLANNER_INTRO}
- Return only the plan: no explanation, no heading, no code fence.{EXAMPLES}`,
  "Query: {QUERY}\nPlan:",
);

/**
 * The with-lineage contract (as in the paper): the planner writes its own lineage — a first plan, then one revision
 * per fix — and the LAST plan of its answer is the plan that is scored (`finalPlanText`).
 */
export const PLANNER_WITH_LINEAGE_TEMPLATE = builtInTemplate(
  "planner-with-lineage",
  `${PROMPT_TITLES.planner}
${PLANNER_INTRO}

## Answer
Write a first plan, then improve it one fix at a time, as the example lineages do, until no fix is left. Give each plan a line of its own that reads "Plan 1:", "Plan 2:" and so on (you may add the fix in parentheses before the colon), followed by the whole plan. The last plan of your answer is the one that counts. Write nothing else: no explanation, no code fence.{EXAMPLES}`,
  "Query: {QUERY}\nLineage:",
);

const PLAN_MARKER = /^[ \t]*(?:\*\*)?Plan \d+\b[^\n]*:[ \t]*(?:\*\*)?[ \t]*$/gim;

/** The last plan of a with-lineage answer: the text after its last "Plan k:" line (the whole answer without one). */
export function finalPlanText(answer: string): { plan: string; plans: number } {
  const markers = [...answer.matchAll(PLAN_MARKER)];
  const last = markers.at(-1);
  if (!last) return { plan: answer, plans: 1 };
  return { plan: answer.slice(last.index + last[0].length).trim(), plans: markers.length };
}

/** System prompt (role, tools, format, rules, examples) and a user message holding the query. */
export function plannerPrompt(
  query: { query_id: string | number; query: string },
  examples: Examples,
  count: number,
  tools: ToolDescriptions,
  template: Template = examples.type === "with_lineage" ? PLANNER_WITH_LINEAGE_TEMPLATE : PLANNER_TEMPLATE,
): ChatMessage[] {
  return renderTemplate(template, {
    QUERY: query.query,
    TOOL_DESCRIPTIONS: describeTools(tools),
    PLAN_FORMAT,
    EXAMPLES: renderExamples(examples, queryKey(query.query_id), count),
  });
}
