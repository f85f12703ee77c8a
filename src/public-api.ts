/**
 * The library's entry points that take data, checked at the door: a caller from JavaScript (no compiler) who
 * passes `output: 123` or `protocol: "bogus"` gets a TypeError naming the argument and what was expected, not a
 * failure deep inside (`raw.includes is not a function`). Inside the library the unchecked functions are used.
 */
import { type Case, CaseSchema, PROTOCOLS, type Protocol } from "./cases/schema.js";
import { formatPath } from "./errors.js";
import { type Extraction, extractCalls as extractUnchecked } from "./extract/index.js";
import { grade as gradeUnchecked } from "./grade/grade.js";
import type { Output } from "./grade/output.js";
import type { Verdict } from "./grade/verdict.js";
import { mcnemarExact as mcnemarUnchecked } from "./metrics/mcnemar.js";
import { type Summary, summarize as summarizeUnchecked } from "./metrics/summary.js";
import { wilsonInterval as wilsonUnchecked } from "./metrics/wilson.js";
import { renderPrompt as renderUnchecked } from "./protocols/render.js";

function fail(where: string, expected: string, got: unknown): never {
  const shown = typeof got === "string" ? JSON.stringify(got) : got === null ? "null" : typeof got;
  throw new TypeError(`tooluse: ${where}: expected ${expected}, got ${shown}`);
}

function checkCase(where: string, value: unknown): Case {
  const parsed = CaseSchema.safeParse(value);
  if (parsed.success) return value as Case;
  const issue = parsed.error.issues[0];
  return fail(`${where}.${formatPath(issue?.path ?? [])}`, issue?.message ?? "a case", value);
}

function checkProtocol(where: string, value: unknown): Protocol {
  if (typeof value !== "string" || !(PROTOCOLS as readonly string[]).includes(value))
    fail(where, `one of ${PROTOCOLS.join(", ")}`, value);
  return value as Protocol;
}

function checkCount(where: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    fail(where, "a whole number ≥ 0", value);
  return value as number;
}

/** Grades one output against its case (see grade/grade.ts), after checking both arguments. */
export function grade(testCase: Case, output: Output): Verdict {
  checkCase("grade(testCase)", testCase);
  if (output === null || typeof output !== "object")
    fail("grade(output)", "an object {id, protocol, output}", output);
  if (typeof output.id !== "string") fail("grade(output).id", "a string", output.id);
  checkProtocol("grade(output).protocol", output.protocol);
  if (typeof output.output !== "string")
    fail("grade(output).output", "a string (the raw model output)", output.output);
  if (output.id !== testCase.id)
    fail("grade(output).id", `the case's id ${JSON.stringify(testCase.id)}`, output.id);
  return gradeUnchecked(testCase, output);
}

/** Summarises verdicts over their cases (see metrics/summary.ts); every verdict needs its case. */
export function summarize(verdicts: readonly Verdict[], cases: readonly Case[]): Summary {
  if (!Array.isArray(verdicts)) fail("summarize(verdicts)", "an array of verdicts", verdicts);
  if (!Array.isArray(cases)) fail("summarize(cases)", "an array of cases", cases);
  const ids = new Set(cases.map((c: Case, i: number) => checkCase(`summarize(cases[${i}])`, c).id));
  verdicts.forEach((v: Verdict, i: number) => {
    if (v === null || typeof v !== "object" || typeof v.passed !== "boolean")
      fail(`summarize(verdicts[${i}])`, "a verdict from grade()", v);
    if (!ids.has(v.id)) fail(`summarize(verdicts[${i}]).id`, "the id of one of the cases", v.id);
  });
  return summarizeUnchecked(verdicts, cases);
}

/** Reads tool calls from raw model output (see extract/index.ts). */
export function extractCalls(raw: string, options?: Parameters<typeof extractUnchecked>[1]): Extraction {
  if (typeof raw !== "string") fail("extractCalls(raw)", "a string", raw);
  return extractUnchecked(raw, options);
}

/** The messages and tools a protocol sends for a case (see protocols/render.ts). */
export function renderPrompt(
  testCase: Case,
  protocol: Protocol,
  options?: Parameters<typeof renderUnchecked>[2],
): ReturnType<typeof renderUnchecked> {
  checkCase("renderPrompt(testCase)", testCase);
  checkProtocol("renderPrompt(protocol)", protocol);
  return renderUnchecked(testCase, protocol, options);
}

/** The Wilson score interval for `successes` out of `trials` (see metrics/wilson.ts). */
export function wilsonInterval(successes: number, trials: number, z?: number): [number, number] {
  checkCount("wilsonInterval(successes)", successes);
  checkCount("wilsonInterval(trials)", trials);
  if (successes > trials) fail("wilsonInterval(successes)", `at most trials (${trials})`, successes);
  if (z !== undefined && !(typeof z === "number" && z > 0)) fail("wilsonInterval(z)", "a number > 0", z);
  return wilsonUnchecked(successes, trials, z);
}

/** The exact two-sided McNemar p-value for b and c discordant pairs (see metrics/mcnemar.ts). */
export function mcnemarExact(b: number, c: number): number {
  checkCount("mcnemarExact(b)", b);
  checkCount("mcnemarExact(c)", c);
  return mcnemarUnchecked(b, c);
}
