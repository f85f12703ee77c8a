/**
 * The case browser's data, compact: every string once in a pool (outputs, reasons and system prompts repeat across
 * runs and protocols), records as a flat number array. 10 runs × 564 records stay well under a few MB.
 */
import type { Case, Protocol } from "../../cases/schema.js";
import { type PromptOptions, promptDigests } from "../../protocols/prompts.js";
import type { ReportRecord, ReportRun } from "../../runner/results-schema.js";
import type { CorpusLookup } from "../corpus.js";
import {
  CONVERSATION_ROLES,
  describeCalls,
  describeExpectation,
  renderedConversation,
  runPromptOptions,
} from "./describe-case.js";
import { measured } from "./record-stats.js";

export const RECORD_STRIDE = 10;
export const STATUS = { passed: 0, failed: 1, error: 2 } as const;
const ROLES = CONVERSATION_ROLES;

export interface BrowserData {
  runs: { label: string; color: string }[];
  protocols: string[];
  roles: readonly string[];
  strings: string[];
  /** [id, lang, category, difficulty, expectation (string index, −1 when the corpus was not found)] */
  cases: [string, string, string, string, number][];
  /** "case:protocol" → [role, string, role, string, …]: the conversation as rendered to the model. */
  conversations: Record<string, number[]>;
  /**
   * Stride 10: run, case, protocol, status (0 passed, 1 failed, 2 error), output, calls, reason (string indices,
   * −1 = none), latency in ms, prompt tokens, completion tokens (−1 = not recorded: shown "–", never 0).
   */
  records: number[];
  /** Why some corpora could not be shown (no file with the run's digest). */
  notes: string[];
}

class StringPool {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  add(text: string | null): number {
    if (text === null) return -1;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

/** A case's lang and category from its id (`<category>-<lang>-<nn>`) when its corpus is not at hand. */
function fromId(id: string): [string, string] {
  const match = /^(.+)-([a-z]{2})-\d+$/.exec(id);
  return match ? [match[2] as string, match[1] as string] : ["?", "?"];
}

/** Conversations are rendered by this harness; the note that says so when a run was made with other system prompts. */
export function promptNote(run: ReportRun): string | null {
  const current = promptDigests(runPromptOptions(run.results)) as Record<string, string>;
  const used = run.results.prompts?.sha256 ?? {};
  const differs = run.results.config.protocols.some((p) => used[p] !== undefined && used[p] !== current[p]);
  return differs
    ? `${run.label} was run with other system prompts (version ${run.results.prompts?.version}); conversations show this harness's prompts`
    : null;
}

function promptNotes(runs: readonly ReportRun[]): string[] {
  return runs.flatMap((run) => promptNote(run) ?? []);
}

/** Collects cases, conversations and records once each, in the order the runs list them. */
class BrowserDataBuilder {
  readonly pool = new StringPool();
  readonly protocols: string[] = [];
  readonly cases: BrowserData["cases"] = [];
  readonly conversations: Record<string, number[]> = {};
  readonly records: number[] = [];
  private readonly caseIndex = new Map<string, number>();

  constructor(private readonly corpora: CorpusLookup) {}

  /** Cases are keyed by digest and id: two corpora may use one id for different cases. */
  private caseFor(digest: string, id: string): [number, Case | undefined] {
    const key = `${digest}\u0000${id}`;
    const testCase = this.corpora.cases.get(digest)?.get(id);
    let index = this.caseIndex.get(key);
    if (index === undefined) {
      index = this.cases.length;
      const [lang, category] = testCase ? [testCase.lang, testCase.category] : fromId(id);
      const expectation = testCase ? this.pool.add(describeExpectation(testCase)) : -1;
      this.cases.push([id, lang, category, testCase?.difficulty ?? "unspecified", expectation]);
      this.caseIndex.set(key, index);
    }
    return [index, testCase];
  }

  private protocolIndex(protocol: string): number {
    const i = this.protocols.indexOf(protocol);
    return i === -1 ? this.protocols.push(protocol) - 1 : i;
  }

  /** The conversation as rendered to the model, once per (case, protocol) whatever the number of runs. */
  private addConversation(key: string, testCase: Case, protocol: Protocol, options: PromptOptions): void {
    if (key in this.conversations) return;
    this.conversations[key] = renderedConversation(testCase, protocol, options).flatMap((m) => [
      ROLES.indexOf(m.role),
      this.pool.add(m.text),
    ]);
  }

  addRecord(runIndex: number, digest: string, record: ReportRecord, options: PromptOptions): void {
    const [c, testCase] = this.caseFor(digest, record.id);
    const p = this.protocolIndex(record.protocol);
    if (testCase) this.addConversation(`${c}:${p}`, testCase, record.protocol, options);
    const verdict = record.verdict;
    const status =
      record.status === "error" || !verdict ? STATUS.error : verdict.passed ? STATUS.passed : STATUS.failed;
    this.records.push(
      runIndex,
      c,
      p,
      status,
      this.pool.add(record.output),
      this.pool.add(verdict ? describeCalls(verdict.calls) : null),
      this.pool.add(verdict ? verdict.reason : record.error),
      measured(record, "latency_ms") ?? -1,
      measured(record, "prompt_tokens") ?? -1,
      measured(record, "completion_tokens") ?? -1,
    );
  }
}

export function buildBrowserData(
  runs: readonly ReportRun[],
  corpora: CorpusLookup,
  colors: readonly string[],
): BrowserData {
  const builder = new BrowserDataBuilder(corpora);
  runs.forEach((run, runIndex) => {
    const options = runPromptOptions(run.results);
    for (const record of run.results.records) {
      builder.addRecord(runIndex, run.results.corpus.digest, record, options);
    }
  });
  return {
    runs: runs.map((run, i) => ({ label: run.label, color: colors[i] ?? "#888" })),
    protocols: builder.protocols,
    roles: ROLES,
    strings: builder.pool.strings,
    cases: builder.cases,
    conversations: builder.conversations,
    records: builder.records,
    notes: [...corpora.missing.values(), ...promptNotes(runs)],
  };
}
