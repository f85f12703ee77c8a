/** Loads a cases JSONL file, validating every line against the case schema. */
import { z } from "zod";
import { UserError } from "../errors.js";
import { parseLine, readTextFile } from "../jsonl.js";
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

/** A line that starts with its id, as every file we write does: the id's JSON string, and the rest of the line. */
const LEADING_ID = /^\{"id":("(?:[^"\\]|\\.)*")/;

/** The line without the spaces, tabs and carriage returns JSON allows around a value (a regex would scan it all). */
function trimJsonSpace(line: string): string {
  let start = 0;
  let end = line.length;
  const space = (code: number) => code === 32 || code === 9 || code === 13;
  while (start < end && space(line.charCodeAt(start))) start++;
  while (end > start && space(line.charCodeAt(end - 1))) end--;
  return start === 0 && end === line.length ? line : line.slice(start, end);
}

/** Bytes held one per character (a latin1 string) → the text they encode. */
function utf8(bytes: string): string {
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * Every case of a JSONL file, validated against the case schema. Suites that copy one question under many ids
 * (generated or sampled sets: 25 outputs of one BFCL question are 25 cases) are decoded and validated once per
 * distinct body: a line whose bytes after its leading id equal an earlier line's reuses that case under its own
 * id. Copies share the body, which graders treat as read-only.
 */
export function loadCases(file: string): Case[] {
  // Lines are compared as bytes (latin1, one character per byte): only distinct ones are decoded from UTF-8.
  const lines = readTextFile(file, "latin1").split("\n");
  const cases: Case[] = [];
  const bodies = new Map<string, Case>();
  for (let index = 0; index < lines.length; index++) {
    const line = trimJsonSpace(lines[index] ?? "");
    if (line === "") continue;
    const lead = LEADING_ID.exec(line);
    const id = lead ? (JSON.parse(utf8(lead[1] as string)) as string) : "";
    const body = lead ? line.slice(lead[0].length) : "";
    const known = id === "" ? undefined : bodies.get(body);
    if (known) {
      cases.push({ ...known, id });
      continue;
    }
    const parsed = parseLine(utf8(line), `${file}:${index + 1}`, CaseLineSchema);
    // Only when the leading id is the one JSON kept (a repeated "id" key later in the line would win instead).
    if (id !== "" && parsed.id === id) bodies.set(body, parsed);
    cases.push(parsed);
  }
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UserError(`${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
