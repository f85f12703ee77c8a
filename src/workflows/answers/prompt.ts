/** The answer judge's prompt (the project's own wording of the paper's rubric) and its repair follow-up. */
import type { ChatMessage } from "../../backends/types.js";
import type { ResponsesRecord } from "../../plans/answer-records.js";
import { builtInTemplate, renderTemplate, type Template } from "../templates.js";

const RUBRIC = `You compare several answers to one business question about a contact center. Judge only from the text
you are given; bring in no outside facts.

Score every answer on its own, on four scales:
- validity, 0 or 1: 0 when the answer is not a real answer — a refusal, a system or tool error, or a statement
  that there is no data to answer with. Anything else of substance is 1.
- consistency, 0 or 1: 1 when the answer addresses this question; 0 when it is about something else. An invalid
  answer is never consistent.
- completeness, 1 to 7: how fully the answer covers what the question asks, counting only relevant details
  (1 = extremely poor, 7 = extremely good). Only a valid answer that addresses the question can score above 1.
- redundancy, 1 to 7: how free the answer is of material the question did not ask for (7 = nothing
  superfluous; lower as more irrelevant content appears).
For an invalid answer always give consistency 0, completeness 1, redundancy 7.

Layout does not matter: a bare list or a dictionary of numbers is as good an answer as prose if it is valid and on
topic. Do not judge whether numbers (counts, percentages, scores) are correct — there is no ground truth here, and
two answers agreeing on a number does not make the third one wrong.

Then decide which answer is best:
1. Set aside every answer with validity 0 or consistency 0. If none is left, the decision is "Neither".
2. Rank the rest by completeness, and by redundancy where completeness is equal (higher is better).
3. If every answer is tied for first place, the decision is "All". If some but not all are tied for first, the
   decision is their labels joined by a comma in the order given (for example "R1,R3"). Otherwise it is the label
   of the single best answer.`;

function schemaText(labels: readonly string[]): string {
  const scores = labels
    .map(
      (label) =>
        `    "${label}": {"validity": 0 or 1, "consistency": 0 or 1, "completeness": 1-7, "redundancy": 1-7}`,
    )
    .join(",\n");
  return `Reply with one JSON object and nothing else — no Markdown, no text around it — in exactly this shape:
{
  "rationale": "two to four sentences on how the answers compare",
  "scores": {
${scores}
  },
  "decision": "Neither", "All", or labels joined by commas, e.g. "${labels[0] ?? "R1"}"
}
Every score is a whole number. Write the rationale first, then the scores, then the decision.`;
}

/** The built-in answer-judge template: the rubric as system message; question, answers and shape as user message. */
export const ANSWER_JUDGE_TEMPLATE = builtInTemplate(
  "answer-judge",
  RUBRIC,
  "## Question\n{QUERY}\n\n## Answers ({LABELS})\n{ANSWERS}\n\n{ANSWER_FORMAT}",
);

/** One prompt per query: the rubric, the question, the labelled answers and the reply schema. */
export function answerJudgePrompt(
  record: ResponsesRecord,
  template: Template = ANSWER_JUDGE_TEMPLATE,
): ChatMessage[] {
  const labels = Object.keys(record.responses);
  const answers = labels.map((label) => `### Answer ${label}\n${record.responses[label] ?? ""}`).join("\n\n");
  return renderTemplate(template, {
    QUERY: record.query,
    LABELS: labels.join(", "),
    ANSWERS: answers,
    ANSWER_FORMAT: schemaText(labels),
  });
}

/** The one repair retry: the judge sees its reply and what was wrong with it, and answers again. */
export function repairPrompt(
  first: readonly ChatMessage[],
  reply: string,
  issues: readonly string[],
): ChatMessage[] {
  const problems = issues.map((issue) => `- ${issue}`).join("\n");
  return [
    ...first,
    { role: "assistant", content: reply },
    {
      role: "user",
      content: `That reply could not be used:\n${problems}\nAnswer again with only the JSON object in the required shape, every score a whole number in its range.`,
    },
  ];
}
