/** The When2Call behaviour check on the real file (issue 13): ≥97% overall, every cell ≥93%, under the 2.0 rules. */
import { expect, it } from "vitest";
import { SPEC1_RULES } from "../grade/rules.js";
import { describeWith } from "../test-support/requirements.js";
import { RESEARCH_DATA, when2callSource } from "./test-support/research-data.js";
import { when2callAgreement } from "./when2call-behaviour.js";

describeWith(RESEARCH_DATA, "When2Call: 1,200 labelled replies graded against their cases", () => {
  it(`agrees with the labels on ≥97% overall and ≥93% in every cell`, () => {
    const result = when2callAgreement(when2callSource());
    expect(result.total).toBe(1200);
    expect(result.agreed / result.total).toBeGreaterThanOrEqual(0.97);
    const weak = Object.entries(result.table).flatMap(([reply, row]) =>
      Object.entries(row)
        .filter(([, cell]) => cell.agreed / cell.total < 0.93)
        .map(([label, cell]) => `${reply} on ${label}: ${cell.agreed}/${cell.total}`),
    );
    expect(weak).toEqual([]);
  });

  it(`is the negative control: the behaviour-blind 1.0 rules agree on only two thirds`, () => {
    const result = when2callAgreement(when2callSource(), SPEC1_RULES);
    expect(result.agreed).toBe(800);
  });
});
