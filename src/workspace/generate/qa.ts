/** The QA evaluation of a call or chat: pass/fail checks drawn from the agent's skill and what happened, then scores. */
import { DIMENSION_WEIGHTS, QA_CHECKS } from "../domain.js";
import { clamp, Random } from "../random.js";
import type { Interaction } from "./interactions.js";

export interface QaEvaluation {
  overall: number;
  evaluatedBy: "auto" | "reviewer";
  evaluatedAt: number;
  dimensions: { dimension: string; score: number }[];
  checks: { dimension: string; check: string; passed: boolean }[];
  /** Check name → passed, for the transcript (what the agent did must match what QA saw). */
  passed: ReadonlyMap<string, boolean>;
}

/** How likely each check is passed, given the interaction and the agent's skill s. */
function passChance(check: string, x: Interaction, s: number): number {
  const negative = x.sentiment.start === "negative";
  switch (check) {
    case "identity verified":
      return 0.72 + 0.25 * s;
    case "disclosure read":
      return x.channel === "call" ? 0.68 + 0.28 * s : 0.95;
    case "PII protected":
      return 0.86 + 0.12 * s;
    case "issue identified":
      return 0.8 + 0.18 * s;
    case "correct resolution offered":
      return x.resolved ? 0.92 : 0.4 + 0.2 * s;
    case "case notes completed":
      return 0.68 + 0.28 * s;
    case "hold etiquette followed":
      return x.holds.length > 0 ? 0.55 + 0.4 * s : 1;
    case "response within target":
      return x.waitSeconds < 120 ? 0.96 : 0.55;
    case "polite language":
      return 0.9 + 0.09 * s;
    case "no interruptions":
      return x.overtalk ? 0.45 : 0.96;
    case "empathy statement used":
      return 0.45 + 0.45 * s + (negative ? 0.05 : 0);
    case "apology offered":
      return negative || !x.resolved ? 0.5 + 0.45 * s : 0.35 + 0.3 * s;
    case "further help offered":
      return 0.62 + 0.33 * s;
    case "summary given at the end":
      return 0.5 + 0.42 * s;
    case "customer's name used":
      return 0.58 + 0.37 * s;
    case "clear explanation given":
      return 0.62 + 0.33 * s;
    default:
      return 0.8;
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Calls and chats are scored; emails are not (null). */
export function evaluate(x: Interaction, windowEnd: number): QaEvaluation | null {
  if (x.channel === "email") return null;
  const random = Random.of(x.seed, "qa");
  const s = x.agent.skill;
  const checks: QaEvaluation["checks"] = [];
  const passed = new Map<string, boolean>();
  const dimensions: QaEvaluation["dimensions"] = [];
  let overall = 0;
  for (const [dimension, names] of Object.entries(QA_CHECKS)) {
    let passes = 0;
    for (const check of names) {
      const ok = random.chance(clamp(passChance(check, x, s), 0, 1));
      checks.push({ dimension, check, passed: ok });
      passed.set(check, ok);
      if (ok) passes++;
    }
    const share = passes / names.length;
    const score = round1(clamp(100 * (0.5 * share + 0.5 * (0.1 + 0.9 * s)) + 6 * random.normal(), 0, 100));
    dimensions.push({ dimension, score });
    overall += (DIMENSION_WEIGHTS[dimension] ?? 0) * score;
  }
  const reviewed = random.chance(0.1);
  const reviewerAt = x.end + Math.round((1 + random.next() * 5) * 86_400_000);
  const byReviewer = reviewed && reviewerAt < windowEnd;
  return {
    overall: round1(overall),
    evaluatedBy: byReviewer ? "reviewer" : "auto",
    evaluatedAt: byReviewer ? reviewerAt : Math.min(windowEnd - 1, x.end + random.int(120_000, 3_600_000)),
    dimensions,
    checks,
    passed,
  };
}
