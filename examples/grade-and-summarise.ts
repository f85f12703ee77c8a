import { DEFAULT_CASES_FILE, grade, loadCases, summarize } from "tooluse";

const cases = loadCases(DEFAULT_CASES_FILE).filter((c) => c.category === "calculator");
const verdicts = cases.map((c) =>
  grade(c, { id: c.id, protocol: "plain", output: "TOOL calculator | expression=(45+12)" }),
);
const summary = summarize(verdicts, cases);
console.log(`score ${summary.score?.toFixed(3)} [${summary.score_ci.join(", ")}] on ${summary.n} outputs`);
