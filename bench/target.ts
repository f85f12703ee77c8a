/**
 * A bench's verdict on its target: printed, and exit code 1 when missed, so CI and scripts can rely on it.
 * BENCH_TARGET_FACTOR scales every limit (default 1); a test sets it to 0 to prove a miss exits non-zero.
 */
const factor = Number(process.env.BENCH_TARGET_FACTOR ?? "1");

/** Checks `measured < limit × factor` (lower is better), prints the verdict, and sets the exit code on a miss. */
export function atMost(name: string, measured: number, limit: number, unit: string): boolean {
  const scaled = limit * factor;
  const met = measured < scaled;
  console.log(
    `${met ? "target met" : "TARGET MISSED"}: ${name} ${measured.toFixed(measured < 10 ? 2 : 0)} ${unit} (target < ${scaled} ${unit})`,
  );
  if (!met) process.exitCode = 1;
  return met;
}

/** Checks `measured ≥ floor` (higher is better); the factor scales the floor up, so 0 makes any floor unreachable. */
export function atLeast(name: string, measured: number, floor: number, unit: string): boolean {
  const scaled = factor === 0 ? Number.POSITIVE_INFINITY : floor / factor;
  const met = measured >= scaled;
  console.log(
    `${met ? "target met" : "TARGET MISSED"}: ${name} ${measured.toFixed(3)} ${unit} (target ≥ ${scaled} ${unit})`,
  );
  if (!met) process.exitCode = 1;
  return met;
}

/** Checks `measured ≤ reference × factor` (a time against a rival's: a tie is not slower); 0 makes it unreachable. */
export function notSlower(name: string, measured: number, reference: number, unit: string): boolean {
  const scaled = factor === 0 ? Number.NEGATIVE_INFINITY : reference * factor;
  const met = measured <= scaled;
  console.log(
    `${met ? "target met" : "TARGET MISSED"}: ${name} ${measured.toFixed(2)} ${unit} (target ≤ ${scaled.toFixed(2)} ${unit})`,
  );
  if (!met) process.exitCode = 1;
  return met;
}
