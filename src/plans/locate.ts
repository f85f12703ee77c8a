/** Finding the plan in a planner's reply: through code fences, prose around it, several plans, a missing brace. */
import { Reader } from "./reader.js";
import { isPlanLike, isStepLike } from "./shapes.js";
import type { Node, ObjectNode, ReaderIssue } from "./tree.js";

export interface Notice {
  code: "code-fence" | "surrounding-prose" | "multiple-plans";
  message: string;
}

export interface LocatedPlan {
  node: Node;
  issues: ReaderIssue[];
  notices: Notice[];
}

interface Candidate {
  node: Node;
  issues: ReaderIssue[];
  start: number;
  end: number;
  /** 2 a plan, 1 a plan without its outer braces, 0 a lone step. */
  rank: number;
}

const FENCE_LINE = /^[ \t]*(?:```|~~~)[^\n]*$/gm;
const STEP_KEY_BEFORE = /("?)(\d+)\1\s*:\s*$/;
const ONLY_CLOSERS = /^[\s,}\]]*$/;

/** Fence lines become spaces, so offsets still point into the original text. */
function blankFences(raw: string): { text: string; fenced: boolean } {
  let fenced = false;
  const text = raw.replace(FENCE_LINE, (line) => {
    fenced = true;
    return " ".repeat(line.length);
  });
  return { text, fenced };
}

function nextOpener(text: string, from: number): number {
  const brace = text.indexOf("{", from);
  const bracket = text.indexOf("[", from);
  if (brace === -1) return bracket;
  return bracket === -1 ? brace : Math.min(brace, bracket);
}

/** `1: {"step": …}, 2: {…}` with no braces around: read from the first key to where the steps end. */
function unbraced(text: string, at: number): Candidate | null {
  const windowStart = Math.max(0, at - 24);
  const match = STEP_KEY_BEFORE.exec(text.slice(windowStart, at));
  if (!match) return null;
  const keyStart = windowStart + match.index;
  if (keyStart > 0 && !/[\s,]/.test(text[keyStart - 1] ?? "")) return null;
  const reader = new Reader(text, keyStart);
  const node = reader.bodyWithoutBrace();
  const missing: ReaderIssue = {
    code: "unbalanced-brackets",
    offset: keyStart,
    message: 'the plan has no outer "{"',
  };
  return { node, issues: [missing, ...reader.issues], start: keyStart, end: reader.pos, rank: 1 };
}

function candidateAt(text: string, at: number): Candidate | { skipTo: number } {
  const reader = new Reader(text, at);
  const node = reader.value();
  const end = Math.max(reader.pos, at + 1);
  if (node && isPlanLike(node)) return { node, issues: reader.issues, start: at, end, rank: 2 };
  if (node && isStepLike(node))
    return unbraced(text, at) ?? { node, issues: reader.issues, start: at, end, rank: 0 };
  return { skipTo: end };
}

/**
 * Steps cut off from their plan by a stray `}` (`{1: {…}}, 2: {…}}`) are read as a plan without braces; join
 * them back to the plan just before them.
 */
function joinToPrevious(text: string, previous: Candidate | undefined, next: Candidate): Candidate | null {
  if (!previous || next.rank !== 1 || previous.node.kind !== "object" || next.node.kind !== "object")
    return null;
  if (!ONLY_CLOSERS.test(text.slice(previous.end, next.start))) return null;
  const node: ObjectNode = {
    ...previous.node,
    entries: [...previous.node.entries, ...next.node.entries],
    end: next.end,
  };
  return {
    node,
    issues: [...previous.issues, ...next.issues],
    start: previous.start,
    end: next.end,
    rank: 2,
  };
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (let at = nextOpener(text, 0); at !== -1; ) {
    const result = candidateAt(text, at);
    if ("skipTo" in result) {
      at = nextOpener(text, result.skipTo);
      continue;
    }
    const joined = joinToPrevious(text, found.at(-1), result);
    if (joined) found[found.length - 1] = joined;
    else found.push(result);
    at = nextOpener(text, result.end);
  }
  return found;
}

function choose(found: readonly Candidate[]): Candidate | undefined {
  const best = found.reduce((rank, c) => Math.max(rank, c.rank), -1);
  return found.filter((c) => c.rank === best).at(-1);
}

/** Finds the plan in a reply; null when there is nothing a reader could take for a plan. */
export function locatePlan(raw: string): LocatedPlan | null {
  const { text, fenced } = blankFences(raw);
  const found = candidates(text);
  const chosen = choose(found);
  if (!chosen) return null;
  const notices: Notice[] = [];
  if (fenced) notices.push({ code: "code-fence", message: "the plan is wrapped in a markdown code fence" });
  const plans = found.filter((c) => c.rank > 0).length;
  if (plans > 1)
    notices.push({ code: "multiple-plans", message: `the reply holds ${plans} plans; the last is scored` });
  if (/\S/.test(text.slice(0, chosen.start)) || /\S/.test(text.slice(chosen.end)))
    notices.push({ code: "surrounding-prose", message: "there is text before or after the plan" });
  return { node: chosen.node, issues: chosen.issues, notices };
}
