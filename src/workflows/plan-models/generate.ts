/** Plan generation: one planner prompt per query and prompt type; raw outputs become `plan score` input lines. */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { parsePlan } from "../../plans/parse.js";
import { type QueryRecord, type QuerySelection, selectByQuery } from "../../plans/query-records.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../../plans/tool-descriptions.js";
import type { Prompt } from "../../runner/ask.js";
import { type WorkOptions, workStream } from "../../runner/reporters/work.js";
import type { ModelSession } from "../../runner/session.js";
import type { PromptRole, Template } from "../templates.js";
import {
  type Examples,
  finalPlanText,
  PROMPT_TYPES,
  type PromptType,
  plannerPrompt,
  selectExamples,
} from "./generate-prompt.js";
import { type PromptSet, promptSet } from "./prompt-set.js";
import { type NumberedLine, notThisRun, type Replies } from "./resume.js";

/** The work stream's stage is called "plans" unless `workLabel` says otherwise. */
export interface GenerateOptions extends WorkOptions {
  /** The queries to plan: those of this split ("all" for every line). */
  split: string;
  promptTypes: readonly PromptType[];
  /** Few-shot examples per prompt, taken from the train split. */
  examples: number;
  /** Names the queries file in error messages. */
  file: string;
  /** The planner name the lines carry (`plan generate --label`); default the session's model. */
  planner?: string;
  tools?: ToolDescriptions;
  prompts?: PromptSet;
  /** --ids / --limit over the split's queries. */
  select?: QuerySelection;
}

/** A line of a plans file, the shape `tooluse plan score --plans` reads. */
export interface PlanLine {
  query_id: string | number;
  planner: string;
  prompt_type: PromptType;
  /** The plan to score: the whole answer, or for with_lineage the last plan of the lineage the planner wrote. */
  plan: string;
  /** The planner's whole answer, kept when `plan` is only its last part (with_lineage). */
  answer?: string;
  /** Plans in the planner's lineage (with_lineage only). */
  lineage_plans?: number;
  /** The version (sha256) and source of the prompt that produced this plan. */
  prompt: { role: PromptRole; sha256: string; source: string };
}

/** A plan line as this command writes it, for reading its own output back (`--resume`): nothing more, nothing less. */
export const PlanLineSchema = z.strictObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string(),
  prompt_type: z.enum(PROMPT_TYPES),
  plan: z.string(),
  answer: z.string().optional(),
  lineage_plans: z.number().int().optional(),
  prompt: z.strictObject({
    role: z.enum(["planner", "planner-with-lineage"]),
    sha256: z.string(),
    source: z.string(),
  }),
});

export interface UnparseablePlan {
  query_id: string | number;
  prompt_type: PromptType;
  message: string;
}

export interface GenerateFailure {
  query_id: string | number;
  prompt_type: PromptType;
  error: string;
}

export interface GenerateResult {
  lines: PlanLine[];
  /** Written plans no plan can be read from (they score 0): counted and reported, never dropped. */
  unparseable: UnparseablePlan[];
  /** Prompts whose request failed after retries: left out of the plans, never scored as bad plans. */
  failures: GenerateFailure[];
}

export function selectQueries(records: readonly QueryRecord[], split: string, file: string): QueryRecord[] {
  const selected = split === "all" ? [...records] : records.filter((r) => r.split === split);
  if (selected.length === 0)
    throw new UserError(`--split ${split}: no query in ${file} has split "${split}"`);
  return selected;
}

/** One planner prompt: a query, a prompt type, the prompt itself and the template it came from. */
export interface GenerateJob {
  query: QueryRecord;
  type: PromptType;
  prompt: Prompt;
  template: Template;
}

/** The prompts a run asks, in output order: query order, then prompt-type order. */
export function generateJobs(records: readonly QueryRecord[], options: GenerateOptions): GenerateJob[] {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const prompts = options.prompts ?? promptSet();
  const queries = selectByQuery(
    selectQueries(records, options.split, options.file),
    options.select ?? { ids: null, limit: null },
    options.file,
  );
  const examples = new Map<PromptType, Examples>(
    options.promptTypes.map((type) => [type, selectExamples(records, type, options.examples, options.file)]),
  );
  return queries.flatMap((query) =>
    options.promptTypes.map((type) => {
      const template = prompts.get(type === "with_lineage" ? "planner-with-lineage" : "planner");
      const prompt: Prompt = {
        key: `${type}:${query.query_id}`,
        messages: plannerPrompt(query, examples.get(type) as Examples, options.examples, tools, template),
      };
      return { query, type, prompt, template };
    }),
  );
}

/** Asks every prompt under the session's limit; lines come back in query order, then prompt-type order. */
export async function generatePlans(
  session: ModelSession,
  records: readonly QueryRecord[],
  options: GenerateOptions,
): Promise<GenerateResult> {
  const work = workStream(options.reporters);
  const jobs = generateJobs(records, options);
  work.onWorkStart({ label: options.workLabel ?? "plans", total: jobs.length });
  const answers = await Promise.all(
    jobs.map(async (job) => {
      const answer = await session.ask(job.prompt);
      work.onItem({ ok: answer.status === "ok", key: job.prompt.key });
      return { job, answer };
    }),
  );
  work.onWorkEnd();
  const result: GenerateResult = { lines: [], unparseable: [], failures: [] };
  for (const { job, answer } of answers) {
    const { query_id } = job.query;
    if (answer.status === "ok" && answer.text !== null) {
      const { template } = job;
      const prompt = { role: template.role, sha256: template.sha256, source: template.source };
      const line: PlanLine = {
        query_id,
        planner: options.planner ?? session.model,
        prompt_type: job.type,
        plan: answer.text,
        prompt,
      };
      if (job.type === "with_lineage") {
        const final = finalPlanText(answer.text);
        if (final.plan !== answer.text) Object.assign(line, { plan: final.plan, answer: answer.text });
        line.lineage_plans = final.plans;
      }
      result.lines.push(line);
      const parsed = parsePlan(line.plan);
      if (!parsed.ok) result.unparseable.push({ query_id, prompt_type: job.type, message: parsed.message });
    } else result.failures.push({ query_id, prompt_type: job.type, error: answer.error ?? "no answer" });
  }
  return result;
}

/**
 * The replies an earlier `plan generate --out` file holds, by prompt key (a line's whole answer), after checking
 * that every line is one this run would write: one of its prompts, once, from the same planner and prompt. A prompt
 * whose request failed has no line, so the resumed run asks exactly those.
 */
export function generateReplies(
  file: string,
  lines: readonly NumberedLine<PlanLine>[],
  jobs: readonly GenerateJob[],
  planner: string,
): Replies {
  const byKey = new Map(jobs.map((job) => [job.prompt.key, job]));
  const replies = new Map<string, string>();
  for (const { line, record } of lines) {
    const key = `${record.prompt_type}:${record.query_id}`;
    const job = byKey.get(key);
    const who = `query ${record.query_id} (${record.prompt_type})`;
    if (!job) throw notThisRun(file, line, `${who} is not among this run's prompts`);
    if (replies.has(key)) throw notThisRun(file, line, `${who} appears twice`);
    if (record.planner !== planner)
      throw notThisRun(file, line, `planned by ${record.planner}; this run asks ${planner}`);
    if (record.prompt.sha256 !== job.template.sha256)
      throw notThisRun(
        file,
        line,
        `answers another ${record.prompt.role} prompt (${record.prompt.source}, sha256 ${record.prompt.sha256.slice(0, 12)}…)`,
      );
    replies.set(key, record.answer ?? record.plan);
  }
  return replies;
}
