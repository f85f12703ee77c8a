/**
 * The mechanical conventions of a lineage (docs/plan-conventions.md section 7): each revision's fix tags show in
 * its diff to the previous revision, no fix is undone later, and the scores only climb towards the best plan.
 */
import { buildGraph, reachesFinal } from "../graph.js";
import type { Plan, PlanStep } from "../model.js";
import { scorePlan } from "../score.js";
import { samePromptKey } from "../text.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import type { Finding } from "./plan-rules.js";
import { lowerWords } from "./text.js";

export const LINEAGE_RULES = [
  "fix-not-in-diff",
  "diff-not-in-fixes",
  "fix-undone",
  "lineage-regresses",
  "revision-scores-like-best",
  "fix-invisible",
] as const;
export type LineageRule = (typeof LINEAGE_RULES)[number];

export interface LintRevision {
  plan: Plan;
  fixes: readonly string[];
  judge_only?: string | undefined;
}

/** The two scores a lineage is held to: the deterministic subtotal and step F1 against the best plan. */
export interface RevisionScores {
  subtotal: number;
  f1: number;
}

const EPSILON = 1e-9;

const count = <T>(items: readonly T[], predicate: (item: T) => boolean) => items.filter(predicate).length;
const toolKey = (step: PlanStep) => `${step.tool}|${samePromptKey(step.prompt)}`;
const edges = (plan: Plan) => plan.steps.reduce((sum, step) => sum + step.depends_on.length, 0);
const placeholders = (plan: Plan) =>
  plan.steps
    .filter((step) => step.tool === "LLM")
    .reduce((sum, step) => sum + (step.prompt.match(/\((?:\d+|query)\)/g) ?? []).length, 0);
const idWording = (plan: Plan, pattern: RegExp) =>
  plan.steps.reduce((sum, step) => sum + (step.prompt.match(pattern) ?? []).length, 0);
const ignored = (plan: Plan) => count(reachesFinal(buildGraph(plan.steps)), (reached) => !reached);

function twinPairs(plan: Plan): number {
  const rags = plan.steps.filter((step) => step.tool === "RAG").map((step) => samePromptKey(step.prompt));
  return count(plan.steps, (step) => step.tool === "T2S" && rags.includes(samePromptKey(step.prompt)));
}

/** Steps present in both plans under the same prompt whose tool differs, or same-id steps whose tool differs. */
function toolChanged(before: Plan, after: Plan): boolean {
  const prompts = new Map(before.steps.map((step) => [samePromptKey(step.prompt), step.tool]));
  if (
    after.steps.some(
      (step) =>
        prompts.has(samePromptKey(step.prompt)) && prompts.get(samePromptKey(step.prompt)) !== step.tool,
    )
  )
    return true;
  const byId = new Map(before.steps.map((step) => [step.id, step.tool]));
  const toolCounts = (plan: Plan) =>
    ["T2S", "RAG", "LLM"].map((tool) => count(plan.steps, (s) => s.tool === tool));
  const countsMoved = toolCounts(before).some((n, i) => n > (toolCounts(after)[i] ?? 0));
  return countsMoved && after.steps.some((step) => byId.has(step.id) && byId.get(step.id) !== step.tool);
}

/** A T2S step with input ids whose words are a strict subset of such a step before: a filter was dropped. */
function detailDropped(before: Plan, after: Plan): boolean {
  const withInputs = (plan: Plan) =>
    plan.steps.filter((step) => step.tool === "T2S" && step.inputs.length > 0);
  return withInputs(after).some((step) => {
    const kept = new Set(lowerWords(step.prompt.replace(/\(\d+\)/g, "")));
    return withInputs(before).some((old) => {
      const was = new Set(lowerWords(old.prompt.replace(/\(\d+\)/g, "")));
      return kept.size < was.size && [...kept].every((word) => was.has(word));
    });
  });
}

function promptsChanged(before: Plan, after: Plan): boolean {
  const keys = (plan: Plan) =>
    plan.steps
      .map((step) => samePromptKey(step.prompt))
      .sort()
      .join("\n");
  return keys(before) !== keys(after);
}

/** Whether the diff from `before` to `after` shows the fix a tag names. */
const TAG_SHOWS: Record<string, (before: Plan, after: Plan) => boolean> = {
  "wrong tool": toolChanged,
  "complex prompt": (b, a) => a.steps.length > b.steps.length,
  "repeated detail": detailDropped,
  "missing dual-tool step": (b, a) => twinPairs(a) > twinPairs(b),
  "interaction_ids where the query asks for calls": (b, a) =>
    idWording(a, /\bcall_ids of calls\b/g) > idWording(b, /\bcall_ids of calls\b/g) &&
    idWording(a, /\binteraction_ids\b/g) < idWording(b, /\binteraction_ids\b/g),
  "missing placeholder": (b, a) => placeholders(a) > placeholders(b),
  "missing dependency": (b, a) => edges(a) > edges(b),
  "unneeded dependency": (b, a) => {
    const deps = new Map(b.steps.map((step) => [toolKey(step), step.depends_on.length]));
    return a.steps.some((step) => (deps.get(toolKey(step)) ?? 0) > step.depends_on.length);
  },
  "ignored step": (b, a) => ignored(a) < ignored(b) || a.steps.length < b.steps.length,
  "missing aggregation step": (b, a) =>
    count(a.steps, (s) => s.tool === "LLM") > count(b.steps, (s) => s.tool === "LLM"),
  "query not answered": promptsChanged,
};

/** Changes that need a tag to explain them: a same-prompt step changing tool, ids of interactions becoming call_ids. */
function unexplained(before: Plan, after: Plan, fixes: readonly string[]): string[] {
  const has = (...tags: string[]) => tags.some((tag) => fixes.includes(tag));
  const problems: string[] = [];
  const prompts = new Map(before.steps.map((step) => [samePromptKey(step.prompt), step.tool]));
  const retooled = after.steps.find(
    (step) =>
      prompts.has(samePromptKey(step.prompt)) && prompts.get(samePromptKey(step.prompt)) !== step.tool,
  );
  const tools = new Map(before.steps.map((step) => [step.id, step.tool]));
  const sameShape = before.steps.length === after.steps.length;
  const renamed = sameShape ? after.steps.find((step) => tools.get(step.id) !== step.tool) : undefined;
  if (renamed && !retooled && !has("wrong tool", "missing dual-tool step"))
    problems.push(`step ${renamed.id} changes tool, but no "wrong tool" tag says so`);
  if (retooled && !has("wrong tool", "missing dual-tool step"))
    problems.push(`step ${retooled.id} changes tool, but no "wrong tool" tag says so`);
  if (
    TAG_SHOWS["interaction_ids where the query asks for calls"]?.(before, after) &&
    !has("interaction_ids where the query asks for calls")
  )
    problems.push(
      'interaction_ids become call_ids, but no "interaction_ids where the query asks for calls" tag says so',
    );
  if (
    after.steps.length < before.steps.length &&
    !has("ignored step", "wrong tool", "query not answered", "repeated detail")
  )
    problems.push("steps are removed, but no tag explains the removal");
  return problems;
}

/** Tags whose fix does not show in the diff, and changes no tag explains. */
export function diffFindings(
  lineage: readonly LintRevision[],
): (Finding<LineageRule> & { revision: number })[] {
  const found: (Finding<LineageRule> & { revision: number })[] = [];
  lineage.forEach((revision, index) => {
    const previous = lineage[index - 1];
    if (!previous) return;
    for (const tag of revision.fixes) {
      const shows = TAG_SHOWS[tag];
      if (shows && !shows(previous.plan, revision.plan))
        found.push({
          rule: "fix-not-in-diff",
          revision: index,
          step: null,
          message: `fix "${tag}" does not show in the diff to revision ${index} (section 7)`,
        });
    }
    for (const problem of unexplained(previous.plan, revision.plan, revision.fixes))
      found.push({ rule: "diff-not-in-fixes", revision: index, step: null, message: problem });
  });
  return found;
}

/** A step (tool and prompt) or a dependency removed by one revision never comes back in a later one. */
export function undoFindings(
  lineage: readonly LintRevision[],
): (Finding<LineageRule> & { revision: number })[] {
  const found: (Finding<LineageRule> & { revision: number })[] = [];
  const removed = new Map<string, number>();
  lineage.forEach((revision, index) => {
    const previous = lineage[index - 1];
    const now = new Set(revision.plan.steps.map(toolKey));
    for (const key of now) {
      const at = removed.get(key);
      if (at !== undefined)
        found.push({
          rule: "fix-undone",
          revision: index,
          step: null,
          message: `brings back a step that revision ${at + 1} removed (${key.split("|")[0]} "${key.slice(4, 60)}…")`,
        });
    }
    if (previous)
      for (const step of previous.plan.steps) if (!now.has(toolKey(step))) removed.set(toolKey(step), index);
  });
  return found;
}

export function revisionScores(plan: Plan, best: Plan, tools: ToolDescriptions): RevisionScores {
  const line = scorePlan({ candidate: plan, reference: best, tools });
  return { subtotal: line.subtotal ?? 0, f1: line.f1 ?? 0 };
}

/**
 * Scores against the best plan: never lower than the revision before; strictly higher on at least one of them unless
 * the revision is marked judge-only; every revision before the last strictly below the best plan on one of them.
 */
export function scoreFindings(
  lineage: readonly LintRevision[],
  scores: readonly RevisionScores[],
): (Finding<LineageRule> & { revision: number })[] {
  const found: (Finding<LineageRule> & { revision: number })[] = [];
  const best = scores.at(-1);
  scores.forEach((current, index) => {
    const previous = scores[index - 1];
    const revision = lineage[index];
    if (previous && revision) {
      for (const metric of ["subtotal", "f1"] as const)
        if (current[metric] < previous[metric] - EPSILON)
          found.push({
            rule: "lineage-regresses",
            revision: index,
            step: null,
            message: `${metric} falls from ${round(previous[metric])} to ${round(current[metric])}`,
          });
      const moved = current.subtotal > previous.subtotal + EPSILON || current.f1 > previous.f1 + EPSILON;
      if (!moved && !revision.judge_only)
        found.push({
          rule: "fix-invisible",
          revision: index,
          step: null,
          message: "changes neither the subtotal nor step F1 and is not marked judge_only (section 7)",
        });
    }
    if (
      best &&
      index < scores.length - 1 &&
      current.subtotal >= best.subtotal - EPSILON &&
      current.f1 >= best.f1 - EPSILON
    )
      found.push({
        rule: "revision-scores-like-best",
        revision: index,
        step: null,
        message: `scores like the best plan (subtotal ${round(current.subtotal)}, F1 ${round(current.f1)})`,
      });
  });
  return found;
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
