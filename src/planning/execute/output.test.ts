import { describe, expect, it } from "vitest";
import { interactionIds, rowsText, SHOWN_ROWS, type StepOutput } from "./output.js";

const id = (n: number) => `IX${String(n).padStart(7, "0")}`;

describe("rowsText", () => {
  it("writes one row as name: value pairs, NULL as no data, numbers as people read them", () => {
    expect(rowsText({ columns: ["calls", "avg_minutes", "team"], rows: [[12, 4.123456, null]] })).toBe(
      "calls: 12; avg_minutes: 4.1235; team: no data (NULL)",
    );
  });

  it("says so when there are no rows, naming the columns", () => {
    expect(rowsText({ columns: ["agent", "calls"], rows: [] })).toBe("no rows (no data): agent, calls");
  });

  it("writes several rows as a table with their count", () => {
    const text = rowsText({
      columns: ["agent", "calls"],
      rows: [
        ["Ana", 3],
        ["Ben", 2],
      ],
    });
    expect(text.split("\n")).toEqual(["agent | calls", "Ana | 3", "Ben | 2", "(2 rows)"]);
  });

  it(`shows at most ${SHOWN_ROWS} rows and counts the rest, never cutting silently`, () => {
    const rows = Array.from({ length: SHOWN_ROWS + 7 }, (_, i) => [id(i), i]);
    const lines = rowsText({ columns: ["interaction_id", "n"], rows }).split("\n");
    expect(lines).toHaveLength(1 + SHOWN_ROWS + 1);
    expect(lines[SHOWN_ROWS]).toBe(`${id(SHOWN_ROWS - 1)} | ${SHOWN_ROWS - 1}`);
    expect(lines.at(-1)).toBe(`… 7 more rows (${SHOWN_ROWS + 7} in all)`);
    // Exactly the limit: all shown, nothing said to be missing.
    const exact = rowsText({ columns: ["n"], rows: rows.slice(0, SHOWN_ROWS).map((r) => [r[1] ?? null]) });
    expect(exact.split("\n").at(-1)).toBe(`(${SHOWN_ROWS} rows)`);
  });
});

describe("interactionIds", () => {
  const output = (o: Partial<StepOutput>): StepOutput => ({ text: "", rows: null, insights: null, ...o });

  it("reads the id column by name, whatever its position, once per id", () => {
    const ids = interactionIds(
      output({
        rows: {
          columns: ["team", "Interaction_ID"],
          rows: [
            ["a", id(1)],
            ["b", id(2)],
            ["c", id(1)],
          ],
        },
      }),
    );
    expect(ids).toEqual([id(1), id(2)]);
  });

  it("reads ids from the first column only when they look like ids, else none", () => {
    expect(interactionIds(output({ rows: { columns: ["x"], rows: [[id(5)], ["not an id"]] } }))).toEqual([
      id(5),
    ]);
    expect(interactionIds(output({ rows: { columns: ["team", "n"], rows: [["billing", 3]] } }))).toEqual([]);
  });

  it("reads cited ids from insights, and from free text when there is nothing structured", () => {
    const insights = [
      { topic: "fees", description: "", interaction_ids: [id(3), id(4)], share: 0.5 },
      { topic: "waits", description: "", interaction_ids: [id(4)], share: null },
    ];
    expect(interactionIds(output({ insights }))).toEqual([id(3), id(4)]);
    expect(interactionIds(output({ text: `see ${id(9)} and ${id(8)}, not IX12` }))).toEqual([id(9), id(8)]);
  });
});
