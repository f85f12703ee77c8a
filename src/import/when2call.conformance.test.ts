/**
 * Conformance on text nobody here wrote: each of When2Call's 1,200 reply strings (four per case, one per
 * behaviour, written by a model) graded against its case as a json-protocol output. The tool_call reply must
 * yield exactly one call, the other three none.
 */
import { expect, it } from "vitest";
import { grade } from "../grade/grade.js";
import { describeWith } from "../test-support/requirements.js";
import { RESEARCH_DATA, when2callSource } from "./test-support/research-data.js";
import { importWhen2Call, WHEN2CALL_BEHAVIOURS } from "./when2call.js";

describeWith(RESEARCH_DATA, "When2Call replies graded against their cases", () => {
  it("reads exactly one call from every tool_call reply and none from the other 900 (100% agreement)", () => {
    const source = when2callSource();
    const cases = importWhen2Call(source);
    const records = source.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { uuid: string; answers: Record<string, string> });
    const disagreements: string[] = [];
    const malformed: string[] = [];
    let graded = 0;
    records.forEach((record, index) => {
      const testCase = cases[index];
      if (!testCase) throw new Error(`no case for ${record.uuid}`);
      for (const behaviour of WHEN2CALL_BEHAVIOURS) {
        const reply = record.answers[behaviour];
        if (reply === undefined) continue;
        graded++;
        const verdict = grade(testCase, { id: testCase.id, protocol: "json", output: reply });
        const wanted = behaviour === "tool_call" ? 1 : 0;
        if (verdict.calls.length !== wanted) {
          disagreements.push(
            `${record.uuid} ${behaviour}: ${verdict.calls.length} calls from ${JSON.stringify(reply)}`,
          );
        }
        if (verdict.malformed) malformed.push(`${record.uuid} ${behaviour}: ${JSON.stringify(reply)}`);
      }
    });
    console.log(
      `When2Call conformance: ${graded - disagreements.length}/${graded} replies agree on call/no-call; ` +
        `${malformed.length} flagged malformed`,
    );
    for (const line of [...disagreements, ...malformed]) console.log(`  ${line}`);
    expect(graded).toBe(1200);
    expect(disagreements).toEqual([]);
    expect(malformed).toEqual([]);
  });
});
