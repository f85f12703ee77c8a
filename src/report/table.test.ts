import { describe, expect, it } from "vitest";
import { bar, type Column, renderTable } from "./table.js";

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

  it("colours by column after padding, and makes the header bold only on a TTY", () => {
    const styled = [columns[0] as Column, { ...columns[1], style: "dim" } as Column];
    const coloured = renderTable(styled, [["json", "1"]], { color: true, markdown: false });
    const lines = coloured.split("\n");
    expect(lines[0]).toBe("\u001b[1mname  n\u001b[22m");
    expect(lines[1]).toBe("json  \u001b[2m1\u001b[22m");
    expect(renderTable(styled, [["json", "1"]], { color: false, markdown: false })).toBe(
      "name  n\njson  1\n",
    );
  });

  it("neutralises control sequences in cells: data never colours or moves the terminal", () => {
    const text = renderTable(columns, [["\u001b[36mjs\non\u001b[39m", "\u001b]8;;http://x\u0007"]], {
      color: true,
      markdown: false,
    });
    expect(text).not.toContain("\u001b[36m");
    expect(text).not.toContain("\u0007");
    expect(text.split("\n")[1]).toBe("␛[36mjs on␛[39m  ␛]8;;http://x␇");
  });

  it("writes Markdown with alignment rules, escaped pipes and no raw HTML", () => {
    const md = renderTable(columns, [["a|b", "3"]], { color: false, markdown: true });
    expect(md).toBe("| name | n |\n| --- | ---: |\n| a\\|b | 3 |\n");
    const hostile = renderTable(columns, [["<script>x</script>\nrow", "1"]], {
      color: false,
      markdown: true,
    });
    expect(hostile.split("\n")[2]).toBe("| &lt;script&gt;x&lt;/script&gt; row | 1 |");
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
