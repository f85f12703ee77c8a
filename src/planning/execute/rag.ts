/**
 * RAG(ids, prompt): the transcripts of a sample of the input ids (of recent interactions when there are none),
 * BM25 retrieval of the lines that best match the question, then the model answers with the "data insights" table
 * (topic, description, interaction_ids, share). Ids the model cites that are not among the interactions it read
 * are dropped and listed in the step's issues; an answer without a readable table fails the step.
 */
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import type { Workspace } from "../../workspace/open.js";
import { sampleIds } from "../../workspace/sample.js";
import { type Passage, retrievePassages } from "../../workspace/search.js";
import type { Ask, ChatMessage } from "./ask.js";
import { inputIds } from "./inputs.js";
import { parseInsights } from "./insights.js";
import { type Insight, insightRows, insightsText } from "./output.js";
import {
  countReply,
  type Executor,
  emptyDetails,
  type StepDetails,
  type StepRequest,
  type StepResult,
} from "./step.js";

/** Marks the RAG system prompt (the scripted test model recognises its tool by it). */
export const RAG_ROLE = "You answer one question from contact-center transcripts.";

export interface RagOptions {
  /** Interactions read per step: the tool description's sample size (200). */
  sampleSize: number;
  /** With no input ids, the population is the interactions of the window's last this many days. */
  recentDays: number;
}

export const DEFAULT_RAG: RagOptions = {
  sampleSize: DEFAULT_TOOL_DESCRIPTIONS.tools?.RAG.sample_size ?? 200,
  recentDays: 30,
};

/** The salt of the sample: one fixed salt, so the same population is read the same way in every plan. */
const SAMPLE_SALT = "rag-sample";

export interface Retrieval {
  population: number;
  sample: string[];
  passages: Passage[];
}

/** The interactions a RAG step reads and the passages it retrieves (through ragStepExecutor, for model and oracle alike). */
async function retrieve(workspace: Workspace, request: StepRequest, options: RagOptions): Promise<Retrieval> {
  const population =
    request.inputs.length > 0
      ? inputIds(request.inputs)
      : await workspace.transcripts.recentIds(options.recentDays);
  const sample = sampleIds(population, options.sampleSize, SAMPLE_SALT);
  const turns = sample.length > 0 ? await workspace.transcripts.turns(sample) : [];
  return { population: population.length, sample, passages: retrievePassages(turns, request.prompt) };
}

function traceRetrieval(details: StepDetails, retrieval: Retrieval): void {
  details.population = retrieval.population;
  details.sample = retrieval.sample.length;
  details.passages = retrieval.passages.map((p) => ({
    interaction_id: p.interactionId,
    turn: p.turn,
    speaker: p.speaker,
    text: p.text,
    score: Math.round(p.score * 1000) / 1000,
  }));
}

/** An answer with nothing to read: not a failure, a finding. */
function emptyAnswer(retrieval: Retrieval, details: StepDetails): StepResult {
  const text =
    retrieval.sample.length === 0
      ? "No interactions to read: the input holds no interaction ids (no data)."
      : `None of the ${retrieval.sample.length} sampled transcripts has a passage that matches the question (no data).`;
  return { ok: true, output: { text, rows: insightRows([]), insights: [] }, details };
}

export function ragMessages(question: string, retrieval: Retrieval): ChatMessage[] {
  const passages = retrieval.passages.map((p) => `[${p.interactionId} #${p.turn} ${p.speaker}] ${p.text}`);
  const system = [
    RAG_ROLE,
    `You are given the passages that best match the question, retrieved from a sample of ${retrieval.sample.length} interactions; each passage starts with its interaction id, its line number and who spoke.`,
    "Answer in a few sentences, then give the data insights table in markdown with exactly these columns:",
    "| topic | description | interaction_ids | share |",
    "One row per topic you found: a short name, what it covers, the interaction ids (comma-separated) in which it appears, and the share of the sampled interactions with it (0 to 1). Cite only interaction ids that appear in the passages.",
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `Question: ${question}\n\nPassages:\n${passages.join("\n")}` },
  ];
}

/** Keeps the ids that were read; reports the rest. */
export function keepReadIds(
  insights: readonly Insight[],
  read: ReadonlySet<string>,
  details: StepDetails,
): Insight[] {
  const dropped = new Set<string>();
  const kept = insights.map((insight) => ({
    ...insight,
    interaction_ids: insight.interaction_ids.filter((id) => {
      if (read.has(id)) return true;
      dropped.add(id);
      return false;
    }),
  }));
  if (dropped.size > 0)
    details.issues.push(
      `dropped ${dropped.size} cited id(s) that are not among the interactions read: ${[...dropped].slice(0, 10).join(", ")}`,
    );
  return kept;
}

/** What reads the retrieved passages into an answer: the model executor asks a model, the oracle counts labels. */
export type ReadPassages = (
  request: StepRequest,
  retrieval: Retrieval,
  details: StepDetails,
) => Promise<StepResult> | StepResult;

/**
 * A RAG executor: retrieval, its trace and the empty answer are the same for the model and the oracle (so both read
 * the same passages), and only `read` differs.
 */
export function ragStepExecutor(workspace: Workspace, options: RagOptions, read: ReadPassages): Executor {
  return {
    async run(request) {
      const details = emptyDetails();
      const retrieval = await retrieve(workspace, request, options);
      traceRetrieval(details, retrieval);
      if (retrieval.passages.length === 0) return emptyAnswer(retrieval, details);
      return read(request, retrieval, details);
    },
  };
}

export function ragExecutor(workspace: Workspace, ask: Ask, options: RagOptions = DEFAULT_RAG): Executor {
  return ragStepExecutor(workspace, options, async (request, retrieval, details) => {
    const messages = ragMessages(request.prompt, retrieval);
    details.requests.push(messages);
    const reply = await ask({ messages }, request.signal);
    countReply(details, reply);
    details.replies.push(reply.text);
    const parsed = parseInsights(reply.text);
    if (!parsed) return { ok: false, error: "the answer has no readable data insights table", details };
    const insights = keepReadIds(parsed.insights, new Set(retrieval.sample), details);
    const text = `${parsed.text}\n\n${insightsText(insights)}`.trim();
    return { ok: true, output: { text, rows: insightRows(insights), insights }, details };
  });
}
