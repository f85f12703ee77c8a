/** The sentence for a noise-aware comparison: "within noise" unless the clustered test rejects, with its numbers. */
import type { SignFlipMethod } from "./cluster-sign-flip.js";
import type { NoiseComparison } from "./noise-compare.js";

export interface RunLabels {
  a: string;
  b: string;
}

const TEST_NAMES: Record<SignFlipMethod, string> = {
  "mcnemar-exact": "exact McNemar",
  "sign-flip-exact": "exact sign-flip test",
  "sign-flip-normal": "sign-flip test, normal approximation",
};

/** Points (percentage points) to one decimal. */
const points = (x: number) => (x * 100).toFixed(1);
const signed = (x: number) => `${x >= 0 ? "+" : "-"}${points(Math.abs(x))}`;
const count = (n: number) => n.toLocaleString("en-US");
export const formatPValue = (p: number) => (p >= 0.001 ? p.toFixed(4) : p.toExponential(1));

/** "; to detect 2.0 points: 390 cases at K = 3, or K = 7 repeats over these 188 cases", or "" without a target. */
export function detectionPlan(c: NoiseComparison): string {
  const target = c.target;
  if (!target) return "";
  const k = Math.max(c.noise.repeats.a, c.noise.repeats.b);
  const cases = target.cases === null ? "" : `${count(target.cases)} cases at K = ${k}`;
  const repeats =
    target.repeats.repeats !== null
      ? `K = ${target.repeats.repeats} repeats over these ${count(c.pairs.cases)} cases`
      : target.repeats.reason === "cases-limit"
        ? `no number of repeats over these ${count(c.pairs.cases)} cases (they differ from case to case by more)`
        : "repeats unknown (single attempts cannot tell attempt noise from case differences)";
  return `; to detect ${points(target.effect)} points: ${[cases, repeats].filter(Boolean).join(", or ")}`;
}

/**
 * One line a reader can act on; it names a better run only when the test rejects at alpha.
 * @example "within noise: B - A = +1.2 points (95% CI -2.1 to +4.5), p = 0.4100 (exact sign-flip test over 188 cases); …"
 */
export function noiseVerdictLine(c: NoiseComparison, labels: RunLabels = { a: "A", b: "B" }): string {
  const d = c.difference;
  if (d.value === null) return "no paired attempts: the runs share no scored (case, protocol)";
  const interval =
    d.low === null || d.high === null
      ? ""
      : ` (${Math.round(c.level * 100)}% CI ${signed(d.low)} to ${signed(d.high)})`;
  const test = `p = ${formatPValue(c.test.p_value)} (${TEST_NAMES[c.test.method]} over ${count(c.pairs.cases)} cases)`;
  const mde =
    c.mde === null
      ? ""
      : `; at ${Math.round(c.power * 100)}% power this comparison detects differences of ${points(c.mde)} points or more`;
  const head =
    c.kind === "within-noise"
      ? `within noise: ${labels.b} - ${labels.a} = ${signed(d.value)} points${interval}, ${test}`
      : `${c.kind === "b-better" ? labels.b : labels.a} is better by ${points(Math.abs(d.value))} points${interval}, ${test}`;
  return `${head}${mde}${detectionPlan(c)}`;
}
