/** `tooluse plan generate`: ask a planner model for plans; raw outputs go to a plans file `plan score` reads. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { readQueries } from "../plans/query-records.js";
import { terminalText } from "../sanitize.js";
import {
  generateJobs,
  generatePlans,
  generateReplies,
  PlanLineSchema,
} from "../workflows/plan-models/generate.js";
import { PROMPT_TYPES, type PromptType } from "../workflows/plan-models/generate-prompt.js";
import { readEarlierOutput, replayingSession, resumeSummary } from "../workflows/plan-models/resume.js";
import { label, wholeNumber } from "./flags.js";
import { type Io, outputOptions } from "./io.js";
import {
  type CommandContext,
  jsonLines,
  type PlanModelFlags,
  prepare,
  progressFor,
  readModelInputs,
  resumeFile,
  retryAdvice,
  withSession,
} from "./model-session.js";

export interface PlanGenerateOptions extends PlanModelFlags {
  model: string;
  /** `--label NAME`: the planner name the plan lines carry (default: --model), so labels files can match it. */
  label?: string;
  queries: string;
  split?: string;
  promptType?: string;
  examples?: string;
  out?: string;
  /** Keep the plans of the --out file an earlier run wrote; ask only the prompts whose request failed. */
  resume?: boolean;
  force?: boolean;
}

export const PLAN_GENERATE_DEFAULTS = { split: "test", promptType: "both", examples: "3" } as const;

export function promptTypes(value: string): PromptType[] {
  if (value === "both") return [...PROMPT_TYPES];
  if (!(PROMPT_TYPES as readonly string[]).includes(value))
    throw new UserError(`--prompt-type: expected with_lineage, without_lineage or both, got "${value}"`);
  return [value as PromptType];
}

/**
 * Exit 0 when every prompt was answered with a readable plan; 1 when some requests failed (those plans are left
 * out, not scored as bad; `--resume` asks only them and keeps the plans of the --out file) or some answers hold no
 * readable plan (they are written and score 0; each is named on stderr), also when every request failed; 2 on bad
 * input or a refusing server.
 */
export async function runPlanGenerate(
  options: PlanGenerateOptions,
  io: Io,
  context: CommandContext = {},
): Promise<number> {
  const input = prepare(io, () => {
    const resume = resumeFile(options);
    return {
      records: readQueries(options.queries),
      types: promptTypes(options.promptType ?? PLAN_GENERATE_DEFAULTS.promptType),
      examples: wholeNumber("--examples", options.examples ?? PLAN_GENERATE_DEFAULTS.examples),
      model: readModelInputs(options, ["planner", "planner-with-lineage"]),
      planner: options.label === undefined ? undefined : label("--label", options.label),
      resume,
      earlier: resume === null ? null : readEarlierOutput(resume, PlanLineSchema),
    };
  });
  if (!input.ok) return input.code;
  const { records, types, examples, model, resume, earlier, planner } = input.value;
  return withSession(options.model, options.backend, model.settings, io, context, async (session) => {
    const generate = {
      split: options.split ?? PLAN_GENERATE_DEFAULTS.split,
      promptTypes: types,
      examples,
      file: options.queries,
      ...(planner === undefined ? {} : { planner }),
      prompts: model.prompts,
      select: model.select,
      reporters: [progressFor(io)],
    };
    // A resumed run replays the file's plans (checked to be this run's first) and asks only the failed prompts.
    const replay =
      resume === null || earlier === null
        ? null
        : replayingSession(
            session,
            generateReplies(resume, earlier, generateJobs(records, generate), planner ?? session.model),
          );
    const result = await generatePlans(replay?.session ?? session, records, generate);
    const say = (text: string) => io.stderr(`${terminalText(text)}\n`);
    if (options.out) {
      writeOutput(options.out, jsonLines(result.lines), outputOptions(io));
      if (replay && resume) io.stderr(terminalText(resumeSummary(resume, replay.tally), { multiline: true }));
      io.stdout(
        `${terminalText(
          `${result.lines.length} plans from ${planner ?? session.model} (${types.join(", ")}) written to ${options.out}`,
        )}\n`,
      );
    } else io.stdout(jsonLines(result.lines));
    for (const bad of result.unparseable)
      say(
        `tooluse: warning: query ${bad.query_id} (${bad.prompt_type}): no readable plan in the answer (${bad.message}); written, scores 0`,
      );
    for (const failure of result.failures)
      say(`tooluse: no plan for query ${failure.query_id} (${failure.prompt_type}): ${failure.error}`);
    if (result.unparseable.length > 0)
      say(`tooluse: ${result.unparseable.length} of ${result.lines.length} answers hold no readable plan`);
    if (result.failures.length > 0)
      say(
        `tooluse: ${result.failures.length === 1 ? "1 request failed and its plan is" : `${result.failures.length} requests failed and their plans are`} missing; ${retryAdvice(options, model.settings, result.failures.length)}`,
      );
    return result.failures.length > 0 || result.unparseable.length > 0 ? 1 : 0;
  });
}
