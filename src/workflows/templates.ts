/**
 * Prompt templates by role. Every model-facing prompt of the planning commands is a template with named
 * placeholders, built in (the project's own wording) or read from a file (`--prompt-file ROLE=PATH`, e.g. the
 * paper's verbatim prompts). Each template is versioned by the sha256 of its text, recorded in every output line.
 *
 * Template syntax (docs/prompts.md): `{NAME}` is a placeholder the role receives; `{{` and `}}` are literal braces
 * (the paper's prompts are Python format strings); a line that reads exactly `### USER` splits the system message
 * (above) from the user message (below). Without that line the whole file is the system message and the role's
 * built-in user message follows it.
 */
import { createHash } from "node:crypto";
import type { ChatMessage } from "../backends/types.js";
import { fileErrorCode, UserError } from "../errors.js";
import { readInputText } from "../input/read.js";

export const METRIC_ROLES = [
  "judge-format",
  "judge-tool_prompt_alignment",
  "judge-step_executability",
  "judge-query_adherence",
  "judge-dependencies",
  "judge-redundancy",
  "judge-tool_usage_completeness",
] as const;

export const PROMPT_ROLES = [
  "planner",
  "planner-with-lineage",
  ...METRIC_ROLES,
  "one-shot",
  "step-evaluator",
  "optimizer",
  "answer-judge",
] as const;
export type PromptRole = (typeof PROMPT_ROLES)[number];

const PLAN_INPUTS = {
  QUERY: "the user's question",
  TOOL_DESCRIPTIONS: "the three tools (from corpus/plans/tools.yaml)",
  PLAN_FORMAT: "the plan format and placeholder conventions",
};
const JUDGE_INPUTS = {
  ...PLAN_INPUTS,
  CANDIDATE_PLAN: "the plan to judge, exactly as its planner wrote it",
  STEP_COUNT: "the number of steps of the candidate plan as code reads it",
  STEP_IDS: "the candidate's step numbers, comma-separated",
  BEST_PLAN: "the human-verified best plan",
  EXAMPLES: "worked examples for this metric (the project's own)",
  TRIGGER_PHRASES: "the T2S field phrases by group (call drivers, moments, QA metrics)",
};

/** The placeholders each role receives, with what they hold: the documentation of --prompt-file. */
export const ROLE_PLACEHOLDERS: Record<PromptRole, Record<string, string>> = {
  planner: {
    ...PLAN_INPUTS,
    EXAMPLES: "example queries with their best plans and the reasoning behind them",
  },
  "planner-with-lineage": {
    ...PLAN_INPUTS,
    EXAMPLES: "example queries with their lineages, from a weak first plan to the best plan",
  },
  ...(Object.fromEntries(METRIC_ROLES.map((role) => [role, JUDGE_INPUTS])) as Record<
    (typeof METRIC_ROLES)[number],
    typeof JUDGE_INPUTS
  >),
  "one-shot": {
    ...PLAN_INPUTS,
    CANDIDATE_PLAN: "the candidate plan P, exactly as written",
    STEP_COUNT: "the number of steps of P as code reads it",
    STEP_IDS: "P's step numbers",
    BEST_PLAN: "the best plan P*",
    BEST_STEP_COUNT: "the number of steps of P*",
  },
  "step-evaluator": {
    TOOL_DESCRIPTIONS: PLAN_INPUTS.TOOL_DESCRIPTIONS,
    PLAN_FORMAT: PLAN_INPUTS.PLAN_FORMAT,
    TAGS: "the error tags with their meanings",
    STEP_NUMBER: "the number of the step under review",
    STEP: "the step under review",
    DEPENDENCY_STEPS: "the steps whose output it uses ('none' when there are none)",
  },
  optimizer: {
    ...PLAN_INPUTS,
    TAGS: "the error tags with their meanings",
    PLAN: "the whole current plan",
    STEP_NUMBER: "the flagged step",
    FEEDBACK: "the evaluator's findings for the step: one 'reason: TAG' line each",
  },
  "answer-judge": {
    QUERY: "the user's question",
    LABELS: "the response labels, comma-separated (R1, R2, R3)",
    ANSWERS: "the labelled responses",
    ANSWER_FORMAT: "the JSON answer shape the reader expects",
  },
};

export interface Template {
  role: PromptRole;
  system: string;
  user: string;
  /** "built-in" or the file it was read from. */
  source: string;
  /** sha256 of the template text: the prompt's version. */
  sha256: string;
}

/** What an output line records about the prompts that produced it. */
export type PromptVersions = Partial<Record<PromptRole, { sha256: string; source: string }>>;

const USER_SPLIT = /^### USER[ \t]*$/m;
const PLACEHOLDER = /\{\{|\}\}|\{([A-Z][A-Z0-9_]*)\}/g;

function digest(system: string, user: string): string {
  return createHash("sha256").update(`${system}\n### USER\n${user}`).digest("hex");
}

export function builtInTemplate(role: PromptRole, system: string, user: string): Template {
  return { role, system, user, source: "built-in", sha256: digest(system, user) };
}

/** The line of `text` at `index`, 1-based. */
function lineAt(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

function checkPlaceholders(role: PromptRole, text: string, file: string, offsetLines: number): void {
  const known = ROLE_PLACEHOLDERS[role];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name !== undefined && !(name in known))
      throw new UserError(
        `${file}:${offsetLines + lineAt(text, match.index)}: placeholder {${name}} is not one role ${role} receives (${Object.keys(known).join(", ")})`,
      );
  }
}

/**
 * Reads a prompt file for a role; an unknown placeholder is an error naming the file and line. `label` names where
 * the file was given when it cannot be read (default the flag, `--prompt-file ROLE=PATH`; a config names its field).
 */
export function readPromptFile(
  role: PromptRole,
  file: string,
  builtIn: Template,
  label = `--prompt-file ${role}=${file}`,
): Template {
  let text: string;
  try {
    text = readInputText(file);
  } catch (error) {
    const code = fileErrorCode((error as { cause?: unknown }).cause);
    if (!(error instanceof UserError) || code === null) throw error;
    throw new UserError(`${label}: cannot read (${code})`, { kind: error.kind });
  }
  if (text.trim() === "") throw new UserError(`${file}: the prompt file is empty`);
  const split = USER_SPLIT.exec(text);
  const system = (split ? text.slice(0, split.index) : text).trimEnd();
  const user = split ? text.slice(split.index + split[0].length).replace(/^\n/, "") : builtIn.user;
  checkPlaceholders(role, system, file, 0);
  if (split) checkPlaceholders(role, user, file, lineAt(text, split.index));
  return { role, system, user, source: file, sha256: digest(system, user) };
}

/** Fills a template; `{{` and `}}` become single braces; every placeholder of the role must be given a value. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    const value = name === undefined ? undefined : values[name];
    return value ?? whole;
  });
}

export function renderTemplate(template: Template, values: Readonly<Record<string, string>>): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const system = fill(template.system, values);
  if (system.trim() !== "") messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: fill(template.user, values) });
  return messages;
}

export function isPromptRole(value: string): value is PromptRole {
  return (PROMPT_ROLES as readonly string[]).includes(value);
}

/** Parses `ROLE=PATH` items of --prompt-file (repeatable). */
export function parsePromptFileFlags(items: readonly string[]): Map<PromptRole, string> {
  const files = new Map<PromptRole, string>();
  for (const item of items) {
    const eq = item.indexOf("=");
    const role = eq === -1 ? item : item.slice(0, eq);
    const path = eq === -1 ? "" : item.slice(eq + 1);
    if (!isPromptRole(role) || path === "")
      throw new UserError(
        `--prompt-file: expected ROLE=PATH with ROLE one of ${PROMPT_ROLES.join(", ")}, got "${item}"`,
      );
    if (files.has(role)) throw new UserError(`--prompt-file: role ${role} given twice`);
    files.set(role, path);
  }
  return files;
}
