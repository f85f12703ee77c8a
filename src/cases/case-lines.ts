/**
 * Reading a cases JSONL file line by line with the quick check (quick-check.ts), without the schema library: lines
 * it passes are cases as they are; the others go to the case schema the caller hands in (load.ts), or, with none,
 * make the read answer null so the caller can load the schema and read again. A run on a suite whose every line
 * passes (ToolUse.1 does) never loads zod (issue 28's cached re-run).
 */
import { UserError } from "../errors.js";
import { forEachByteLine, parseJsonLine } from "../jsonl.js";
import { isJsonSpace } from "../text/chars.js";
import { isPlainCase } from "./quick-check.js";
import type { Case } from "./schema.js";

/** The case schema's verdict on one line's value (`where` names the line): the case, or a UserError thrown. */
export type CaseCheck = (value: unknown, where: string) => Case;

/** Thrown inside the read at the first line only the schema can decide, when no schema was given. */
const NEEDS_SCHEMA = new (class NeedsSchema {})();

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
 * Every case of a JSONL file: each line the quick check passes as it is, the others through `schema` (the case
 * schema, load.ts). Without a schema, null at the first line the quick check does not pass: the caller loads the
 * schema and reads the file again (a run on a suite that passes never loads zod). Suites that copy one question
 * under many ids (generated or sampled sets: 25 outputs of one BFCL question are 25 cases) are decoded and
 * validated once per distinct body: a line whose bytes after its leading id equal an earlier line's reuses that
 * case under its own id. Copies share the body, which graders treat as read-only.
 */
export function readCaseLines(file: string, schema: CaseCheck): Case[];
export function readCaseLines(file: string, schema: null): Case[] | null;
export function readCaseLines(file: string, schema: CaseCheck | null): Case[] | null {
  const cases: Case[] = [];
  try {
    readLines(file, schema, cases);
  } catch (error) {
    if (error === NEEDS_SCHEMA) return null;
    throw error;
  }
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UserError(`${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}

/** The lines of `file` as cases, onto `cases`; throws NEEDS_SCHEMA at the first line only the schema can decide. */
function readLines(file: string, schema: CaseCheck | null, cases: Case[]): void {
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
    let parsed: Case;
    if (isPlainCase(value)) parsed = value;
    else if (schema) parsed = schema(value, where);
    else throw NEEDS_SCHEMA;
    // Only when the leading id is the one JSON kept (a repeated "id" key later in the line would win instead).
    if (lead && key !== undefined && parsed.id === lead.id) {
      bodies.set(key, parsed);
      last = { body: Buffer.from(bytes.subarray(lead.body, end)), parsed };
    }
    cases.push(parsed);
  });
}
