import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptDigests } from "../../protocols/prompts.js";
import { tempDir } from "../../test-support/temp.js";
import { labelRuns, readResults } from "../load.js";
import { type FixtureRun, hostileFixture, PAYLOADS } from "../test-support/fixtures.js";
import { type BrowserData, promptNote, RECORD_STRIDE } from "./data.js";
import { buildHtmlReport } from "./page.js";

let dir: ReturnType<typeof tempDir>;
let oracle: FixtureRun;
let hostile: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  ({ oracle, hostile } = await hostileFixture(dir.path));
});
afterAll(() => dir.remove());

const runsOf = (...fixtures: FixtureRun[]) =>
  labelRuns(fixtures.map((f) => ({ file: f.file, results: readResults(f.file) })));

function dataOf(page: string): BrowserData {
  const match = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(page);
  if (!match?.[1]) throw new Error("no data block");
  return JSON.parse(match[1]) as BrowserData;
}

describe("buildHtmlReport", () => {
  it("has exactly our two script elements, whatever the data holds, and a CSP allowing only our script", () => {
    const page = buildHtmlReport(runsOf(oracle, hostile));
    expect(page.match(/<script/g)).toHaveLength(2);
    for (const payload of PAYLOADS) expect(page).not.toContain(payload);
    const script = /<script>([\s\S]*)<\/script>\s*<\/body>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(script).digest("base64");
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
      .exec(page)?.[1]
      ?.replace(/&#39;/g, "'");
    expect(csp).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`,
    );
    expect(page).not.toMatch(/\b(src|href)="(https?:|\/\/)/);
  });

  it("shows the numbers the summaries hold, not numbers of its own", () => {
    const runs = runsOf(oracle, hostile);
    const summary = runs[0]?.results.summary;
    if (!summary?.by_protocol.json || !summary.by_category.calculator) throw new Error("fixture lacks json");
    // Values no run could produce from its records: if the page recomputed anything, these would not appear.
    summary.by_protocol.json = { ...summary.by_protocol.json, score: 0.4321, score_ci: [0.1234, 0.8766] };
    summary.by_category.calculator = { ...summary.by_category.calculator, score: 0.0909 };
    const page = buildHtmlReport(runs);
    expect(page).toContain(">0.432<");
    expect(page).toContain("[0.123, 0.877]");
    expect(page).toContain(">0.09<");
  });

  it("embeds every record compactly, each string once, with conversations from the run's own corpus", () => {
    const runs = runsOf(oracle, hostile);
    const data = dataOf(buildHtmlReport(runs));
    const total = oracle.results.records.length + hostile.results.records.length;
    expect(data.records).toHaveLength(total * RECORD_STRIDE);
    expect(new Set(data.strings).size).toBe(data.strings.length);
    expect(data.runs.map((r) => r.label)).toEqual(["oracle", PAYLOADS[1]]);
    expect(data.notes).toEqual([]);
    const statuses = Array.from({ length: total }, (_, i) => data.records[i * RECORD_STRIDE + 3]);
    expect(statuses.filter((s) => s === 2)).toHaveLength(1);
    const errored = hostile.results.records.find((r) => r.status === "error");
    expect(data.strings).toContain(errored?.error);
    for (const [key, flat] of Object.entries(data.conversations)) {
      expect(key).toMatch(/^\d+:\d+$/);
      expect(data.roles[flat[0] as number]).toBe("system");
    }
    expect(data.strings.some((s) => s.includes(PAYLOADS[0] as string) && !s.includes("\n"))).toBe(true);
  });

  it("carries each record's latency and tokens, −1 (shown as a dash) where the record has none", () => {
    const runs = runsOf(oracle, hostile);
    const first = runs[0]?.results.records[0] as Record<string, unknown> | undefined;
    const second = runs[0]?.results.records[1] as Record<string, unknown> | undefined;
    if (!first || !second) throw new Error("fixture too small");
    Object.assign(first, { latency_ms: 412, prompt_tokens: 900, completion_tokens: 33 });
    // Not numbers a run could record: read as absent, never as 0 or as text.
    Object.assign(second, { latency_ms: "fast", prompt_tokens: -5, completion_tokens: null });
    const data = dataOf(buildHtmlReport(runs));
    expect(data.records.slice(7, 10)).toEqual([412, 900, 33]);
    expect(data.records.slice(RECORD_STRIDE + 7, RECORD_STRIDE + 10)).toEqual([-1, -1, -1]);
  });

  it("still lists every record when the corpus file cannot be found, and says why", () => {
    const runs = runsOf(oracle);
    const run = runs[0];
    if (!run) throw new Error("no run");
    run.results.config.cases_file = "/nonexistent/cases.jsonl";
    run.results.corpus.file = "/nonexistent/cases.jsonl";
    const data = dataOf(buildHtmlReport(runs));
    expect(data.records).toHaveLength(oracle.results.records.length * RECORD_STRIDE);
    expect(data.conversations).toEqual({});
    expect(data.notes[0]).toContain("no corpus file with digest");
    expect(data.cases.every((c) => c[4] === -1)).toBe(true);
  });

  it("warns on the page when the runs are not comparable", () => {
    const runs = runsOf(oracle, hostile);
    if (runs[1]) runs[1].results.config.batch_size = 4;
    expect(buildHtmlReport(runs)).toContain("different batch sizes");
    expect(buildHtmlReport(runsOf(oracle, hostile))).not.toContain('class="warning"');
  });
});

describe("a suite with parallel calls (BFCL's parallel categories)", () => {
  /** The oracle run as if it had been made with the parallel-call prompt (or, `recorded` false, an older file). */
  function parallelRun(recorded: boolean) {
    const results = readResults(oracle.file);
    const prompts = results.prompts;
    if (!prompts) throw new Error("fixture lacks prompts");
    results.prompts = { ...prompts, sha256: promptDigests({ parallelCalls: true }) };
    if (recorded) results.prompts.parallel_calls = true;
    else delete results.prompts.parallel_calls;
    return labelRuns([{ file: oracle.file, results }]);
  }

  it("shows the parallel-call system prompt and no 'other system prompts' note", () => {
    const runs = parallelRun(true);
    expect(promptNote(runs[0] as (typeof runs)[number])).toBeNull();
    const data = dataOf(buildHtmlReport(runs));
    const system = Object.values(data.conversations).map((c) => data.strings[c[1] as number] ?? "");
    expect(system.length).toBeGreaterThan(0);
    for (const text of system) expect(text).toContain("make every call the request needs");
  });

  it("still says so when the recorded prompts are not the ones the run's options give", () => {
    const runs = parallelRun(false);
    expect(promptNote(runs[0] as (typeof runs)[number])).toMatch(/other system prompts/);
  });
});
