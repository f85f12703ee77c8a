/**
 * Every output of a run is a reporter on one event stream: the registry names them all, a reporter handed to the
 * run hears each event once and in order (after the run's own), and a reporter that fails fails the run with its
 * message, through the library and through `tooluse run`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../../cases/load.js";
import { main } from "../../cli/main.js";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import { REPORTERS } from "../../report/reporters.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";
import { definedRun } from "../define-run.js";
import { journalPath } from "../journal.js";
import { type ProgressReporter, silentProgress } from "../progress.js";
import { type RunEnvironment, runBenchmark } from "../run.js";
import { RUN_REPORTERS, type RunReporter } from "./index.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const IDS = loadCases(DEFAULT_CASES_FILE)
  .slice(0, 4)
  .map((c) => c.id);

function baselineRun(out: string) {
  return definedRun({
    backend: "baseline",
    protocols: ["json"],
    cases_file: DEFAULT_CASES_FILE,
    filters: { ids: IDS },
    concurrency: 1,
    cache: false,
    out,
  });
}

function environment(overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  return {
    env: {},
    cacheDir: join(dir.path, "cache"),
    progress: silentProgress,
    signal: new AbortController().signal,
    log: () => {},
    ...overrides,
  };
}

/** A reporter that writes down each event, and what the run's own outputs held when it heard the end. */
function recording(out: string) {
  const events: string[] = [];
  const reporter: RunReporter = {
    onRunStart: ({ total, alreadyDone }) => void events.push(`start ${total} ${alreadyDone}`),
    onRecord: (record) => void events.push(`record ${record.id}`),
    onRunEnd: ({ results }) => {
      events.push(`end ${results.length} results-file:${existsSync(out)}`);
    },
  };
  return { events, reporter };
}

describe("the registry of reporters", () => {
  it("names every output a run or a report writes, the run's own among them", () => {
    expect(Object.keys(REPORTERS).sort()).toEqual(
      ["csv", "html", "journal", "progress", "results", "junit", "suitePages"].sort(),
    );
    expect(Object.keys(RUN_REPORTERS).sort()).toEqual(["journal", "progress", "results"]);
  });
});

describe("a reporter handed to the run", () => {
  it("hears the start once, each record once in the order the journal kept them, then the end once", async () => {
    const out = join(dir.path, "r.json");
    const { events, reporter } = recording(out);
    const results = await runBenchmark(baselineRun(out), false, environment({ reporters: [reporter] }));
    const journaled = readFileSync(journalPath(out), "utf8").trim().split("\n").slice(1);
    expect(journaled).toHaveLength(IDS.length);
    expect(events).toEqual([
      `start ${IDS.length} 0`,
      ...journaled.map((line) => `record ${JSON.parse(line).id}`),
      // Told after the run's own reporters: the results file is already written.
      "end 1 results-file:true",
    ]);
    expect(results.counts.records).toBe(IDS.length);
  });

  it("fails the run with its message; the journal is closed, the progress line finished, no results written", async () => {
    const out = join(dir.path, "r.json");
    let finished = 0;
    const progress: ProgressReporter = { ...silentProgress, finish: () => void finished++ };
    const { events, reporter: after } = recording(out);
    const failing: RunReporter = {
      onRecord: (record) => {
        if (record.id === IDS[1]) throw new Error("reporter bug");
      },
    };
    await expect(
      runBenchmark(baselineRun(out), false, environment({ progress, reporters: [failing, after] })),
    ).rejects.toThrow("reporter bug");
    expect(finished).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(events.at(-1)).toBe("end 0 results-file:false");
    // Every record that was answered is kept: a resume finishes the rest.
    const resumed = await runBenchmark(baselineRun(out), true, environment());
    expect(resumed.counts).toMatchObject({ records: IDS.length, scored: IDS.length, errors: 0 });
  });

  it("that fails at the end fails the run with its message, after the results file is written", async () => {
    const out = join(dir.path, "r.json");
    const failing: RunReporter = {
      onRunEnd: () => {
        throw new Error("cannot write the summary");
      },
    };
    await expect(
      runBenchmark(baselineRun(out), false, environment({ reporters: [failing] })),
    ).rejects.toThrow("cannot write the summary");
    expect(existsSync(out)).toBe(true);
  });
});

describe("tooluse run with --junit and --csv (command line)", () => {
  it("writes both once the run's own outputs are done: after the last progress line and the results file", async () => {
    const out = join(dir.path, "r.json");
    const io = captureIo();
    const formats = ["--junit", join(dir.path, "r.xml"), "--csv", join(dir.path, "r.csv")];
    const code = await main(
      ["run", "--ids", IDS.join(","), "--protocol", "json", "--out", out, ...formats],
      io,
    );
    expect(code, io.err).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).counts.records).toBe(IDS.length);
    expect(readFileSync(join(dir.path, "r.xml"), "utf8")).toContain(`tests="${IDS.length}"`);
    expect(readFileSync(join(dir.path, "r.csv"), "utf8").trim().split("\n")).toHaveLength(IDS.length + 1);
    const lines = io.err.trim().split("\n");
    expect(lines.slice(-3)).toEqual([
      expect.stringMatching(new RegExp(`^progress ${IDS.length}/${IDS.length} `)),
      `junit: ${join(dir.path, "r.xml")}`,
      `csv: ${join(dir.path, "r.csv")}`,
    ]);
  });
});
