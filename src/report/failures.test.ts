/** The failing-cases section, hand-checked: which records, in what order, how each cell is made safe and short. */
import { describe, expect, it } from "vitest";
import { failingRecords, formatFailures } from "./failures.js";
import type { ExportRecord } from "./record-rows.js";

function scored(
  id: string,
  passed: boolean,
  output: string,
  reason = passed ? "ok" : "wrong tool",
): ExportRecord {
  return { id, protocol: "json", status: "scored", output, error: null, verdict: { passed, reason } };
}
const errored = (id: string, error: string): ExportRecord => ({
  id,
  protocol: "xml",
  status: "error",
  output: null,
  error,
  verdict: null,
});

const records = [
  scored("a", true, "fine"),
  scored("b", false, '{"tool": "get_time"}'),
  errored("c", "HTTP 500 after 3 attempts"),
  scored("d", false, "x"),
];
const plain = { color: false };

describe("failing cases", () => {
  it("are the failed and errored records, in the run's order", () => {
    expect(failingRecords(records).map((r) => r.id)).toEqual(["b", "c", "d"]);
  });

  it("are listed with the reason, the error and an excerpt of the output", () => {
    expect(formatFailures(records, { ...plain, limit: 10 })).toBe(
      [
        "failing cases: 3 of 4 records",
        "case  protocol  why                               output",
        'b     json      wrong tool                        {"tool": "get_time"}',
        "c     xml       error: HTTP 500 after 3 attempts  –",
        "d     json      wrong tool                        x",
        "",
      ].join("\n"),
    );
  });

  it("stop at the limit and say how to list the rest, with the command the caller gives", () => {
    const text = formatFailures(records, {
      ...plain,
      limit: 1,
      listAll: (n) => `tooluse report r.json --failures ${n}`,
    });
    expect(text).toContain("\nb     json");
    expect(text).not.toContain("\nc ");
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "2 more not shown: tooluse report r.json --failures 3 lists them all",
    );
  });

  it("print nothing with limit 0 and one line when nothing failed", () => {
    expect(formatFailures(records, { ...plain, limit: 0 })).toBe("");
    expect(formatFailures([scored("a", true, "fine")], { ...plain, limit: 10 })).toBe("no failing case\n");
    expect(formatFailures([], { ...plain, limit: 10, markdown: true })).toBe("_No failing case._\n");
  });

  it("keep each row on one line: line breaks folded, control and bidi characters neutralised, long text cut", () => {
    const hostile = scored(
      "e",
      false,
      `line one\n\n  line two\u001b[31m red \u202e${"z".repeat(80)}`,
      "r".repeat(90),
    );
    const [, , row = ""] = formatFailures([hostile], { ...plain, limit: 10 }).split("\n");
    for (const invisible of ["\u001b", "\u202e", "\n"]) expect(row).not.toContain(invisible);
    expect(row).toContain("line one line two");
    expect(row).toContain(`${"r".repeat(43)}…`);
    expect(row).not.toContain("r".repeat(45));
    expect(row.length).toBeLessThanOrEqual(100);
  });

  it("name a repeated run's attempt and escape Markdown cells", () => {
    const repeat: ExportRecord = { ...scored("f", false, "a | b <script>"), attempt: 2 };
    const text = formatFailures([repeat], { ...plain, limit: 10, markdown: true });
    expect(text).toContain("**failing cases: 1 of 1 records**");
    expect(text).toContain("| f #2 | json | wrong tool | a \\| b &lt;script&gt; |");
  });
});
