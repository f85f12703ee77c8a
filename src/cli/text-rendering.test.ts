/**
 * Text that reorders or hides itself never reaches a person: a right-to-left override (U+202E), an isolate
 * (U+2066), a zero-width space or a byte-order mark in a model name, a model's output, a planner name or a plan is
 * made visible — by the one sanitiser — in the terminal report, Markdown, the HTML report, `plan score --explain`,
 * `plan report` and `plan report --html`. Files for programs keep the text; the CSV guard defuses cells that start
 * with TAB or CR as it does `= + - @`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

/** Every Unicode format character (bidi embeddings, overrides, isolates, marks, zero-width characters, BOM…). */
const FORMAT = /\p{Cf}/u;
const RLO = "\u202e";
const MODEL = `gpt${RLO}4-mini`;

let server: MockServer;
const dir = tempDir("tooluse-text-rendering-");
const at = (name: string) => join(dir.path, name);
const text = (name: string) => readFileSync(at(name), "utf8");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  let n = 0;
  server = await startMockServer({
    models: [MODEL],
    // Outputs that start with what a spreadsheet reads as a formula, and carry format characters.
    script: () => ({
      content: ++n % 2 === 0 ? `\t=HYPERLINK("http://x")${RLO}exe.txt` : `\r@SUM(1)\u2066\u200b\ufeff`,
    }),
  });
  const ran = await cli(
    ...["run", "--model", MODEL, "--base-url", server.url, "--ids", "calculator-en-01,calculator-en-02"],
    ...["--protocol", "json", "--no-cache", "--retries", "0", "--out", at("r.json"), "--csv", at("r.csv")],
  );
  if (!ran.out.includes("scored")) throw new Error(`run failed: ${ran.err}`);
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

describe("the results' human-facing views", () => {
  it("the terminal and Markdown reports show format characters as stand-ins", async () => {
    for (const format of ["text", "md"]) {
      const report = await cli("report", at("r.json"), "--format", format);
      expect(report.code).toBe(0);
      expect(report.out).toContain("gpt\ufffd4-mini");
      expect(FORMAT.test(report.out + report.err)).toBe(false);
    }
  });

  it("the HTML report shows them as stand-ins, in its markup and in its data block", async () => {
    expect((await cli("report", at("r.json"), "--html", at("r.html"))).code).toBe(0);
    const page = text("r.html");
    expect(FORMAT.test(page)).toBe(false);
    expect(page).toContain("gpt\ufffd4-mini");
    expect(page).toContain("exe.txt");
  });

  it("the results and the CSV keep the text; the CSV defuses cells that start with TAB or CR", () => {
    expect(text("r.json")).toContain(RLO);
    const rows = text("r.csv").split("\r\n");
    const outputs = rows.slice(1).filter(Boolean);
    expect(outputs).toHaveLength(2);
    expect(text("r.csv")).toContain(`"'\t=HYPERLINK(""http://x"")${RLO}exe.txt"`);
    expect(text("r.csv")).toContain(`"'\r@SUM(1)\u2066\u200b\ufeff"`);
  });
});

describe("the planning views", () => {
  const write = (name: string, lines: readonly unknown[]) => {
    writeFileSync(at(name), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    return at(name);
  };
  const planner = `planner${RLO}evil`;
  let reference = "";
  let plans = "";
  beforeAll(() => {
    reference = write("ref.jsonl", [{ query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN }]);
    plans = write("plans.jsonl", [
      {
        query_id: "q1",
        planner,
        prompt_type: `x\u2067`,
        plan: REFUND_INITIAL_PLAN.replace("refunds", `refunds${RLO}`),
      },
      { query_id: "q1", planner: "plain", prompt_type: "x", plan: REFUND_BEST_PLAN },
    ]);
  });

  it("plan score --explain", async () => {
    const explained = await cli("plan", "score", "--queries", reference, "--plans", plans, "--explain");
    expect(explained.code).toBe(0);
    expect(explained.out).toContain("q1 · planner\ufffdevil · x\ufffd: F1");
    expect(FORMAT.test(explained.out + explained.err)).toBe(false);
  });

  it("plan report, in text, Markdown and HTML", async () => {
    expect(
      (await cli("plan", "score", "--queries", reference, "--plans", plans, "--out", at("s.jsonl"))).code,
    ).toBe(0);
    expect(readFileSync(at("s.jsonl"), "utf8")).toContain(RLO);
    for (const format of ["text", "md"]) {
      const report = await cli("plan", "report", "--scores", at("s.jsonl"), "--format", format);
      expect(report.code).toBe(0);
      expect(report.out).toContain("planner\ufffdevil");
      expect(FORMAT.test(report.out + report.err)).toBe(false);
    }
    const html = await cli("plan", "report", "--scores", at("s.jsonl"), "--html", at("plans.html"));
    expect(html.code).toBe(0);
    const page = text("plans.html");
    expect(page).toContain("planner\ufffdevil");
    expect(FORMAT.test(page + html.out + html.err)).toBe(false);
  });
});
