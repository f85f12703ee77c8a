/**
 * Prompt fragments shared by the planner, the judges, the step evaluator and the optimizer: the tools, the plan
 * format and placeholders, the fix tags. Written for this project from the facts in docs/paper-notes.md.
 */
import { renderToolDescriptions } from "../../plans/data/tools-text.js";
import type { StepTag } from "../../plans/query-records.js";
import type { ToolDescriptions, TriggerGroup } from "../../plans/tool-descriptions.js";

/** Each system prompt opens with its title: a reader (and a test's scripted model) can tell the prompts apart. */
export const PROMPT_TITLES = {
  planner: "# Contact-center query planner",
  judge: "# Plan judge:",
  oneShot: "# Plan judge: one-shot rating",
  evaluator: "# Step evaluator",
  optimizer: "# Plan optimizer",
} as const;

const GROUP_NAMES: Record<TriggerGroup, string> = {
  call_drivers: "call drivers",
  moments: "moments",
  qa: "QA metrics",
};

function phrases(tools: ToolDescriptions, group: TriggerGroup): string {
  return tools.triggers[group].map((trigger) => trigger.phrase).join(", ");
}

/**
 * The three tools. With full tool cards (corpus/plans/tools.yaml, the default) the text is rendered from that one
 * file, so every prompt and every check reads the same facts; with trigger groups alone, a short summary.
 */
export function describeTools(tools: ToolDescriptions): string {
  if (tools.tools) return renderToolDescriptions({ ...tools, tools: tools.tools });
  return summariseTools(tools);
}

function summariseTools(tools: ToolDescriptions): string {
  const fields = (["call_drivers", "moments", "qa"] as const)
    .map((group) => `${GROUP_NAMES[group]} (${phrases(tools, group)})`)
    .join("; ");
  return [
    "- T2S(ids, prompt): text-to-SQL over the contact center's structured store. It holds interaction metadata " +
      "(channel: call, chat or email; timestamps; duration; agent; team; customer tags) and these fields per " +
      `interaction: ${fields}. It filters, counts and computes simple figures such as averages. It cannot see ` +
      "what was said or how things changed within a conversation.",
    "- RAG(ids, prompt): answers a question from the transcripts of a sample of about 200 interactions (only the " +
      "given ids when there are inputs). It returns text and a 'data insights' table (topic name, topic " +
      "description, interaction ids, share of interactions). It is the only tool that sees how a conversation " +
      "unfolded, e.g. how the customer's sentiment shifted during a call.",
    "- LLM(prompt): reasons over the outputs of earlier steps: extracts, compares, combines, summarises. It fetches " +
      "no data itself. To give ids found by RAG to a later T2S step, an LLM step first extracts them from RAG's " +
      "data insights table.",
    "Notes: 'call_ids' and 'interaction_ids' mean the same thing; what follows them matters. 'ids of calls' " +
      "selects calls only, 'ids of interactions' also selects chats and emails, so a question about calls must " +
      "filter calls. A T2S step that takes ids as input should not repeat filters those ids already encode (it " +
      "causes needless joins); saying 'in these calls' is not a repetition.",
  ].join("\n");
}

/** The plan format and placeholder conventions, with a small illustration of our own. */
export const PLAN_FORMAT = `A plan is an object of numbered steps. Each step holds one tool call under "step" and the list of earlier steps it needs under "depends_on":
{
  1: {"step": T2S([], "Fetch call_ids of calls transferred to another team last week."), "depends_on": []},
  2: {"step": RAG((1), "Why did customers ask to be transferred?"), "depends_on": [1]},
  3: {"step": LLM("Using (2), list the three most common reasons and answer (query)"), "depends_on": [2]}
}
Placeholders: (query) stands for the user's question; (k) for the output of step k; (tool k) for the tool of step k; (sub-query k) for the prompt of step k.
- In T2S and RAG calls the input placeholders form the first argument, outside the prompt: [] when there are none, (1) for one, ((1), (2)) for two.
- In LLM calls the placeholders sit inside the prompt.
- Every step listed in depends_on appears as a placeholder, and the other way round. Write (1) and (2), never (1, 2).
- An LLM step that refers to the user's question carries (query).`;

/** What each fix tag means; the evaluator chooses among them and the with-lineage examples are labelled with them. */
export const TAG_MEANINGS: Record<StepTag, string> = {
  "INCORRECT PROMPT":
    "the prompt asks for the wrong thing, selects the wrong population (e.g. all interactions where calls are meant), or does not fit what its dependency steps provide",
  "COMPLEX PROMPT":
    "the step asks too much at once (several questions for RAG, more than three call-driver/moment/QA fields for T2S) and should be split",
  "INCORRECT TOOL": "the assigned tool cannot do what the prompt asks; another tool can",
  "REPEATED DETAIL":
    "a T2S prompt repeats a filter that its input ids already encode (needless joins); 'in these calls' is fine",
  "MULTI-TOOL PROMPT":
    "the step is fine, but the other data tool could answer the same question too (T2S from structured fields and RAG from transcripts), so the question should be asked of both",
  "NO CHANGE": "nothing to fix",
};

export function tagGlossary(tags: readonly StepTag[]): string {
  return tags.map((tag) => `- ${tag}: ${TAG_MEANINGS[tag]}.`).join("\n");
}
