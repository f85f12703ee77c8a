/** The packaged reference SQL (data/plans/references.jsonl), read and checked once. */
import { join } from "node:path";
import { readJsonl } from "../../jsonl.js";
import { DATA_DIR } from "../../paths.js";
import { REFERENCES_FILE, type ReferenceSql, ReferenceSqlSchema } from "../../plans/data/references.js";

export const REFERENCES_PATH = join(DATA_DIR, "plans", REFERENCES_FILE);

export function readReferences(file: string = REFERENCES_PATH): ReferenceSql[] {
  return readJsonl(file, ReferenceSqlSchema);
}
