/** Prints the When2Call behaviour table (README) and exits 1 below target: ≥97% overall, every cell ≥93%. */

import { RESEARCH_DATA, when2callSource } from "../src/import/test-support/research-data.js";
import { formatAgreement, when2callAgreement } from "../src/import/when2call-behaviour.js";

if (RESEARCH_DATA.missing !== null) {
  console.error(`bench: needs ${RESEARCH_DATA.name}: ${RESEARCH_DATA.missing}`);
  process.exit(2);
}
const result = when2callAgreement(when2callSource());
process.stdout.write(formatAgreement(result));
const cells = Object.values(result.table).flatMap((row) => Object.values(row));
const ok = result.agreed / result.total >= 0.97 && cells.every((cell) => cell.agreed / cell.total >= 0.93);
if (process.argv.includes("--disagreements")) for (const line of result.disagreements) console.log(line);
process.exitCode = ok ? 0 : 1;
