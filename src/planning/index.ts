/**
 * The planning workflow layer. For now: executing plans against a workspace (the runner, its executors, the
 * oracle and the scripted test model) and the ground truth of their answers. The planning workflows (generate,
 * judge, refine, answers, experiment) move here with issue 28.
 */
export {
  type Ask,
  type ModelReply,
  type ModelRequest,
  type NativeToolCall,
  NO_MODEL,
  type TokenCounts,
} from "./execute/ask.js";
export { StepJournal } from "./execute/journal.js";
export { decodeNativeCalls } from "./execute/native-reply.js";
export { oracleExecutors } from "./execute/oracle.js";
export type { Insight, Rows, StepOutput } from "./execute/output.js";
export {
  answerWithoutPlan,
  executeWithoutPlans,
  R1_MAX_TOOL_CALLS,
  type R1Question,
  type R1Trace,
  r1Tools,
} from "./execute/r1.js";
export { DEFAULT_RAG, type RagOptions } from "./execute/rag.js";
export {
  DEFAULT_EXECUTE_LIMITS,
  type ExecuteOptions,
  executePlans,
  failedAnswer,
  modelExecutors,
  notExecutable,
  onPlanFinished,
  type PlanAnswer,
  type PlanToRun,
  type StepTrace,
} from "./execute/runner.js";
export { type ScriptedFaults, type ScriptedModel, scriptedModel } from "./execute/scripted-model.js";
export { type AskingSession, sessionAsk } from "./execute/session-ask.js";
export type { Executor, Executors, StepDetails, StepRequest, StepResult } from "./execute/step.js";
export { type CheckedAnswer, withCorrectness } from "./ground-truth/answer-correctness.js";
export { type Correctness, correctness, type FactVerdict, SET_F1 } from "./ground-truth/correct.js";
export { readVocabulary, type Vocabulary } from "./ground-truth/mentions.js";
export {
  computeReferenceAnswers,
  type FactValue,
  type ReferenceAnswer,
} from "./ground-truth/reference-answers.js";
export { REFERENCES_PATH, readReferences } from "./ground-truth/references.js";
export { storeDescriptionOf } from "./store-description.js";
export { DEFAULT_WORKSPACE, ensureWorkspace, workspacesRoot } from "./workspace.js";
