/**
 * One small task of every kind for the web layer's tests, with hostile text (markup, a closing script tag, a
 * javascript: link) in the places untrusted text reaches the page: plans, model output, responses, titles.
 */
import { renderPlan } from "../../../plans/render.js";
import type { NewTask } from "../../contract.js";
import { type BuiltInKind, KINDS } from "../../kinds/index.js";

export const HOSTILE = [
  "<img src=x onerror=alert(1)>",
  "</script><script>window.__pwned=1</script>",
  '<a href="javascript:alert(3)">click</a>',
  '"><svg onload=alert(4)>',
] as const;
export const HOSTILE_TEXT = HOSTILE.join(" ");

type Step = [tool: "T2S" | "RAG" | "LLM", prompt: string, depends?: number[]];

/** A plan as a payload carries it: the paper's text and the canonical object it was rendered from. */
function plan(...steps: Step[]) {
  const source = {
    steps: steps.map(([tool, prompt, depends = []], i) => ({
      id: i + 1,
      tool,
      inputs: depends,
      prompt,
      depends_on: depends,
    })),
  };
  return { text: renderPlan(source), source };
}

const FINAL = plan(["T2S", "How many calls about refunds were received last week?"]);
const PREVIOUS = plan(["RAG", "How many calls about refunds were received last week?"]);

export const SAMPLE_TASKS: Record<BuiltInKind, NewTask[]> = {
  lineage: [
    {
      key: "tr-001",
      title: "tr-001: refunds last week",
      payload: {
        query_id: "tr-001",
        query: "How many calls about refunds were received last week?",
        split: "train",
        is_subjective: false,
        is_compound: false,
        revisions: [
          { plan: PREVIOUS, fixes: [], judge_only: null },
          { plan: FINAL, fixes: ["wrong tool"], judge_only: null },
        ],
        note: null,
        final: FINAL,
        previous: PREVIOUS,
      },
    },
  ],
  "plan-rating": [
    {
      key: "te-001|gpt|zero-shot",
      title: `te-001 ${HOSTILE[0]}`,
      payload: {
        query_id: "te-001",
        planner: "gpt",
        prompt_type: "zero-shot",
        query: "How many calls were escalated last week?",
        candidate: plan(["T2S", `Count escalated calls ${HOSTILE_TEXT}`]),
        reference: plan(["T2S", "How many calls last week were escalated?"]),
        evaluator: {
          rating: "Good",
          scores: { format: 20, dependencies: 10 },
          total: null,
          mapping: [{ candidate: 1, reference: 1, similarity: 0.61, matched: true, reason: null }],
        },
      },
    },
  ],
  "step-tags": [
    {
      key: "te-002|gpt|zero-shot|1|2",
      title: "te-002 step 2",
      payload: {
        query_id: "te-002",
        planner: "gpt",
        prompt_type: "zero-shot",
        pass: 1,
        step: 2,
        query: "Why are customers unhappy?",
        plan: plan(["T2S", "Fetch call ids of last week"], ["T2S", "Why are customers unhappy?", [1]]),
        reference: plan(["T2S", "Fetch call ids of last week"], ["RAG", "Why are customers unhappy?", [1]]),
        evaluator_tags: ["INCORRECT TOOL"],
      },
    },
  ],
  triplet: [
    {
      key: "tr-002",
      title: "tr-002 triplet",
      payload: {
        query_id: "tr-002",
        planner: null,
        prompt_type: null,
        query: "Which agents handled the most calls?",
        slots: [
          { slot: "A", plan: plan(["RAG", "Which agents handled the most calls?"]) },
          { slot: "B", plan: plan(["T2S", "Which agents handled the most calls last week?"]) },
          { slot: "C", plan: plan(["T2S", "Which agents handled calls?"]) },
        ],
        truth: { A: "antepenultimate", B: "best", C: "penultimate" },
      },
    },
  ],
  answers: [
    {
      key: "te-003",
      title: "te-003 answers",
      payload: {
        query_id: "te-003",
        query: "What was the average handle time?",
        responses: { R1: `About 6 minutes. ${HOSTILE_TEXT}`, R2: "6.2 minutes on average.", R3: "Unknown." },
        judge: { decision: "R2", scores: null, rationale: null },
      },
    },
  ],
  verdict: [
    {
      key: "calculator-en-01|json|model",
      title: "calculator-en-01 (json)",
      payload: {
        case_id: "calculator-en-01",
        protocol: "json",
        model: "model",
        suite: "ToolUse.1",
        results_file: "results/model.json",
        status: "scored",
        output: `{"name": "calculator", "arguments": {"expression": "2+2"}} ${HOSTILE_TEXT}`,
        error: null,
        verdict: {
          passed: false,
          reason: `wrong argument ${HOSTILE[1]}`,
          calls: [{ name: "calculator", arguments: { expression: HOSTILE[0] } }],
        },
        case: {
          found: true,
          lang: "en",
          category: "calculator",
          difficulty: "easy",
          expected: `exactly one call to calculator with expression = "2+2" ${HOSTILE[2]}`,
          conversation: [
            { role: "system", text: "You can call tools." },
            { role: "user", text: `What is 2+2? ${HOSTILE_TEXT}` },
          ],
          prompt_note: null,
        },
      },
    },
  ],
};

/** The sample payloads must stay valid under the contract's schemas, or the tests would test nothing. */
export function checkedSampleTasks(): Record<BuiltInKind, NewTask[]> {
  for (const [kind, tasks] of Object.entries(SAMPLE_TASKS) as [BuiltInKind, NewTask[]][])
    for (const task of tasks) KINDS[kind].payloadSchema.parse(task.payload);
  return SAMPLE_TASKS;
}
