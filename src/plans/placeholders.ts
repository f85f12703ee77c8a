/** Placeholders: reading `(k)`, `(query)`, `(tool k)` and `(sub-query k)` from prompts and from placeholder lists. */
import type { PlaceholderRef } from "./model.js";

/** What a run of text yields: the placeholders read, and the malformed ones (whose step numbers are still kept). */
export interface PlaceholderReading {
  refs: PlaceholderRef[];
  malformed: string[];
}

const STEP = /^\s*(\d+)\s*$/;
const QUERY = /^\s*query\s*$/i;
const TOOL = /^\s*tool\s*[-_]?\s*(\d+)\s*$/i;
const SUB_QUERY = /^\s*sub\s*[-_]?\s*query\s*[-_]?\s*(\d+)\s*$/i;
/** Shapes that are clearly meant as step references but break the convention: `(1, 2)`, `(step 1)`, `(1 and 2)`. */
const NUMBER_LIST =
  /^\s*(?:steps?\s*[-_#]?\s*)?\d+(?:\s*(?:,|&|\/|\band\b)\s*(?:steps?\s*[-_#]?\s*)?\d+)*\s*$/i;
const IN_PROMPT = /\(([^()\n]{0,60})\)/g;
const INNER = /\(([^()]*)\)/g;

/**
 * Inside a prompt, "(1800)" or "(30)" is a number in parentheses, not a step: plans have at most 15 steps, so a
 * bare number above this is prose (docs/plan-matching.md, section 5). In a placeholder list every number counts.
 */
export const MAX_PROMPT_STEP = 20;

function classify(content: string, inPrompt = false): PlaceholderReading | null {
  const step = STEP.exec(content);
  if (step) {
    if (inPrompt && Number(step[1]) > MAX_PROMPT_STEP) return null;
    return { refs: [{ kind: "step", step: Number(step[1]) }], malformed: [] };
  }
  if (QUERY.test(content)) return { refs: [{ kind: "query" }], malformed: [] };
  const tool = TOOL.exec(content);
  if (tool) return { refs: [{ kind: "tool", step: Number(tool[1]) }], malformed: [] };
  const subQuery = SUB_QUERY.exec(content);
  if (subQuery) return { refs: [{ kind: "sub-query", step: Number(subQuery[1]) }], malformed: [] };
  if (NUMBER_LIST.test(content)) {
    if (inPrompt && (content.match(/\d+/g) ?? []).some((d) => Number(d) > MAX_PROMPT_STEP)) return null;
    const steps = (content.match(/\d+/g) ?? []).map((digits) => ({
      kind: "step" as const,
      step: Number(digits),
    }));
    return { refs: steps, malformed: [`(${content.trim()})`] };
  }
  return null;
}

function merge(readings: readonly PlaceholderReading[]): PlaceholderReading {
  return { refs: readings.flatMap((r) => r.refs), malformed: readings.flatMap((r) => r.malformed) };
}

/** Placeholders inside a prompt. Parentheses that are plainly prose (`(e.g. refunds)`) are left alone. */
export function readPromptPlaceholders(prompt: string): PlaceholderReading {
  const readings: PlaceholderReading[] = [];
  for (const match of prompt.matchAll(IN_PROMPT)) {
    const reading = classify(match[1] ?? "", true);
    if (reading) readings.push(reading);
  }
  return merge(readings);
}

/**
 * The content of a placeholder group in argument position: `(1)`, `((1), (2))`, `(1, 2)` (malformed), `()`.
 * Here everything must be a placeholder, so unreadable content is malformed rather than prose.
 */
export function readPlaceholderGroup(raw: string): PlaceholderReading {
  if (raw.trim() === "") return { refs: [], malformed: [] };
  if (!raw.includes("(")) return classify(raw) ?? { refs: [], malformed: [`(${raw.trim()})`] };
  const readings: PlaceholderReading[] = [];
  for (const match of raw.matchAll(INNER)) {
    const content = match[1] ?? "";
    readings.push(classify(content) ?? { refs: [], malformed: [`(${content.trim()})`] });
  }
  const rest = raw.replace(INNER, "").replace(/[\s,]/g, "");
  if (rest !== "") readings.push({ refs: [], malformed: [`(${raw.trim()})`] });
  return merge(readings);
}

/** The step numbers among references to outputs, in order of first appearance. */
export function outputSteps(refs: readonly PlaceholderRef[]): number[] {
  const steps: number[] = [];
  for (const ref of refs) if (ref.kind === "step" && !steps.includes(ref.step)) steps.push(ref.step);
  return steps;
}

/**
 * Rewrites each placeholder of a prompt, read exactly as `readPromptPlaceholders` reads it: `replace` gets the
 * well-formed reference, or null for a malformed group such as `(1, 2)`, and returns the text to put in its place.
 * Prose in parentheses is left alone.
 */
export function substitutePlaceholders(
  prompt: string,
  replace: (ref: PlaceholderRef | null, whole: string) => string,
): string {
  return prompt.replace(IN_PROMPT, (whole, content: string) => {
    const reading = classify(content, true);
    if (!reading) return whole;
    const first = reading.refs[0];
    return replace(first && reading.malformed.length === 0 ? first : null, whole);
  });
}

/** Replaces every well-formed placeholder with a marker, so text comparisons ignore how steps are numbered. */
export function maskPlaceholders(prompt: string): string {
  return substitutePlaceholders(prompt, (ref) =>
    ref ? ` ${ref.kind.replace("-", "")}placeholder ` : " stepplaceholder ",
  );
}
