/** `tooluse plan answers`: the three-way end-to-end answer judge over a responses file; judgement lines and win rates. */
import { FatalBackendError } from "../backends/types.js";
import { UserError } from "../errors.js";
import { readJsonl, writeFileAtomic } from "../jsonl.js";
import {
  type AnswerJudgement,
  formatAnswerSummary,
  judgeAnswers,
  ResponsesRecordSchema,
  summariseAnswers,
} from "../plans/answers/index.js";
import { type ModelFlags, sessionOptions } from "../plans/models/flags.js";
import { workProgress } from "../plans/models/progress.js";
import { openSession } from "../plans/models/session.js";
import { queryKey } from "../plans/records.js";
import type { Io } from "./io.js";

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
  const seen = new Set<string>();
  for (const record of records) {
    const key = queryKey(record.query_id);
    if (seen.has(key)) throw new UserError(`${file}: field query_id: ${key} appears twice`);
    seen.add(key);
  }
  return records;
}

function jsonl(judgements: readonly AnswerJudgement[]): string {
  return judgements.map((judgement) => `${JSON.stringify(judgement)}\n`).join("");
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
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  let close: (() => Promise<void>) | undefined;
  try {
    const records = readResponses(options.responses);
    const session = await openSession({
      ...sessionOptions(options.judgeModel, options),
      env,
      signal: controller.signal,
      log: (line) => io.stderr(`${line}\n`),
    });
    close = session.close;
    const progress = workProgress(io.stderr, io.isTTY, "judgements");
    progress.start(records.length);
    const judgements = await judgeAnswers(records, session, (j) => progress.done(j.status === "judged"));
    progress.finish();
    const summary = summariseAnswers(judgements);
    if (options.out) writeFileAtomic(options.out, jsonl(judgements));
    if (options.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else if (options.out) io.stdout(formatAnswerSummary(summary));
    else io.stdout(jsonl(judgements));
    if (summary.judged === 0) {
      io.stderr(`tooluse: no query was judged; first failure: ${judgements[0]?.error ?? "unknown"}\n`);
      return 2;
    }
    return 0;
  } catch (error) {
    if (controller.signal.aborted) {
      io.stderr("tooluse: interrupted; cached judgements are kept, so a re-run resumes quickly\n");
      return 130;
    }
    if (error instanceof UserError || error instanceof FatalBackendError) {
      io.stderr(`tooluse: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.removeListener("SIGINT", onSigint);
    await close?.();
  }
}
