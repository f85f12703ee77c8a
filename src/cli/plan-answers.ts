/** `tooluse plan answers`: the three-way end-to-end answer judge over a responses file; judgement lines and win rates. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { readJsonl } from "../jsonl.js";
import { assertUniqueQueryIds, selectByQuery } from "../plans/query-records.js";
import { terminalText } from "../sanitize.js";
import {
  formatAnswerSummary,
  judgeAnswers,
  ResponsesRecordSchema,
  summariseAnswers,
} from "../workflows/answers/index.js";
import { type CommandEntry, outputOptions } from "./io.js";
import {
  jsonLines,
  type PlanModelFlags,
  type PlanModelInputs,
  prepare,
  progressFor,
  readModelInputs,
  withSession,
} from "./model-session.js";

/** The judge model and the model flags every planning command shares (--backend, --base-url, --concurrency …). */
export interface PlanAnswersOptions extends PlanModelFlags {
  model: string;
  responses: string;
  out?: string;
  json?: boolean;
}

function readResponses(file: string, model: PlanModelInputs) {
  const records = readJsonl(file, ResponsesRecordSchema);
  if (records.length === 0) throw new UserError(`${file}: no response lines to judge`);
  assertUniqueQueryIds(file, records);
  return selectByQuery(records, model.select, file);
}

/**
 * Exit code 0 when every query was judged; 1 when some or all judgements failed (counted and named: the README's
 * exit-code table); 2 when an input or the backend is unusable; 130 on interrupt. Without --out and --json the judgement lines go
 * to stdout; with --out the terminal gets the summary.
 */
export const runPlanAnswers: CommandEntry<PlanAnswersOptions> = async (options, io, env = process.env) => {
  const input = prepare(io, () => {
    const model = readModelInputs(options, ["answer-judge"]);
    return { model, records: readResponses(options.responses, model) };
  });
  if (!input.ok) return input.code;
  const { model, records } = input.value;
  return withSession(options.model, options.backend, model.settings, io, { env }, async (session) => {
    const progress = progressFor(io);
    progress.onWorkStart({ label: "judgements", total: records.length });
    const judgements = await judgeAnswers(
      records,
      session,
      (j) => progress.onItem({ ok: j.status === "judged" }),
      model.prompts.get("answer-judge"),
    );
    progress.onWorkEnd();
    const summary = summariseAnswers(judgements);
    if (options.out) writeOutput(options.out, jsonLines(judgements), outputOptions(io));
    if (options.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else if (options.out) io.stdout(terminalText(formatAnswerSummary(summary), { multiline: true }));
    else io.stdout(jsonLines(judgements));
    // Query ids and server errors are untrusted text: shown as the one sanitiser shows them.
    const say = (text: string) => io.stderr(`${terminalText(text)}\n`);
    const failed = judgements.filter((j) => j.status !== "judged");
    for (const j of failed) say(`tooluse: query ${j.query_id}: ${j.error ?? "not judged"}`);
    if (summary.judged === 0) {
      say(`tooluse: no query was judged; first failure: ${judgements[0]?.error ?? "unknown"}`);
      return 1;
    }
    if (failed.length === 0) return 0;
    io.stderr(`tooluse: ${failed.length} of ${judgements.length} judgements failed\n`);
    return 1;
  });
};
