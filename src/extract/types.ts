/** Types shared by the extractor chain: what an extractor receives and what it hands back. */

import type { LenientResult } from "../text/lenient-json.js";
import type { Call, ToolSpec } from "../tools/types.js";

/** The extractor families of spec §3.1, in the order the chain tries them. */
export type ExtractorName = "xml" | "json" | "plain" | "pythonic" | "bare_arguments" | "harmony";

/** A call dialect beyond SPEC §3.1's chain that a call was read in: named in the verdict's leniency. */
export type Dialect = "pythonic" | "glm" | "deepseek" | "harmony" | "invoke";

/** A half-open character range `[start, end)` of the cleaned text. */
export interface Span {
  start: number;
  end: number;
}

/** What one extractor found: the calls in order, and the ranges of text it consumed for them. */
export interface ExtractorResult {
  calls: Call[];
  spans: Span[];
}

/** A balanced `{…}` or `[…]` region that may hold JSON. */
export interface JsonSpan extends Span {
  /** It closed while an outer bracket stayed open (or broke), so it is not a top-level object of the text. */
  orphan: boolean;
}

/** A balanced span of the text and what the lenient reader made of it. */
export interface JsonCandidate {
  span: JsonSpan;
  parsed: LenientResult;
}

/** Read-only facts every extractor may use; the JSON scan and parse are shared and done at most once. */
export interface ExtractContext {
  tools: readonly ToolSpec[];
  /** Names and aliases of the offered tools, for the few shapes that are only a call if the name is known. */
  toolNames: ReadonlySet<string>;
  jsonCandidates(): readonly JsonCandidate[];
  /** Whether call-object keys count in any case convention (`tooluse`, with the dialects; call-shape.ts). */
  keySpellings?: boolean;
  /** A JSON text between call tags, read as the profile reads JSON (E9: a repaired text reads as nothing). */
  readJson?(text: string): LenientResult;
}

export type Extractor = (text: string, context: ExtractContext) => ExtractorResult;

/** The outcome of reading one raw model output. */
export interface Extraction {
  /** In order of appearance; names as written (alias resolution is the grader's job), arguments as JSON values. */
  calls: Call[];
  /** The text looks like a call attempt but no extractor yielded a call. */
  malformed: boolean;
  /** The text left after removing thinking and all call payloads, whitespace tidied. */
  prose: string;
  /** Which extractor yielded the calls; null when none did. */
  shape: ExtractorName | null;
  /** Present when the calls were read in a dialect beyond SPEC §3.1's chain (a leniency the verdict names). */
  dialect?: Dialect;
  /** Present when a call was read from JSON that parses only after a repair (E9 under `tooluse`: a named leniency). */
  repairedJson?: true;
  /** Present when a call was read from a JSON object whose keys are respelled (`functionCall`, `Arguments`): named. */
  respelledKeys?: true;
  /**
   * Present when the output ended in a call cut off after the calls read (E8's cut tail, 2.9.0: a runaway repeat or
   * the next call, stopped mid-way). The calls were made; the fragment is a malformed attempt beside them.
   */
  cutTail?: true;
}
