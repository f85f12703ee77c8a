import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { compareArguments } from "./compare.js";

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
