/** `tooluse plan agree`: agreement between two score files — a judge and human labels, two judges, or judge and code. */
import { compareScoreFiles, formatAgreement } from "../plans/agreement/index.js";
import { reportExpected } from "./boundary.js";
import type { Io } from "./io.js";

export interface PlanAgreeOptions {
  gold: string;
  judged: string;
  /** Comma-separated metric names; default every known metric both files carry. */
  metrics?: string;
  /** Comma-separated planner names of the lineage triplet, best first. */
  triplet?: string;
  json?: boolean;
}

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Exit code 0 with the report, 2 when an input is unusable (one line on stderr). */
export async function runPlanAgree(options: PlanAgreeOptions, io: Io): Promise<number> {
  try {
    const report = compareScoreFiles(options.gold, options.judged, {
      metrics: list(options.metrics),
      tripletPlanners: list(options.triplet),
    });
    io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatAgreement(report));
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
