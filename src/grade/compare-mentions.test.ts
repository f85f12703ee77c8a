import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import { CATALOGUE } from "../tools/catalogue.js";
import { problemFromCase } from "./bfcl/from-case.js";
import { compareArguments } from "./compare.js";
import { grade } from "./grade.js";

const search = CATALOGUE.web_search;
const expected = {
  query: {
    mentions: [
      ["Formula 1", "F1"],
      ["race", "Grand Prix"],
    ],
  },
};

describe("a free-text argument expected by what it mentions", () => {
  it("passes a query that mentions one alternative of every entry", () => {
    expect(compareArguments(search, expected, { query: "who won the latest F1 race" }).mismatched).toEqual(
      [],
    );
    expect(compareArguments(search, expected, { query: "Formula 1 Grand Prix results" }).mismatched).toEqual(
      [],
    );
  });

  it("fails a query that misses an entry, or a value that is not text", () => {
    const missing = compareArguments(search, expected, { query: "F1 standings" });
    expect(missing.mismatched).toHaveLength(1);
    expect(missing.mismatched[0]).toContain("mentions");
    expect(compareArguments(search, expected, { query: 1 }).mismatched).toHaveLength(1);
  });
});

describe("a verdict that relied on mentions", () => {
  it("says so: the query matched by what it mentions, a leniency beyond SPEC §3.2's equality", () => {
    const testCase: Case = {
      id: "web_search-en-99",
      lang: "en",
      category: "web_search",
      tools: ["web_search"],
      messages: [{ role: "user", content: "Who won the most recent Formula 1 race?" }],
      expect: { call: { name: "web_search", arguments: expected } },
    };
    const output = '{"name": "web_search", "arguments": {"query": "latest F1 race winner"}}';
    const verdict = grade(testCase, { id: testCase.id, protocol: "json", output });
    expect(verdict.passed).toBe(true);
    expect(verdict).toMatchObject({ lenient: ["query=mentions"] });
    // BFCL compares strings, so its answer for the case is the example text.
    const [answer] = problemFromCase(testCase).groundTruth as Map<string, Map<string, unknown>>[];
    expect(answer?.get("web_search")?.get("query")).toEqual(["Formula 1 race"]);
  });
});
