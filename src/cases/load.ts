/** Loads a cases JSONL file, validating every line against the case schema. */
import { z } from "zod";
import { UserError } from "../errors.js";
import { checkValue, forEachByteLine, parseJsonLine } from "../jsonl.js";
import { isJsonSpace } from "../text/chars.js";
import { isPlainCase } from "./quick-check.js";
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

const QUOTE = 34;
const BACKSLASH = 92;
/** `{"id":"`, the start of every line we write: a case's id first, then its body. */
const ID_KEY = Buffer.from('{"id":"');

/**
 * The id a line starts with (`{"id":"…"`) and where the rest of the line (its body) begins; undefined when the line
 * does not start so or its id is not a valid non-empty JSON string (the full parse then reports the line).
 */
function leadingId(bytes: Buffer, start: number, end: number): { id: string; body: number } | undefined {
  if (
    end - start < ID_KEY.length ||
    bytes.compare(ID_KEY, 0, ID_KEY.length, start, start + ID_KEY.length) !== 0
  )
    return undefined;
  const open = start + ID_KEY.length - 1;
  let escaped = false;
  // UTF-8 continuation bytes are all ≥ 0x80, so a quote or backslash byte is always that character.
  for (let index = open + 1; index < end; index++) {
    const byte = bytes[index] as number;
    if (byte < 32) return undefined; // a control character JSON does not allow in a string
    if (byte === BACKSLASH) {
      escaped = true;
      index++;
    } else if (byte === QUOTE) {
      if (index === open + 1) return undefined;
      const body = index + 1;
      if (!escaped) return { id: bytes.toString("utf8", open + 1, index), body };
      try {
        return { id: JSON.parse(bytes.toString("utf8", open, body)) as string, body };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Every case of a JSONL file, validated against the case schema. Suites that copy one question under many ids
 * (generated or sampled sets: 25 outputs of one BFCL question are 25 cases) are decoded and validated once per
 * distinct body: a line whose bytes after its leading id equal an earlier line's reuses that case under its own
 * id. Copies share the body, which graders treat as read-only.
 */
export function loadCases(file: string): Case[] {
  const cases: Case[] = [];
  // Lines are compared as bytes: only distinct ones are decoded from UTF-8 and validated.
  const bodies = new Map<string, Case>();
  // The last distinct body (a copy: the read buffer is reused), compared first: copies usually follow one another.
  let last: { body: Buffer; parsed: Case } | undefined;
  forEachByteLine(file, (bytes, lineStart, lineEnd, number) => {
    let start = lineStart;
    let end = lineEnd;
    while (start < end && isJsonSpace(bytes[start] as number)) start++;
    while (end > start && isJsonSpace(bytes[end - 1] as number)) end--;
    if (start === end) return;
    const lead = leadingId(bytes, start, end);
    let key: string | undefined;
    if (lead) {
      if (last && bytes.compare(last.body, 0, last.body.length, lead.body, end) === 0) {
        cases.push({ ...last.parsed, id: lead.id });
        return;
      }
      // Bytes held one per character (latin1): a key that is equal exactly when the bytes are.
      key = bytes.toString("latin1", lead.body, end);
      const known = bodies.get(key);
      if (known) {
        cases.push({ ...known, id: lead.id });
        return;
      }
    }
    const where = `${file}:${number}`;
    const value = parseJsonLine(bytes.toString("utf8", start, end), where);
    const parsed = isPlainCase(value) ? value : checkValue(value, where, CaseLineSchema);
    // Only when the leading id is the one JSON kept (a repeated "id" key later in the line would win instead).
    if (lead && key !== undefined && parsed.id === lead.id) {
      bodies.set(key, parsed);
      last = { body: Buffer.from(bytes.subarray(lead.body, end)), parsed };
    }
    cases.push(parsed);
  });
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UserError(`${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
