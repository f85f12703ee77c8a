/**
 * The imported public suites are gradeable end to end: every real BFCL file and When2Call, imported, then the
 * oracle (which renders each expected behaviour) scores 1.000 in json, xml, plain and native, and always-call /
 * never-call land where each suite's composition says.
 */
import { expect, it } from "vitest";
import { selftest } from "../selftest.js";
import { describeWith } from "../test-support/requirements.js";
import { importBfcl } from "./bfcl.js";
import {
  BFCL_CATEGORIES,
  bfclSources,
  RESEARCH_DATA,
  when2callSource,
} from "./test-support/research-data.js";
import { importWhen2Call } from "./when2call.js";

const title = (suite: string) => `${suite}: oracle 1.000 in every protocol`;

function expectSelftestToPass(cases: Parameters<typeof selftest>[0]): void {
  const rows = selftest(cases);
  const oracle = rows.filter((row) => row.runner === "oracle").map((row) => [row.protocol, row.score]);
  expect(oracle).toEqual([
    ["json", 1],
    ["xml", 1],
    ["plain", 1],
    ["native", 1],
  ]);
  expect(rows.flatMap((row) => row.disagreements.slice(0, 3))).toEqual([]);
}

describeWith(RESEARCH_DATA, "imported BFCL v4 files", () => {
  for (const { category, answers } of BFCL_CATEGORIES) {
    it(title(`BFCL ${category}`), () => {
      const cases = importBfcl(bfclSources(category, answers));
      expect(cases.length).toBeGreaterThan(0);
      expectSelftestToPass(cases);
    });
  }
});

describeWith(RESEARCH_DATA, "imported When2Call", () => {
  it(title("When2Call"), () => {
    const cases = importWhen2Call(when2callSource());
    expect(cases).toHaveLength(300);
    expectSelftestToPass(cases);
  });
});
