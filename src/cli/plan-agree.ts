/**
 * `tooluse plan agree`: agreement between two label files — a judge and human labels, two judges, or a judge and
 * the code. Kinds: scores (metric values and ratings), tags (step-evaluator tags, Table 25), answers (answer-judge
 * decisions). Human labels may be JSON lines or CSV (docs/human-labels.md).
 */
import { UserError } from "../errors.js";
import { firstInputLine } from "../input/read.js";
import { compareAnswerFiles } from "../plans/agreement/answers.js";
import { formatAnswerAgreement, formatTagAgreement } from "../plans/agreement/format-labels.js";
import { compareScoreFiles, formatAgreement } from "../plans/agreement/index.js";
import { compareTagFiles } from "../plans/agreement/tags.js";
import { reportExpected } from "./boundary.js";
import type { Io } from "./io.js";

export interface PlanAgreeOptions {
  gold: string;
  judged: string;
  /** scores, tags, answers, or auto (from the judged file's fields). */
  kind?: string;
  /** Comma-separated metric names; default every known metric both files carry. */
  metrics?: string;
  /** Comma-separated planner names of the lineage triplet, best first. */
  triplet?: string;
  json?: boolean;
}

export const AGREE_KINDS = ["auto", "scores", "tags", "answers"] as const;

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The kind from the first line of the judged file: lineages or tag labels, answer judgements, else scores. */
function detectKind(file: string): "scores" | "tags" | "answers" {
  const first = firstInputLine(file);
  const has = (field: string) => new RegExp(`(^|[{,"\\s])"?${field}"?\\s*[:,]`).test(first);
  if (has("events") || has("tags")) return "tags";
  if (has("decision") || has("winners")) return "answers";
  return "scores";
}

/** Exit code 0 with the report, 2 when an input is unusable or nothing can be compared (one line on stderr). */
export async function runPlanAgree(options: PlanAgreeOptions, io: Io): Promise<number> {
  try {
    const kind = options.kind ?? "auto";
    if (!(AGREE_KINDS as readonly string[]).includes(kind))
      throw new UserError(`--kind: expected ${AGREE_KINDS.join(", ")}, got "${kind}"`);
    const chosen = kind === "auto" ? detectKind(options.judged) : kind;
    let text: string;
    let report: unknown;
    if (chosen === "tags") {
      const r = compareTagFiles(options.gold, options.judged);
      [report, text] = [r, formatTagAgreement(r)];
    } else if (chosen === "answers") {
      const r = compareAnswerFiles(options.gold, options.judged);
      [report, text] = [r, formatAnswerAgreement(r)];
    } else {
      const r = compareScoreFiles(options.gold, options.judged, {
        metrics: list(options.metrics),
        tripletPlanners: list(options.triplet),
      });
      [report, text] = [r, formatAgreement(r)];
    }
    io.stdout(options.json ? `${JSON.stringify({ kind: chosen, ...(report as object) }, null, 2)}\n` : text);
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
