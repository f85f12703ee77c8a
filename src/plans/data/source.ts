/** Reading the authored sources `corpus/plans/<tr|te>-<nn>.yaml`: YAML lists of queries, validated entry by entry. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { formatPath, UserError } from "../../errors.js";
import { readYamlFile, yamlValue } from "../../input/yaml.js";
import { type SourceEntry, SourceEntrySchema, SPLIT_PREFIX, type Split } from "./schema.js";

export const SOURCE_FILE = /^(tr|te)-\d{2}\.yaml$/;

/** An entry with where it came from, for error messages: `corpus/plans/te-01.yaml: entry #3 (te-045)`. */
export interface LocatedEntry {
  where: string;
  split: Split;
  entry: SourceEntry;
}

/** One line naming file, entry, field and what was expected. */
export function entryError(where: string, field: string, expected: string): UserError {
  return new UserError(`${where}: field ${field}: ${expected}`);
}

function splitOfPrefix(prefix: string): Split {
  return prefix === SPLIT_PREFIX.train ? "train" : "test";
}

function readFile(path: string, shown: string): LocatedEntry[] {
  const source = readYamlFile(path, shown, { prettyErrors: true });
  const error = source.doc.errors[0];
  if (error) throw new UserError(`${shown}:${error.linePos?.[0]?.line ?? "?"}: invalid YAML (${error.code})`);
  const entries: unknown = yamlValue(source, shown);
  if (!Array.isArray(entries)) throw new UserError(`${shown}: expected a YAML list of queries`);
  const prefix = shown.split("/").at(-1)?.slice(0, 2) ?? "";
  const split = splitOfPrefix(prefix);
  return entries.map((raw: unknown, index) => {
    const id = typeof raw === "object" && raw && "query_id" in raw ? ` (${String(raw.query_id)})` : "";
    const where = `${shown}: entry #${index + 1}${id}`;
    const parsed = SourceEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw entryError(where, formatPath(issue?.path ?? []), issue?.message ?? "invalid");
    }
    const entry = parsed.data;
    if (!entry.query_id.startsWith(`${prefix}-`))
      throw entryError(
        where,
        "query_id",
        `expected an id starting with ${prefix}- in a ${prefix}-*.yaml file`,
      );
    if (split === "test" && entry.lineage !== undefined)
      throw entryError(where, "lineage", "expected no lineage: test queries have none");
    if (split === "train" && entry.lineage === undefined)
      throw entryError(where, "lineage", "expected 3–6 revisions: every train query has a lineage");
    return { where, split, entry };
  });
}

/** Every entry of every source file, files in name order, entries in file order. */
export function readSources(dir: string, shownDir = "corpus/plans"): LocatedEntry[] {
  const files = readdirSync(dir)
    .filter((file) => SOURCE_FILE.test(file))
    .sort();
  return files.flatMap((file) => readFile(join(dir, file), `${shownDir}/${file}`));
}
