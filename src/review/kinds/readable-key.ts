/**
 * A task's key as a person reads it. Keys are JSON lists made for uniqueness (`["mock","ToolUse.1",
 * "calculator-en-01","json"]`); the pages show their parts in the order a reviewer looks for them, joined by " · "
 * ("calculator-en-01 · json · mock"), leaving out the empty ones. A key that is not such a list is shown as it is.
 */
import type { TaskKind } from "../contract.js";

type Part = { at: number; label?: string };

/** Which parts of each kind's key to show, in order (indexes into the key's list; `label` prefixes a number). */
const PARTS: Readonly<Record<TaskKind, readonly Part[]>> = {
  lineage: [{ at: 0 }],
  answers: [{ at: 0 }],
  // [query, planner, prompt type]
  "plan-rating": [{ at: 0 }, { at: 1 }, { at: 2 }],
  triplet: [{ at: 0 }, { at: 1 }, { at: 2 }],
  // [query, planner, prompt type, pass, step]
  "step-tags": [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3, label: "pass" }, { at: 4, label: "step" }],
  // [model, suite, case, protocol]: the case first, as the report lists records; the suite only when not ToolUse.1.
  verdict: [{ at: 2 }, { at: 3 }, { at: 0 }, { at: 1 }],
};

/** The suite every verdict key names unless it came from an imported suite: saying it on every task is noise. */
const DEFAULT_SUITE = "ToolUse.1";

function parts(key: string): unknown[] | null {
  if (!key.startsWith("[")) return null;
  try {
    const value: unknown = JSON.parse(key);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export function readableKey(kind: TaskKind, key: string): string {
  const list = parts(key);
  if (list === null) return key;
  const shown = PARTS[kind].flatMap(({ at, label }) => {
    const value = list[at];
    if (value === null || value === undefined || value === "") return [];
    if (kind === "verdict" && at === 1 && value === DEFAULT_SUITE) return [];
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return [label ? `${label} ${text}` : text];
  });
  return shown.length > 0 ? shown.join(" · ") : key;
}
