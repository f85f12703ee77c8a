/**
 * The mechanical conventions a best plan and its labels keep (docs/plan-conventions.md sections 1, 3–6). Each
 * finding names the rule, the step (null for the whole plan or a label) and what was expected.
 */
import type { Plan, PlanStep } from "../model.js";
import { samePromptKey } from "../text.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { findTriggers } from "../triggers.js";
import { EXTRACTION, FETCH, FINDER, NOT_STORED_TERMS, REASON_PREFIXES } from "./lexicon.js";
import { firstPrefixed, hasPhrase, lowerWords } from "./text.js";

export const PLAN_RULES = [
  "t2s-unstored-topic",
  "rag-missing-twin",
  "t2s-twin-without-reason",
  "twin-mismatch",
  "ids-from-rag",
  "ids-from-llm",
  "ids-from-non-fetch",
  "llm-extract-from-t2s",
  "interactions-for-calls",
  "final-without-query",
  "label-subjective",
  "label-compound",
] as const;
export type PlanRule = (typeof PLAN_RULES)[number];

export interface Finding<Rule extends string = string> {
  rule: Rule;
  /** The step id, or null when the finding is about the plan, the query or a label. */
  step: number | null;
  message: string;
}

export interface LabelledQuery {
  query: string;
  is_subjective: boolean;
  is_compound: boolean;
}

const stepById = (plan: Plan) => new Map(plan.steps.map((step) => [step.id, step]));

/** The topic a T2S prompt filters on with "about …", up to the next clause. */
const ABOUT =
  /\babout (?!these\b|this\b|it\b|them\b|most\b)([a-z][a-z' -]*?)(?=[,.?;]| (?:that|which|from|with|handled|in|last|this|during|where|on|over|for|who|were|was|and|are|is|had|have|received|since|before|after|per|by|at|between|to|did|does|do|yesterday|most)\b|$)/i;

/** A T2S prompt that filters on a topic names a stored call driver and none of the subjects the store lacks. */
export function unstoredTopics(step: PlanStep, tools: ToolDescriptions): Finding<PlanRule>[] {
  if (step.tool !== "T2S") return [];
  const found: Finding<PlanRule>[] = [];
  const term = NOT_STORED_TERMS.find((t) => hasPhrase(step.prompt, t));
  if (term)
    found.push({
      rule: "t2s-unstored-topic",
      step: step.id,
      message: `T2S prompt names "${term}", which the store does not hold (section 1)`,
    });
  // Only a step without input ids filters; a step with ids asks about them (a twin's question, a measure).
  const topic = step.inputs.length === 0 ? ABOUT.exec(step.prompt) : null;
  if (topic?.[1] && !findTriggers(topic[1], tools).some((hit) => hit.group === "call_drivers"))
    found.push({
      rule: "t2s-unstored-topic",
      step: step.id,
      message: `"about ${topic[1].trim()}" names no call driver of tools.yaml (section 1)`,
    });
  const driver = /call driver (?:is|was|of) ([^,.?;]+)/i.exec(step.prompt);
  if (driver?.[1] && !findTriggers(driver[1], tools).some((hit) => hit.group === "call_drivers"))
    found.push({
      rule: "t2s-unstored-topic",
      step: step.id,
      message: `"call driver is ${driver[1].trim()}" names no call driver of tools.yaml`,
    });
  return found;
}

/** RAG questions about reasons have a T2S twin (same prompt, inputs, dependencies); no other RAG question has one. */
function twinFindings(plan: Plan): Finding<PlanRule>[] {
  const found: Finding<PlanRule>[] = [];
  const rags = plan.steps.filter((step) => step.tool === "RAG");
  const t2s = plan.steps.filter((step) => step.tool === "T2S");
  for (const rag of rags) {
    const key = samePromptKey(rag.prompt);
    const twins = t2s.filter((step) => samePromptKey(step.prompt) === key);
    const twin = twins.find((step) => String(step.inputs) === String(rag.inputs)) ?? twins[0];
    const said = /\b(?:say|says|said|suggest|suggests|tell|mention)\b/i.test(rag.prompt);
    const reason = FINDER.test(rag.prompt) || said ? null : firstPrefixed(rag.prompt, REASON_PREFIXES);
    if (reason && !twin)
      found.push({
        rule: "rag-missing-twin",
        step: rag.id,
        message: `RAG asks a reason question ("${reason}") without a T2S step on the same prompt (section 3)`,
      });
    if (!reason && twin)
      found.push({
        rule: "t2s-twin-without-reason",
        step: twin.id,
        message: `T2S twin of RAG step ${rag.id}, which is not a reason question: no stored field answers it (section 3)`,
      });
    if (
      twin &&
      (String(twin.inputs) !== String(rag.inputs) || String(twin.depends_on) !== String(rag.depends_on))
    )
      found.push({
        rule: "twin-mismatch",
        step: twin.id,
        message: `T2S twin of RAG step ${rag.id} must take the same inputs and dependencies`,
      });
  }
  return found;
}

/** How ids travel: T2S fetch → T2S/RAG directly; RAG → LLM extraction → T2S; nothing else (section 4). */
function idFindings(plan: Plan): Finding<PlanRule>[] {
  const byId = stepById(plan);
  const found: Finding<PlanRule>[] = [];
  for (const step of plan.steps) {
    if (step.tool === "LLM") {
      if (!EXTRACTION.test(step.prompt)) continue;
      const sources = step.depends_on.map((id) => byId.get(id));
      if (sources.some((source) => source?.tool !== "RAG"))
        found.push({
          rule: "llm-extract-from-t2s",
          step: step.id,
          message:
            "an extraction step reads RAG output only; T2S ids pass to the next step directly (section 4)",
        });
      continue;
    }
    for (const input of step.inputs) {
      const source = byId.get(input);
      if (!source) continue;
      if (source.tool === "RAG")
        found.push({
          rule: "ids-from-rag",
          step: step.id,
          message: `takes the output of RAG step ${input} as ids; an LLM step must extract them first (section 4)`,
        });
      else if (source.tool === "LLM" && !EXTRACTION.test(source.prompt))
        found.push({
          rule: "ids-from-llm",
          step: step.id,
          message: `takes the output of LLM step ${input}, which is not an extraction step, as ids (section 4)`,
        });
      else if (source.tool === "T2S" && !FETCH.test(source.prompt))
        found.push({
          rule: "ids-from-non-fetch",
          step: step.id,
          message: `takes T2S step ${input} as ids, but that step is not a "Fetch …" step (section 4)`,
        });
    }
  }
  return found;
}

/** Whether a query is about calls only: it says call(s) and names no other channel or "interactions"/"contacts". */
export function asksForCallsOnly(query: string): boolean {
  const w = lowerWords(query);
  const calls = w.some(
    (word) => word === "call" || word === "calls" || word === "caller" || word === "callers",
  );
  const other = w.some((word) =>
    /^(chat|chats|email|emails|interaction|interactions|contact|contacts|channel|channels|conversation|conversations)$/.test(
      word,
    ),
  );
  return calls && !other;
}

function idWordingFindings(plan: Plan, query: string): Finding<PlanRule>[] {
  if (!asksForCallsOnly(query)) return [];
  return plan.steps
    .filter(
      (step) =>
        step.tool === "T2S" &&
        /\binteraction_ids of (?:interactions|chats|emails)\b|\b(?:these|of|all) interactions\b/i.test(
          step.prompt,
        ),
    )
    .map((step) => ({
      rule: "interactions-for-calls" as const,
      step: step.id,
      message: 'the query asks about calls: fetch "call_ids of calls", not interactions (section 4)',
    }));
}

function finalFindings(plan: Plan): Finding<PlanRule>[] {
  const last = plan.steps.at(-1);
  if (last?.tool !== "LLM" || last.depends_on.length < 2) return [];
  if (last.prompt.includes("(query)")) return [];
  return [
    {
      rule: "final-without-query",
      step: last.id,
      message: "the final step combines branches and must carry (query) (section 5)",
    },
  ];
}

function labelFindings(plan: Plan, labels: LabelledQuery): Finding<PlanRule>[] {
  const found: Finding<PlanRule>[] = [];
  const usesRag = plan.steps.some((step) => step.tool === "RAG");
  if (usesRag !== labels.is_subjective)
    found.push({
      rule: "label-subjective",
      step: null,
      message: usesRag
        ? "labelled objective, but the answer needs what was said (the best plan reads transcripts with RAG)"
        : "labelled subjective, but every part of the answer comes from stored fields (no RAG step)",
    });
  const last = plan.steps.at(-1);
  const combines = last?.tool === "LLM" && last.depends_on.length >= 2;
  if (labels.is_compound && !combines)
    found.push({
      rule: "label-compound",
      step: null,
      message:
        "labelled compound, but the best plan does not end in an LLM step combining two or more branches",
    });
  if (!labels.is_compound && (labels.query.match(/\?/g) ?? []).length >= 2)
    found.push({
      rule: "label-compound",
      step: null,
      message: "two questions in one query, but labelled simple",
    });
  return found;
}

/** Every convention a best plan and its labels break. */
export function lintBestPlan(
  plan: Plan,
  labels: LabelledQuery,
  tools: ToolDescriptions,
): Finding<PlanRule>[] {
  return [
    ...plan.steps.flatMap((step) => unstoredTopics(step, tools)),
    ...twinFindings(plan),
    ...idFindings(plan),
    ...idWordingFindings(plan, labels.query),
    ...finalFindings(plan),
    ...labelFindings(plan, labels),
  ];
}
