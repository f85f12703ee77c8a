/** Where the copied public benchmark files live (../shared/research/data beside the package), for tests that need them. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../paths.js";
import type { Requirement } from "../../test-support/requirements.js";
import type { SourceText } from "../records.js";

/**
 * CI clones the repository into some folder with a copy of shared/ beside it; so does every working copy here.
 * TOOLUSE_RESEARCH_DATA points elsewhere (or at nothing, to see the skips).
 */
export const RESEARCH_DATA_DIR =
  process.env.TOOLUSE_RESEARCH_DATA ?? join(PACKAGE_ROOT, "..", "shared", "research", "data");
export const RESEARCH_DATA_PRESENT = existsSync(join(RESEARCH_DATA_DIR, "MANIFEST.md"));
/**
 * What the data tests need: the copied public benchmark files. Missing on a plain clone (the tests skip, and the run
 * ends with one line saying so); CI has them, so under CI their absence fails the run.
 */
export const RESEARCH_DATA: Requirement = {
  name: "TOOLUSE_RESEARCH_DATA",
  missing: RESEARCH_DATA_PRESENT
    ? null
    : `${RESEARCH_DATA_DIR} has no MANIFEST.md; point TOOLUSE_RESEARCH_DATA at the copied BFCL and When2Call files (../shared/research/data beside the repository by default)`,
  requiredInCi: true,
};

const BFCL_PREFIX = "ShishirPatil__gorilla/berkeley-function-call-leaderboard__bfcl_eval__data__";

/** The BFCL v4 categories copied there; those with possible answers need them to import. */
export const BFCL_CATEGORIES = [
  { category: "simple_python", answers: true },
  { category: "multiple", answers: true },
  { category: "parallel", answers: true },
  { category: "parallel_multiple", answers: true },
  { category: "live_simple", answers: true },
  { category: "live_parallel", answers: true },
  { category: "irrelevance", answers: false },
  { category: "live_irrelevance", answers: false },
  { category: "live_relevance", answers: false },
] as const;

function source(relative: string): SourceText {
  const file = join(RESEARCH_DATA_DIR, relative);
  return { file, text: readFileSync(file, "utf8") };
}

/** The question file (and possible-answer file, when the category has one) of a BFCL category. */
export function bfclSources(category: string, withAnswers: boolean) {
  return {
    questions: source(`${BFCL_PREFIX}BFCL_v4_${category}.json`),
    answers: withAnswers ? source(`${BFCL_PREFIX}possible_answer__BFCL_v4_${category}.json`) : undefined,
  };
}

/** When2Call's LLM-judge test file: 300 labelled cases, four model-written replies each. */
export function when2callSource(): SourceText {
  return source("NVIDIA__When2Call/data__test__when2call_test_llm_judge.jsonl");
}
