/** Loads a cases JSONL file, validating every line against the case schema. */
import { z } from "zod";
import { checkValue } from "../jsonl.js";
import { readCaseLines } from "./case-lines.js";
import { type Case, CaseSchema } from "./schema.js";

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
}

/**
 * The issue to show for a failed union: the branch that got furthest into the value (longest path), a value
 * error before a type error, recursively; so a typo deep in a tool definition is named, not "invalid input".
 */
export function deepestIssue(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || !issue.errors || issue.errors.length === 0) return issue;
  const rank = (candidate: Issue) => candidate.path.length * 2 + (candidate.code === "invalid_type" ? 0 : 1);
  let best: Issue | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const candidate = deepestIssue(first);
    if (!best || rank(candidate) > rank(best)) best = candidate;
  }
  return best ? { ...best, path: [...issue.path, ...best.path] } : issue;
}

/** The case schema, with union failures reported at the deepest field at fault. */
export const CaseLineSchema = z.unknown().transform((value, ctx): Case => {
  const parsed = CaseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const deepest = deepestIssue(issue as Issue);
    ctx.addIssue({ code: "custom", path: deepest.path, message: deepest.message });
  }
  return z.NEVER;
});

/**
 * Every case of a JSONL file, validated against the case schema (lines the quick check passes are taken as they
 * are: the schema would return them unchanged; see case-lines.ts).
 */
export function loadCases(file: string): Case[] {
  return readCaseLines(file, (value, where) => checkValue(value, where, CaseLineSchema));
}
