/** `tooluse selftest`: the grader must agree with the corpus (oracle 1.000; always-/never-call where composition says). */
import { loadCases } from "../cases/load.js";
import { terminalText } from "../sanitize.js";
import { selftest, selftestControls } from "../selftest.js";
import type { Io } from "./io.js";

export function runSelftest(options: { cases: string; json?: boolean }, io: Io): number {
  const cases = loadCases(options.cases);
  const rows = selftest(cases);
  if (options.json) {
    const controls = selftestControls(cases);
    const passed = rows.every((row) => row.ok) && controls.every((row) => row.ok);
    io.stdout(
      `${JSON.stringify({ cases: cases.length, file: options.cases, passed, runners: rows, controls }, null, 2)}\n`,
    );
    return passed ? 0 : 1;
  }
  io.stdout(`selftest on ${cases.length} cases (${terminalText(options.cases)})\n`);
  io.stdout(
    `${"runner".padEnd(12)}${"protocol".padEnd(10)}${"score".padStart(7)}${"expected".padStart(10)}  result\n`,
  );
  for (const row of rows) {
    const result = row.ok ? "ok" : `DISAGREES on ${row.disagreements.length} case(s)`;
    io.stdout(
      `${row.runner.padEnd(12)}${row.protocol.padEnd(10)}${row.score.toFixed(3).padStart(7)}${row.expected.toFixed(3).padStart(10)}  ${result}\n`,
    );
    for (const line of row.disagreements.slice(0, 10)) io.stdout(`    ${terminalText(line)}\n`);
  }
  const controls = selftestControls(cases);
  io.stdout(
    `\nnegative controls (each must fail)\n${"control".padEnd(22)}${"protocol".padEnd(10)}${"rendered".padStart(9)}  result\n`,
  );
  for (const row of controls) {
    const result = row.ok ? "all fail, ok" : `PASSED on ${row.passed.length} case(s)`;
    io.stdout(
      `${row.control.padEnd(22)}${row.protocol.padEnd(10)}${String(row.rendered).padStart(9)}  ${result}\n`,
    );
    for (const id of row.passed.slice(0, 10)) io.stdout(`    ${terminalText(id)}\n`);
  }
  const failed = rows.filter((row) => !row.ok).length + controls.filter((row) => !row.ok).length;
  io.stdout(failed === 0 ? "selftest passed\n" : `selftest FAILED: ${failed} row(s) disagree\n`);
  return failed === 0 ? 0 : 1;
}
