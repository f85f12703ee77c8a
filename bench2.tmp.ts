import { loadCases } from "./src/cases/load.ts";
import { type Case, PROTOCOLS } from "./src/cases/schema.ts";
import { DEFAULT_CASES_FILE } from "./src/paths.ts";
import { outputVariants } from "./src/grade/test-support/output-variants.ts";
import { gradeAndRead } from "./src/grade/grade.ts";
import { TOOLUSE_RULES } from "./src/grade/rules.ts";
const cases = loadCases(DEFAULT_CASES_FILE);
const work = cases.flatMap((testCase, index) => { const other = cases[(index + 7) % cases.length] as Case;
  return PROTOCOLS.flatMap((protocol) => outputVariants(testCase, protocol, other).map((output) => ({ testCase, output: { id: testCase.id, protocol, output } }))); });
for (const w of work) gradeAndRead(w.testCase, w.output, TOOLUSE_RULES);
const times=[]; for (let k=0;k<5;k++){ const s=performance.now(); for (const w of work) gradeAndRead(w.testCase, w.output, TOOLUSE_RULES); times.push(Math.round(performance.now()-s)); }
console.log(process.cwd().includes("main") ? "main" : "mine", times.join(" "));
