/** The three-way end-to-end answer judge: prompt, strict reply reading, gating and decision in code, win rates. */

export {
  type AnswerJudgement,
  type GatingNote,
  type ResponseScores,
  ResponseScoresSchema,
  type ResponsesRecord,
  ResponsesRecordSchema,
} from "../../plans/answer-records.js";
export {
  applyGating,
  type Decision,
  decide,
  decisionWinners,
  type Gated,
  normaliseDecision,
} from "./decide.js";
export { type JudgeSession, judgeAnswers, judgeOne } from "./judge.js";
export { answerJudgePrompt, repairPrompt } from "./prompt.js";
export { extractObject, type JudgeReply, type ReplyResult, readJudgeReply } from "./reply.js";
export { type AnswerSummary, formatAnswerSummary, summariseAnswers, type WinRate } from "./summary.js";
