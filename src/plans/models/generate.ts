/** Plan generation: one planner prompt per query and prompt type; raw outputs become `plan score` input lines. */
import { UserError } from "../../errors.js";
import type { Prompt } from "../../runner/ask.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../tool-descriptions.js";
import { type Examples, type PromptType, plannerPrompt, selectExamples } from "./generate-prompt.js";
import { silentWork, type WorkProgress } from "./progress.js";
import type { QueryRecord } from "./records.js";
import type { ModelSession } from "./session.js";

export interface GenerateOptions {
  /** The queries to plan: those of this split ("all" for every line). */
  split: string;
  promptTypes: readonly PromptType[];
  /** Few-shot examples per prompt, taken from the train split. */
  examples: number;
  /** Names the queries file in error messages. */
  file: string;
  tools?: ToolDescriptions;
  progress?: WorkProgress;
}

/** A line of a plans file, the shape `tooluse plan score --plans` reads. */
export interface PlanLine {
  query_id: string | number;
  planner: string;
  prompt_type: PromptType;
  plan: string;
}

export interface GenerateFailure {
  query_id: string | number;
  prompt_type: PromptType;
  error: string;
}

export interface GenerateResult {
  lines: PlanLine[];
  /** Prompts whose request failed after retries: left out of the plans, never scored as bad plans. */
  failures: GenerateFailure[];
}

export function selectQueries(records: readonly QueryRecord[], split: string, file: string): QueryRecord[] {
  const selected = split === "all" ? [...records] : records.filter((r) => r.split === split);
  if (selected.length === 0)
    throw new UserError(`--split ${split}: no query in ${file} has split "${split}"`);
  return selected;
}

/** Asks every prompt under the session's limit; lines come back in query order, then prompt-type order. */
export async function generatePlans(
  session: ModelSession,
  records: readonly QueryRecord[],
  options: GenerateOptions,
): Promise<GenerateResult> {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const progress = options.progress ?? silentWork;
  const queries = selectQueries(records, options.split, options.file);
  const examples = new Map<PromptType, Examples>(
    options.promptTypes.map((type) => [type, selectExamples(records, type, options.examples, options.file)]),
  );
  const jobs = queries.flatMap((query) =>
    options.promptTypes.map((type) => {
      const prompt: Prompt = {
        key: `${type}:${query.query_id}`,
        messages: plannerPrompt(query, examples.get(type) as Examples, options.examples, tools),
      };
      return { query, type, prompt };
    }),
  );
  progress.start(jobs.length);
  const answers = await Promise.all(
    jobs.map(async (job) => {
      const answer = await session.ask(job.prompt);
      progress.done(answer.status === "ok");
      return { job, answer };
    }),
  );
  progress.finish();
  const result: GenerateResult = { lines: [], failures: [] };
  for (const { job, answer } of answers) {
    const { query_id } = job.query;
    if (answer.status === "ok" && answer.text !== null)
      result.lines.push({ query_id, planner: session.model, prompt_type: job.type, plan: answer.text });
    else result.failures.push({ query_id, prompt_type: job.type, error: answer.error ?? "no answer" });
  }
  return result;
}
