/** The prompts of one command run: the built-in template of every role, with --prompt-file replacements. */

import { JUDGE_METRICS } from "../../plans/judge-metrics.js";
import { ANSWER_JUDGE_TEMPLATE } from "../answers/prompt.js";
import { type PromptRole, type PromptVersions, readPromptFile, type Template } from "../templates.js";
import { PLANNER_TEMPLATE, PLANNER_WITH_LINEAGE_TEMPLATE } from "./generate-prompt.js";
import { metricTemplate } from "./judge-prompts.js";
import { ONE_SHOT_TEMPLATE } from "./one-shot-prompt.js";
import { EVALUATOR_TEMPLATE, OPTIMIZER_TEMPLATE } from "./refine-prompts.js";

export interface PromptSet {
  get(role: PromptRole): Template;
}

export function builtInTemplates(): Map<PromptRole, Template> {
  const templates = new Map<PromptRole, Template>([
    ["planner", PLANNER_TEMPLATE],
    ["planner-with-lineage", PLANNER_WITH_LINEAGE_TEMPLATE],
    ["one-shot", ONE_SHOT_TEMPLATE],
    ["step-evaluator", EVALUATOR_TEMPLATE],
    ["optimizer", OPTIMIZER_TEMPLATE],
    ["answer-judge", ANSWER_JUDGE_TEMPLATE],
  ]);
  for (const metric of JUDGE_METRICS) templates.set(`judge-${metric}`, metricTemplate(metric));
  return templates;
}

/** Built-ins, each role replaced by its file when one is given (read and checked now, before any request). */
export function promptSet(files: ReadonlyMap<PromptRole, string> = new Map()): PromptSet {
  const templates = builtInTemplates();
  for (const [role, file] of files)
    templates.set(role, readPromptFile(role, file, templates.get(role) as Template));
  return { get: (role) => templates.get(role) as Template };
}

export function versionsOf(prompts: PromptSet, roles: readonly PromptRole[]): PromptVersions {
  const versions: PromptVersions = {};
  for (const role of roles) {
    const { sha256, source } = prompts.get(role);
    versions[role] = { sha256, source };
  }
  return versions;
}
