/** `tooluse plan answers`: the three-way end-to-end answer judge over a responses file; judgement lines and win rates. */
import { UserError } from "../errors.js";
import { readJsonl, writeFileAtomic } from "../jsonl.js";
import {
  formatAnswerSummary,
  judgeAnswers,
  ResponsesRecordSchema,
  summariseAnswers,
} from "../plans/answers/index.js";
import { assertUniqueQueryIds } from "../plans/models/records.js";
import type { Io } from "./io.js";
import { jsonLines, prepare, progressFor, withSession } from "./model-command.js";
import type { ModelFlags } from "./model-flags.js";

/** The judge model and the model flags every planning command shares (--backend, --base-url, --concurrency …). */
export interface PlanAnswersOptions extends ModelFlags {
  judgeModel: string;
  responses: string;
  out?: string;
  json?: boolean;
}

function readResponses(file: string) {
  const records = readJsonl(file, ResponsesRecordSchema);
  if (records.length === 0) throw new UserError(`${file}: no response lines to judge`);
  assertUniqueQueryIds(file, records);
  return records;
}

/**
 * Exit code 0 when at least one query was judged, 2 when nothing was (or an input or the backend is unusable), 130
 * on interrupt. Without --out and --json the judgement lines go to stdout; with --out the terminal gets the summary.
 */
export async function runPlanAnswers(
  options: PlanAnswersOptions,
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const input = prepare(io, () => readResponses(options.responses));
  if (!input.ok) return input.code;
  return withSession(options.judgeModel, options, io, { env }, async (session) => {
    const progress = progressFor(io, "judgements");
    progress.start(input.value.length);
    const judgements = await judgeAnswers(input.value, session, (j) => progress.done(j.status === "judged"));
    progress.finish();
    const summary = summariseAnswers(judgements);
    if (options.out) writeFileAtomic(options.out, jsonLines(judgements));
    if (options.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else if (options.out) io.stdout(formatAnswerSummary(summary));
    else io.stdout(jsonLines(judgements));
    if (summary.judged > 0) return 0;
    io.stderr(`tooluse: no query was judged; first failure: ${judgements[0]?.error ?? "unknown"}\n`);
    return 2;
  });
}
