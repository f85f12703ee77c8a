/** What decides a skip and its line: when a run is CI, and how skipped tests are counted per requirement. */

import { describe, expect, it } from "vitest";
import type { TestModule } from "vitest/node";
import { ciFailure, underCi } from "./requirements.js";
import { skipLine, skippedByRequirement } from "./requirements-reporter.js";

/** The little of vitest's TestModule the reporter reads. */
function module(id: string, tests: { requires?: string; missing?: string; state: string }[]): TestModule {
  return {
    relativeModuleId: id,
    children: {
      *allTests() {
        for (const test of tests)
          yield {
            meta: () => ({ requires: test.requires, missing: test.missing }),
            result: () => ({ state: test.state }),
          };
      },
    },
  } as unknown as TestModule;
}

describe("underCi", () => {
  it("is CI when CI is set as CI services set it, and not when it is empty, 0 or false", () => {
    for (const value of ["true", "1", "yes", "TRUE"]) expect(underCi({ CI: value }), value).toBe(true);
    for (const value of [undefined, "", "0", "false", "False", " "])
      expect(underCi({ CI: value }), String(value)).toBe(false);
  });
});

describe("the requirements reporter", () => {
  it("counts the skipped tests and their files per requirement, and only tests that were skipped for one", () => {
    const found = skippedByRequirement([
      module("a.test.ts", [
        { requires: "TOOLUSE_RESEARCH_DATA", missing: "no data here", state: "skipped" },
        { requires: "TOOLUSE_RESEARCH_DATA", missing: "no data here", state: "skipped" },
        { state: "skipped" },
        { state: "passed" },
      ]),
      module("b.test.ts", [
        { requires: "TOOLUSE_RESEARCH_DATA", missing: "no data here", state: "skipped" },
        { requires: "Chromium", missing: "/usr/bin/chromium not found", state: "skipped" },
        // Met where it ran: not a skip to report.
        { requires: "xmllint", missing: "x", state: "passed" },
      ]),
    ]);
    expect([...found.keys()]).toEqual(["TOOLUSE_RESEARCH_DATA", "Chromium"]);
    expect(skipLine("TOOLUSE_RESEARCH_DATA", found.get("TOOLUSE_RESEARCH_DATA") as never)).toBe(
      "skipped: 3 tests in 2 files need TOOLUSE_RESEARCH_DATA: no data here",
    );
    expect(skipLine("Chromium", found.get("Chromium") as never)).toBe(
      "skipped: 1 test in 1 file need Chromium: /usr/bin/chromium not found",
    );
  });

  it("says in CI's failure what is missing", () => {
    expect(
      ciFailure({ name: "TOOLUSE_RESEARCH_DATA", missing: "/x has no MANIFEST.md", requiredInCi: true }),
    ).toBe("CI runs every test that needs TOOLUSE_RESEARCH_DATA, and it is missing: /x has no MANIFEST.md");
  });
});
