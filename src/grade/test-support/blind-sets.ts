/**
 * Blind sets (issue 25): replies and output shapes written and labelled by someone who never read the grader, graded
 * here with the real grader (the profile `tooluse grade` uses) and compared with the labels. One module for the bench
 * (`bench/blind-replies.ts <folder>`) and the regression test over `src/grade/fixtures/blind/*`, so both count alike.
 *
 * A folder holds `replies.jsonl` (no-call replies labelled with a behaviour and a pass) and/or `shapes.jsonl` (outputs
 * with call syntax in prose, labelled with the number of real calls, malformed and a pass).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Case } from "../../cases/schema.js";
import { PROTOCOLS } from "../../cases/schema.js";
import { UserError } from "../../errors.js";
import { readJsonl } from "../../jsonl.js";
import type { Behaviour } from "../behaviour.js";
import { noCallExpectation } from "../expectation.js";
import type { GradingProfile } from "../profiles.js";

const BEHAVIOURS = ["answer", "refusal", "question"] as const;

const Common = {
  n: z.number(),
  id: z.string(),
  protocol: z.enum(PROTOCOLS),
  lang: z.string(),
  output: z.string(),
  style: z.string().optional(),
  model_style: z.string().optional(),
  why: z.string().optional(),
  ambiguous: z.boolean().optional(),
};

const ReplySchema = z.object({
  ...Common,
  label: z.object({ behaviour: z.enum(BEHAVIOURS), passed: z.boolean() }),
});
const ShapeSchema = z.object({
  ...Common,
  label: z.object({ calls: z.number().int().min(0), malformed: z.boolean(), passed: z.boolean() }),
});

export type BlindReply = z.infer<typeof ReplySchema>;
export type BlindShape = z.infer<typeof ShapeSchema>;

export interface BlindSet {
  folder: string;
  replies: BlindReply[] | undefined;
  shapes: BlindShape[] | undefined;
}

/** Reads a blind-set folder; a bad line is a UserError naming file, line and field. */
export function readBlindSet(folder: string): BlindSet {
  const file = (name: string) => join(folder, name);
  const replies = existsSync(file("replies.jsonl"))
    ? readJsonl(file("replies.jsonl"), ReplySchema)
    : undefined;
  const shapes = existsSync(file("shapes.jsonl")) ? readJsonl(file("shapes.jsonl"), ShapeSchema) : undefined;
  if (replies === undefined && shapes === undefined)
    throw new UserError(`${folder}: expected replies.jsonl and/or shapes.jsonl, found neither`);
  return { folder, replies, shapes };
}

export interface Cell {
  total: number;
  /** The verdict's `passed` equals the label's. */
  passed: number;
  /** The verdict's `behaviour` equals the label's. */
  behaviour: number;
}

export interface ReplyAgreement {
  total: number;
  passed: number;
  behaviour: number;
  /** Keyed `lang × expectation` (`en × answer`), in first-seen order. */
  cells: Map<string, Cell>;
  ambiguous: number;
  /** One line per item where the verdict and the label disagree on passed or behaviour. */
  disagreements: string[];
}

function caseOf(cases: ReadonlyMap<string, Case>, id: string, where: string): Case {
  const testCase = cases.get(id);
  if (testCase === undefined) throw new UserError(`${where}: id ${id} is not a case`);
  return testCase;
}

const shown = (text: string) => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);

/** Grades every labelled no-call reply against its case and counts where verdict and label agree. */
export function measureReplies(
  replies: readonly BlindReply[],
  cases: ReadonlyMap<string, Case>,
  grader: GradingProfile,
): ReplyAgreement {
  const result: ReplyAgreement = {
    total: 0,
    passed: 0,
    behaviour: 0,
    cells: new Map(),
    ambiguous: 0,
    disagreements: [],
  };
  for (const reply of replies) {
    const testCase = caseOf(cases, reply.id, `replies #${reply.n}`);
    const expectation = noCallExpectation(testCase.expect)?.no_call ?? "call";
    const verdict = grader.grade(testCase, { id: reply.id, protocol: reply.protocol, output: reply.output });
    const passedAgrees = verdict.passed === reply.label.passed;
    const behaviour: Behaviour | undefined = verdict.behaviour;
    const behaviourAgrees = behaviour === reply.label.behaviour;
    const key = `${reply.lang} × ${expectation}`;
    const cell = result.cells.get(key) ?? { total: 0, passed: 0, behaviour: 0 };
    result.cells.set(key, cell);
    cell.total++;
    result.total++;
    if (reply.ambiguous) result.ambiguous++;
    if (passedAgrees) {
      cell.passed++;
      result.passed++;
    }
    if (behaviourAgrees) {
      cell.behaviour++;
      result.behaviour++;
    }
    if (!passedAgrees || !behaviourAgrees) {
      result.disagreements.push(
        `#${reply.n} ${reply.id} ${reply.protocol}${reply.ambiguous ? " (ambiguous)" : ""} [${reply.style ?? ""}] ` +
          `label ${reply.label.behaviour}/${reply.label.passed ? "pass" : "fail"}, ` +
          `grader ${behaviour ?? "-"}/${verdict.passed ? "pass" : "fail"} (${verdict.reason}): ${shown(reply.output)}`,
      );
    }
  }
  return result;
}

export interface ShapeAgreement {
  total: number;
  calls: number;
  malformed: number;
  passed: number;
  /** All three agree: the output is graded as labelled. */
  all: number;
  disagreements: string[];
}

/** Grades every labelled output shape and counts where the calls, malformed flag and verdict agree. */
export function measureShapes(
  shapes: readonly BlindShape[],
  cases: ReadonlyMap<string, Case>,
  grader: GradingProfile,
): ShapeAgreement {
  const result: ShapeAgreement = { total: 0, calls: 0, malformed: 0, passed: 0, all: 0, disagreements: [] };
  for (const shape of shapes) {
    const testCase = caseOf(cases, shape.id, `shapes #${shape.n}`);
    const verdict = grader.grade(testCase, { id: shape.id, protocol: shape.protocol, output: shape.output });
    const calls = verdict.calls.length === shape.label.calls;
    const malformed = verdict.malformed === shape.label.malformed;
    const passed = verdict.passed === shape.label.passed;
    result.total++;
    if (calls) result.calls++;
    if (malformed) result.malformed++;
    if (passed) result.passed++;
    if (calls && malformed && passed) result.all++;
    else {
      result.disagreements.push(
        `#${shape.n} ${shape.id} ${shape.protocol} [${shape.style ?? ""}] label calls=${shape.label.calls} ` +
          `malformed=${shape.label.malformed} ${shape.label.passed ? "pass" : "fail"}, grader calls=` +
          `${verdict.calls.length} malformed=${verdict.malformed} ${verdict.passed ? "pass" : "fail"} ` +
          `(${verdict.reason}): ${shown(shape.output)}`,
      );
    }
  }
  return result;
}

const percent = (agreed: number, total: number) =>
  total === 0 ? "—" : `${((100 * agreed) / total).toFixed(1)}% (${agreed}/${total})`;

/** The replies' figures as Markdown: overall, then one row per language × expectation. */
export function formatReplies(result: ReplyAgreement): string {
  const rows = [...result.cells.entries()].sort(([a], [b]) => a.localeCompare(b));
  return [
    `passed agreement ${percent(result.passed, result.total)}; behaviour agreement ${percent(result.behaviour, result.total)}` +
      (result.ambiguous > 0 ? `; ${result.ambiguous} labelled ambiguous (counted)` : ""),
    "",
    "| lang × expectation | passed agrees | behaviour agrees |",
    "|---|---|---|",
    ...rows.map(
      ([key, cell]) =>
        `| ${key} | ${percent(cell.passed, cell.total)} | ${percent(cell.behaviour, cell.total)} |`,
    ),
    "",
  ].join("\n");
}

/** The shapes' figures as one line. */
export function formatShapes(result: ShapeAgreement): string {
  return (
    `graded as labelled ${percent(result.all, result.total)}: calls count ${percent(result.calls, result.total)}, ` +
    `malformed ${percent(result.malformed, result.total)}, passed ${percent(result.passed, result.total)}\n`
  );
}

/** Issue 25's targets for a blind set of replies: passed ≥ 97%, behaviour ≥ 95%, every cell ≥ 93% on both. */
export function repliesMeetTargets(result: ReplyAgreement): string[] {
  const misses: string[] = [];
  if (result.passed < 0.97 * result.total) misses.push(`passed agreement below 97%`);
  if (result.behaviour < 0.95 * result.total) misses.push(`behaviour agreement below 95%`);
  for (const [key, cell] of result.cells) {
    if (cell.passed < 0.93 * cell.total) misses.push(`${key}: passed agreement below 93%`);
    if (cell.behaviour < 0.93 * cell.total) misses.push(`${key}: behaviour agreement below 93%`);
  }
  return misses;
}

/** Issue 25's target for output shapes: all but at most 2 in 313 graded as labelled (the same share of any set). */
export function shapesMeetTargets(result: ShapeAgreement): string[] {
  const allowed = Math.max(2, Math.floor((2 * result.total) / 313));
  const wrong = result.total - result.all;
  return wrong > allowed ? [`${wrong} shapes not graded as labelled (at most ${allowed} allowed)`] : [];
}
