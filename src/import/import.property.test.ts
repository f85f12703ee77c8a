import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { importBfcl } from "./bfcl.js";
import { importWhen2Call } from "./when2call.js";

// Whatever the lines hold, an importer either returns cases or fails with one user-facing line: never a crash.
const lines = fc.array(
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
  ),
  { maxLength: 4 },
);

function expectCasesOrUserError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).not.toContain("\n");
  }
}

describe("importers on arbitrary input", () => {
  it("BFCL: cases or a one-line UserError", () => {
    fc.assert(
      fc.property(lines, lines, (questions, answers) => {
        expectCasesOrUserError(() =>
          importBfcl({
            questions: { file: "q", text: questions.join("\n") },
            answers: { file: "a", text: answers.join("\n") },
          }),
        );
      }),
    );
  });

  it("When2Call: cases or a one-line UserError", () => {
    fc.assert(
      fc.property(lines, (records) => {
        expectCasesOrUserError(() => importWhen2Call({ file: "w", text: records.join("\n") }));
      }),
    );
  });
});
