/**
 * The verdict cache through `main()` (issue 28's cached re-run): a re-run of unchanged outputs, cases and grader
 * reuses its verdicts and writes the same results; everything a verdict depends on makes it miss when it changes
 * (a case's `expect`, the output, the profile, the grading code's fingerprint); a damaged or torn line is graded
 * again; a cache that cannot be written costs time, never a result.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

/** A test may replace the grading code's fingerprint (undefined: the real one). */
const fingerprint = vi.hoisted(() => ({ value: undefined as string | null | undefined }));
vi.mock("../runner/grading-fingerprint.js", async (original) => {
  const real = await original<typeof import("../runner/grading-fingerprint.js")>();
  return {
    ...real,
    gradingFingerprint: () =>
      fingerprint.value ?? (fingerprint.value === null ? null : real.gradingFingerprint()),
  };
});

const dir = tempDir("tooluse-verdict-cache-");
const at = (name: string) => join(dir.path, name);
const lines = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 4);
const CASES_FILE = at("cases.jsonl");
writeFileSync(CASES_FILE, `${lines.join("\n")}\n`);
const PAIRS = 8; // 4 cases × json, xml
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ script: perfectScript(loadCases(CASES_FILE)) });
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

/** A run of the cases against the perfect model; its stderr, its results file (times fixed) and the verdicts reused. */
async function run(cacheDir: string, name: string, ...extra: string[]) {
  const io = captureIo();
  const out = at(`${name}.json`);
  const argv = ["run", "--backend", "openai", "--base-url", server.url, "--model", "mock-model"];
  const code = await main(
    [
      ...argv,
      "--cases",
      CASES_FILE,
      "--protocol",
      "json,xml",
      "--cache-dir",
      cacheDir,
      "--out",
      out,
      ...extra,
    ],
    io,
  );
  expect(code, io.err).toBe(0);
  const results = JSON.parse(readFileSync(out, "utf8"));
  results.started_at = "T";
  results.finished_at = "T";
  for (const record of results.records) record.latency_ms = 0;
  const reused = /note: (\d+) verdicts reused from the verdict cache/.exec(io.err)?.[1];
  return { results: JSON.stringify(results), reused: reused === undefined ? 0 : Number(reused), err: io.err };
}

/** The cache folder's one verdict file. */
function verdictFile(cacheDir: string): string {
  const files = readdirSync(join(cacheDir, "verdicts"));
  expect(files).toHaveLength(1);
  return join(cacheDir, "verdicts", files[0] as string);
}

describe("the verdict cache", () => {
  const cache = at("cache");
  /** The cache as the first run left it: every answer and every verdict of the 8 pairs, under tooluse. */
  const pristine = at("pristine-cache");
  let first: Awaited<ReturnType<typeof run>>;
  /** The results of a re-run whose answers were all cached and whose verdicts were all made again. */
  let regraded: string;
  beforeAll(async () => {
    first = await run(cache, "first");
    cpSync(cache, pristine, { recursive: true });
    const answersOnly = at("answers-only-cache");
    cpSync(cache, answersOnly, { recursive: true });
    rmSync(join(answersOnly, "verdicts"), { recursive: true });
    regraded = (await run(answersOnly, "regraded")).results.replaceAll("regraded.json", "first.json");
  });

  it("a re-run reuses every verdict and writes the same results as the run that graded them", async () => {
    expect(first.reused).toBe(0);
    expect(readFileSync(verdictFile(cache), "utf8").split("\n").filter(Boolean)).toHaveLength(PAIRS);
    const again = await run(cache, "again");
    expect(again.reused).toBe(PAIRS);
    expect(again.results.replaceAll("again.json", "first.json")).toBe(regraded);
  });

  it("--no-cache neither reads nor writes verdicts", async () => {
    expect((await run(cache, "no-cache", "--no-cache")).reused).toBe(0);
  });

  it("a changed case expect misses for that case only, and its verdict is the new expect's", async () => {
    const edited = at("edited.jsonl");
    writeFileSync(
      edited,
      readFileSync(CASES_FILE, "utf8").replace('"expression":"45 + 12"', '"expression":"45 + 13"'),
    );
    const io = captureIo();
    const argv = ["run", "--backend", "openai", "--base-url", server.url, "--model", "mock-model"];
    const out = at("edited.json");
    expect(
      await main(
        [...argv, "--cases", edited, "--protocol", "json,xml", "--cache-dir", cache, "--out", out],
        io,
      ),
    ).toBe(0);
    expect(io.err).toContain(`note: ${PAIRS - 2} verdicts reused`);
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results.summary.passed).toBe(PAIRS - 2);
  });

  it("a changed profile misses", async () => {
    expect((await run(cache, "spec1", "--rules", "spec1")).reused).toBe(0);
    expect((await run(cache, "spec1-again", "--rules", "spec1")).reused).toBe(PAIRS);
  });

  it("a changed output misses: the same verdicts, other answers", async () => {
    const other = at("other-cache");
    cpSync(join(cache, "verdicts"), join(other, "verdicts"), { recursive: true });
    const wrong = await startMockServer({ script: () => ({ content: "I cannot help with that." }) });
    try {
      const io = captureIo();
      const argv = ["run", "--backend", "openai", "--base-url", wrong.url, "--model", "mock-model"];
      const out = at("wrong.json");
      expect(
        await main(
          [...argv, "--cases", CASES_FILE, "--protocol", "json,xml", "--cache-dir", other, "--out", out],
          io,
        ),
      ).toBe(0);
      expect(io.err).not.toContain("verdicts reused");
      expect(JSON.parse(readFileSync(out, "utf8")).summary.passed).toBe(0);
    } finally {
      await wrong.close();
    }
  });

  it("a changed grading code fingerprint misses, and an unknown one turns the cache off", async () => {
    try {
      fingerprint.value = "another grading code";
      expect((await run(cache, "changed-code")).reused).toBe(0);
      fingerprint.value = null;
      const off = at("off-cache");
      expect((await run(off, "unknown-code")).reused).toBe(0);
      expect(readdirSync(off)).not.toContain("verdicts");
    } finally {
      fingerprint.value = undefined;
    }
  });

  it("a damaged line and a torn last line are graded again; the results stay the same", async () => {
    const damaged = at("damaged-cache");
    cpSync(pristine, damaged, { recursive: true });
    const file = verdictFile(damaged);
    const text = readFileSync(file, "utf8");
    const [one = "", ...rest] = text.split("\n").filter(Boolean);
    // A verdict changed by one character, and the last line cut before its newline.
    const cut = [...rest];
    cut[cut.length - 1] = (cut.at(-1) as string).slice(0, -10);
    expect(one).toContain('"passed":true');
    writeFileSync(file, `${one.replace('"passed":true', '"passed":fals')}\n${cut.join("\n")}`);
    const again = await run(damaged, "damaged");
    expect(again.reused).toBe(PAIRS - 2);
    expect(again.results.replaceAll("damaged.json", "first.json")).toBe(regraded);
    // The two graded again were appended: the next run reuses all.
    expect((await run(damaged, "repaired")).reused).toBe(PAIRS);
  });

  it("a verdict cache that cannot be written still scores every answer, and says nothing more", async () => {
    const blocked = at("blocked-cache");
    cpSync(pristine, blocked, { recursive: true });
    rmSync(join(blocked, "verdicts"), { recursive: true });
    writeFileSync(join(blocked, "verdicts"), "");
    const again = await run(blocked, "blocked");
    expect(again.reused).toBe(0);
    expect(again.err).not.toContain("cannot be written");
    expect(again.results.replaceAll("blocked.json", "first.json")).toBe(regraded);
  });
});
