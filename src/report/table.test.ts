import { describe, expect, it } from "vitest";
import { bar, renderTable } from "./table.js";

const columns = [
  { header: "name", align: "left" as const },
  { header: "n", align: "right" as const },
];

describe("renderTable", () => {
  it("aligns text columns: left-aligned labels, right-aligned numbers, no trailing spaces", () => {
    const text = renderTable(
      columns,
      [
        ["json", "188"],
        ["native", "7"],
      ],
      { color: false, markdown: false },
    );
    expect(text).toBe("name      n\njson    188\nnative    7\n");
  });

  it("ignores colour codes when measuring widths, and makes the header bold only on a TTY", () => {
    const coloured = renderTable(columns, [["\u001b[36mjson\u001b[39m", "1"]], {
      color: true,
      markdown: false,
    });
    const lines = coloured.split("\n");
    expect(lines[0]).toBe("\u001b[1mname  n\u001b[22m");
    expect(lines[1]).toBe("\u001b[36mjson\u001b[39m  1");
  });

  it("writes Markdown with alignment rules and escaped pipes", () => {
    const md = renderTable(columns, [["a|b", "3"]], { color: false, markdown: true });
    expect(md).toBe("| name | n |\n| --- | ---: |\n| a\\|b | 3 |\n");
  });
});

describe("bar", () => {
  it("fills eighths of a cell and clamps to the width", () => {
    expect(bar(1, 4)).toBe("████");
    expect(bar(0.5, 4)).toBe("██");
    expect(bar(0.3, 1)).toBe("▎");
    expect(bar(0.125, 1)).toBe("▏");
    expect(bar(null, 4)).toBe("");
    expect(bar(1.5, 2)).toBe("██");
  });
});
