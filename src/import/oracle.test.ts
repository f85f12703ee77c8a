import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { selftest } from "../selftest.js";
import { importBfcl } from "./bfcl.js";
import { importWhen2Call } from "./when2call.js";

const fixture = (name: string) => {
  const file = new URL(`./fixtures/${name}`, import.meta.url).pathname;
  return { file, text: readFileSync(file, "utf8") };
};

describe("imported fixtures through the selftest", () => {
  it.each([
    [
      "BFCL",
      () =>
        importBfcl({ questions: fixture("bfcl-questions.jsonl"), answers: fixture("bfcl-answers.jsonl") }),
    ],
    ["When2Call", () => importWhen2Call(fixture("when2call.jsonl"))],
  ])(
    "%s: the oracle scores 1.000 in json, xml, plain and native; the degenerate runners as composed",
    (_, load) => {
      const rows = selftest(load());
      expect(rows.filter((row) => !row.ok)).toEqual([]);
      expect(rows.filter((row) => row.runner === "oracle").every((row) => row.score === 1)).toBe(true);
    },
  );
});
