import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportRun } from "../runner/results-schema.js";
import { tempDir } from "../test-support/temp.js";
import { formatRunHeader, formatSummary } from "./terminal.js";
import { formatLeaderboard } from "./terminal-leaderboard.js";
import { asReportResults, type FixtureRun, makeRun } from "./test-support/fixtures.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI colour codes.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const widest = (text: string) =>
  Math.max(
    ...plain(text)
      .split("\n")
      .map((line) => line.length),
  );

let dir: ReturnType<typeof tempDir>;
let baseline: FixtureRun;
let oracle: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  baseline = await makeRun(dir.path, "baseline", { backend: "baseline" });
  oracle = await makeRun(dir.path, "oracle", { backend: "oracle" });
});
afterAll(() => dir.remove());

const run = (fixture: FixtureRun, label: string): ReportRun => ({
  file: fixture.file,
  label,
  results: asReportResults(fixture.results),
});

describe("formatSummary", () => {
  it("fits 100 columns and shows the headline, every protocol, every metric and the breakdowns", () => {
    const text = formatSummary(baseline.results.summary, { color: false });
    expect(widest(text)).toBeLessThanOrEqual(100);
    const { summary } = baseline.results;
    expect(text).toContain(`score ${summary.score?.toFixed(3)} [${summary.score_ci[0].toFixed(3)}`);
    for (const label of ["json", "xml", "plain", "correct abstention", "spurious calls", "malformed"])
      expect(text).toContain(label);
    for (const key of [
      ...Object.keys(summary.by_lang),
      ...Object.keys(summary.by_category),
      ...Object.keys(summary.by_difficulty),
    ])
      expect(text).toMatch(new RegExp(`^${key} +\\d+ +\\d\\.\\d{3} +\\[`, "m"));
  });

  it("prints each breakdown's numbers as the summary has them", () => {
    const text = formatSummary(baseline.results.summary, { color: false });
    for (const [category, s] of Object.entries(baseline.results.summary.by_category)) {
      const line = text.split("\n").find((l) => l.startsWith(`${category} `));
      expect(line).toContain(
        `${s.n}  ${s.score?.toFixed(3)}  [${s.score_ci[0].toFixed(3)}, ${s.score_ci[1].toFixed(3)}]`,
      );
    }
  });

  it("uses colour only when asked, and Markdown tables without bars for --format md", () => {
    expect(formatSummary(baseline.results.summary, { color: false })).not.toContain("\u001b[");
    expect(formatSummary(baseline.results.summary, { color: true })).toContain("\u001b[1m");
    const md = formatSummary(baseline.results.summary, { color: false, markdown: true });
    expect(md).toContain("| protocol | n | score | 95% CI |");
    expect(md).toContain("| metric | all | json | xml | plain |");
    expect(md).not.toContain("█");
    expect(md).not.toContain("\u001b[");
  });

  it("names the run: model, corpus digest, decoding settings and errors", () => {
    const header = formatRunHeader(asReportResults(baseline.results), { color: false });
    expect(header).toContain("rule-baseline");
    expect(header).toContain(baseline.results.corpus.digest.slice(7, 15));
    expect(header).toContain("T=0 max=256 think=off batch=–");
    expect(header).toContain("0 errors");
  });
});

describe("formatLeaderboard", () => {
  it("ranks every (run, protocol) by score within 100 columns, without warnings for comparable runs", () => {
    const text = formatLeaderboard([run(baseline, "rule-baseline-1"), run(oracle, "oracle")], {
      color: false,
    });
    const rows = text.split("\n").filter((l) => /^ *\d+ {2}/.test(l));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatch(/^ *1 {2}oracle +json +1\.000/);
    expect(rows[3]).toMatch(/^ *4 {2}rule-baseline-1 +json/);
    expect(widest(text)).toBeLessThanOrEqual(100);
    expect(text).not.toContain("warning");
    expect(text).toContain("decoding (every run): T=0 max=256 think=off batch=–");
  });

  it("warns when runs mix corpus digests or batch sizes", () => {
    const other = run(oracle, "oracle");
    const changed: ReportRun = {
      ...other,
      label: "other",
      results: {
        ...other.results,
        corpus: { ...other.results.corpus, digest: "sha256:ffffffff00" },
        config: { ...other.results.config, batch_size: 8 },
      },
    };
    const text = formatLeaderboard([run(baseline, "rule-baseline-1"), changed], { color: false });
    expect(text).toContain("warning: different corpus digests");
    expect(text).toContain("ffffffff (other)");
    expect(text).toContain("different batch sizes");
    expect(text).toMatch(/decoding +batch/);
    expect(widest(text)).toBeLessThanOrEqual(100);
    const md = formatLeaderboard([run(baseline, "rule-baseline-1"), changed], {
      color: false,
      markdown: true,
    });
    expect(md).toContain("> **Warning:** different corpus digests");
    expect(md).toContain("| # | model | protocol | score | 95% CI |");
  });

  it("shows differing decoding settings as columns and cuts long model names to stay within 100 columns", () => {
    const long = run(oracle, "organisation/an-extremely-long-model-name-70B-Instruct-GGUF-Q4_K_M");
    const hot: ReportRun = {
      ...long,
      results: {
        ...long.results,
        config: {
          ...long.results.config,
          settings: { ...long.results.config.settings, temperature: 0.7, seed: 7 },
        },
      },
    };
    const text = formatLeaderboard([run(baseline, "rule-baseline-1"), hot], { color: false });
    expect(text).toContain("T=0.7 max=256 think=off seed=7");
    expect(text).toMatch(/^\d+ {2}organisat… +json/m);
    expect(text).toContain("organisat… = organisation/an-extremely-long-model-name-70B-Instruct-GGUF-Q4_K_M");
    expect(text).not.toContain("decoding (every run)");
    expect(widest(text)).toBeLessThanOrEqual(100);
  });
});
