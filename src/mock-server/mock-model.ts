/**
 * The model behind `tooluse mock-server`: one script that tells the prompts apart. A ToolUse.1 case's prompt (any
 * protocol) gets the oracle's or the noisy model's reply; a planning prompt (generate, judge, refine, answers) the
 * oracle planner's; anything else goes to the executors' scripted model (plan execute's T2S, RAG, LLM and R1 turns).
 */
import type { Case } from "../cases/schema.js";
import { noisyScript } from "./noisy-model.js";
import type { ChatBody, ScriptedReply } from "./openai-server.js";
import { bestPlans, isPlanningPrompt, oraclePlanner, UnknownPromptError } from "./oracle-planner.js";
import { scriptFor, shippedScriptedModel } from "./plan-execute-server.js";

export type MockMode = "oracle" | "noisy";

export interface MockModelOptions {
  mode: MockMode;
  cases: readonly Case[];
  /** A queries JSONL file: the best plans the planner answers with and the executors replay. */
  queriesFile: string;
  /** noisy: the share of cases answered wrongly. */
  share: number;
  seed: number;
}

export function mockModel(options: MockModelOptions): (body: ChatBody) => ScriptedReply {
  const toolUse = noisyScript(options.cases, {
    share: options.mode === "oracle" ? 0 : options.share,
    seed: options.seed,
  });
  const planner = oraclePlanner(bestPlans(options.queriesFile));
  const executors = scriptFor(shippedScriptedModel({}, options.queriesFile));
  return (body) => {
    const reply = toolUse(body);
    if (reply) return reply;
    if (isPlanningPrompt(body)) return planner(body);
    try {
      return executors(body);
    } catch (error) {
      throw new UnknownPromptError(
        `the mock server does not know this prompt (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
}
