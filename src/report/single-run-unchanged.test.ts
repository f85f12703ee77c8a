/**
 * Issue 31: with K = 1 (no `--repeats`) every output is byte for byte what it was before repeats existed. The files
 * in test-support/single-run/ were written by the code before repeats (main at 4e23d4f): a results file of the rule
 * baseline on 12 cases × json, xml (timestamps and latencies fixed), and what `report` (text, Markdown, CSV, JUnit,
 * HTML) and `run` (text, --json, the results file) made of it. This code must make the very same bytes.
 * A deliberate change of what is shown or graded (a new profile version, a new line) rewrites them:
 * `TOOLUSE_UPDATE_GOLDENS=1 npx vitest run src/report/single-run-unchanged.test.ts`, and the diff is reviewed.
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { buildHtmlReport } from "./html/page.js";
import { loadRuns } from "./load.js";

const GOLDEN = join(PACKAGE_ROOT, "src/report/test-support/single-run");
const UPDATE = process.env.TOOLUSE_UPDATE_GOLDENS === "1";
/** The golden file's text; with TOOLUSE_UPDATE_GOLDENS=1 the actual text is written as the new golden first. */
function expectGolden(actual: string, name: string): void {
  const file = join(GOLDEN, `${name}.golden`);
  if (UPDATE) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}
const dir = tempDir("tooluse-single-run-");
afterAll(() => dir.remove());
const fixture = join(dir.path, "results.json");
copyFileSync(join(GOLDEN, "results.json.golden"), fixture);

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  expect(code, io.err).toBe(0);
  return io.out;
}

describe("a run without --repeats is shown exactly as before repeats", () => {
  it("report: text, Markdown, CSV and JUnit", async () => {
    const csv = join(dir.path, "report.csv");
    const junit = join(dir.path, "report.junit.xml");
    expectGolden(await cli("report", fixture, "--csv", csv, "--junit", junit), "report.txt");
    expectGolden(readFileSync(csv, "utf8"), "report.csv");
    expectGolden(readFileSync(junit, "utf8"), "report.junit.xml");
    expectGolden(await cli("report", fixture, "--format", "md"), "report.md");
  });

  it("the HTML report", () => {
    const page = buildHtmlReport(loadRuns([fixture]), { generatedAt: new Date("2026-01-01T00:00:00Z") });
    // The page names the file it shows: the golden's was another path.
    expectGolden(page.replaceAll(fixture, "FIXTURE"), "report.html");
  });

  it("run: its summary, its --json and its results file", async () => {
    const args = ["run", "--backend", "baseline", "--protocol", "json,xml", "--limit", "12"];
    const out = join(dir.path, "run.json");
    const text = await cli(...args, "--out", out);
    expectGolden(text.replace(/results: .*/, "results: PATH"), "run-stdout.txt");
    expectGolden(await cli(...args, "--json", "--out", join(dir.path, "run2.json")), "run-json.txt");
    // What varies from run to run by nature (times, the cases file's absolute path, latencies) is fixed first.
    const results = JSON.parse(readFileSync(out, "utf8"));
    results.started_at = "T";
    results.finished_at = "T";
    results.config.cases_file = "CASES";
    for (const record of results.records) record.latency_ms = 0;
    expectGolden(`${JSON.stringify(results, null, 1)}\n`, "run-results.json");
  });
});
