/** Finds the cases a run was scored on, by digest: the case browser shows conversations only from the exact corpus. */
import type { Case } from "../cases/schema.js";
import { CaseSchema } from "../cases/schema.js";
import { parseJsonl } from "../jsonl.js";
import { sha256 } from "../runner/canonical-json.js";
import type { ReportRun } from "../runner/results-schema.js";
import { corpusCandidates, readCorpusCandidate } from "./verify.js";

/** The cases of each digest found, or why a digest was not found (shown in the report instead of conversations). */
export interface CorpusLookup {
  cases: Map<string, Map<string, Case>>;
  missing: Map<string, string>;
}

/** Reads each distinct digest's corpus once; a file whose digest differs is never used (its cases may differ). */
export function findCorpora(runs: readonly ReportRun[]): CorpusLookup {
  const lookup: CorpusLookup = { cases: new Map(), missing: new Map() };
  const texts = new Map<string, string | null>();
  for (const run of runs) {
    const digest = run.results.corpus.digest;
    if (lookup.cases.has(digest)) continue;
    for (const file of corpusCandidates(run.results, run.file)) {
      if (!texts.has(file)) texts.set(file, readCorpusCandidate(file));
      const text = texts.get(file);
      if (text === null || text === undefined || `sha256:${sha256(text)}` !== digest) continue;
      const cases = parseJsonl(text, file, CaseSchema);
      lookup.cases.set(digest, new Map(cases.map((c) => [c.id, c])));
      lookup.missing.delete(digest);
      break;
    }
    if (!lookup.cases.has(digest))
      lookup.missing.set(
        digest,
        `no corpus file with digest ${digest} found (looked at ${run.results.config.cases_file})`,
      );
  }
  return lookup;
}
