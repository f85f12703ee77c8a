/** Loads a cases JSONL file, validating every line against the case schema. */
import { UserError } from "../errors.js";
import { readJsonl } from "../jsonl.js";
import { type Case, CaseSchema } from "./schema.js";

export function loadCases(file: string): Case[] {
  const cases = readJsonl(file, CaseSchema);
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UserError(`${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
