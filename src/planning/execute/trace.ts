/**
 * A step's trace and the moves every executor loop makes on it: start it blank, fill it from the journal on a
 * resume, gather its inputs, keep its output (at most TRACE_ROWS rows), journal it. The plan runner and R1 share
 * them so that a plan step and an R1 call are traced alike.
 */
import type { PlanStep, Tool } from "../../plans/model.js";
import type { JournalEntry, StepJournal } from "./journal.js";
import type { Rows, StepOutput } from "./output.js";
import { emptyDetails, type StepDetails, type StepInput, type StepResult } from "./step.js";

export type StepStatus = "ok" | "failed" | "skipped";

export interface StepTrace {
  step: number;
  tool: Tool;
  status: StepStatus;
  /** True when the output came from the journal of an earlier run. */
  resumed: boolean;
  inputs: number[];
  depends_on: number[];
  /** The prompt as the executor got it (placeholders filled). */
  prompt: string;
  output: StepOutput | null;
  /** Rows the output held in all (the trace keeps at most TRACE_ROWS of them). */
  output_rows: number | null;
  error: string | null;
  latency_ms: number;
  details: StepDetails;
}

/** Rows of an output kept in the trace; the step's full rows still reach later steps. */
export const TRACE_ROWS = 1_000;

/** The output as a trace keeps it (at most TRACE_ROWS rows) and how many rows it held. */
export function traceRows(output: StepOutput | null): { output: StepOutput | null; total: number | null } {
  if (!output?.rows) return { output, total: null };
  const rows: Rows = { columns: output.rows.columns, rows: output.rows.rows.slice(0, TRACE_ROWS) };
  return { output: { ...output, rows }, total: output.rows.rows.length };
}

/** A trace before its step runs; every field is present from the start, so the written key order never varies. */
export function newTrace(
  known: Pick<StepTrace, "step" | "tool" | "status" | "inputs" | "depends_on" | "prompt">,
): StepTrace {
  return {
    step: known.step,
    tool: known.tool,
    status: known.status,
    resumed: false,
    inputs: known.inputs,
    depends_on: known.depends_on,
    prompt: known.prompt,
    output: null,
    output_rows: null,
    error: null,
    latency_ms: 0,
    details: emptyDetails(),
  };
}

/** Fills a trace from the journal of an earlier run and returns the step's full output. */
export function resumeTrace(trace: StepTrace, entry: JournalEntry): StepOutput {
  Object.assign(trace, {
    status: "ok",
    resumed: true,
    output: traceRows(entry.output).output,
    output_rows: entry.output.rows?.rows.length ?? null,
    details: entry.details,
    latency_ms: entry.latency_ms,
  });
  return entry.output;
}

/** What a step gets from the earlier steps it names (each has succeeded: the caller checked). */
export function stepInputs(
  named: readonly number[],
  steps: ReadonlyMap<number, PlanStep>,
  outputs: ReadonlyMap<number, StepOutput>,
): StepInput[] {
  return named.map((id) => {
    const source = steps.get(id) as PlanStep;
    return { step: id, tool: source.tool, prompt: source.prompt, output: outputs.get(id) as StepOutput };
  });
}

/** An executor that threw, as a failed result: a step's failure is recorded, never thrown. */
export function thrownResult(error: unknown): StepResult {
  return {
    ok: false,
    error: error instanceof Error ? error.message : String(error),
    details: emptyDetails(),
  };
}

/** Marks a trace succeeded with the output it keeps. */
export function keepOutput(trace: StepTrace, output: StepOutput): void {
  const kept = traceRows(output);
  Object.assign(trace, { status: "ok", output: kept.output, output_rows: kept.total });
}

/** Journals a finished step, so that a resumed run skips it. */
export function journalStep(
  journal: StepJournal | undefined,
  at: { plan: string; digest: string; step: number },
  trace: StepTrace,
  output: StepOutput,
): void {
  journal?.record({ ...at, output, details: trace.details, latency_ms: trace.latency_ms });
}
