/**
 * readResults and writeResults, the library's door to a results file: every results file the tests produce
 * (the golden fixture, a real `run`, a merged run, a repeats run) reads back through the one schema, writes
 * back byte for byte, and an object the readers would refuse is never written.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { readResults, writeResults } from "../index.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";

const dir = tempDir();
afterAll(() => dir.remove());
const path = (name: string) => join(dir.path, name);

async function cli(...args: string[]): Promise<void> {
  const io = captureIo();
  const code = await main(args, io);
  expect(code, io.err).toBe(0);
}

const oracle = (out: string, ...extra: string[]) =>
  cli("run", "--backend", "oracle", "--protocol", "json,xml", "--limit", "6", ...extra, "--out", path(out));

/**
 * Writes a file's JSON again and checks the copy is the same bytes and reads back equal to what was written.
 * (readResults gives the schema's own key order, so its result is compared as a value, not re-written as bytes.)
 */
function roundTrips(file: string): void {
  const text = readFileSync(file, "utf8");
  const written = JSON.parse(text) as unknown;
  // The copy goes to the temporary folder: never beside a fixture in the source tree.
  const copy = path(`${basename(file)}.copy.json`);
  writeResults(copy, written);
  expect(readFileSync(copy, "utf8")).toBe(text);
  expect(readResults(copy)).toEqual(written);
  expect(readResults(copy)).toEqual(readResults(file));
}

describe("readResults(writeResults(x)) round-trips every results file the tests produce", () => {
  it("the golden single-run fixture", () => {
    roundTrips(join(import.meta.dirname, "../report/test-support/single-run/run-results.json.golden"));
  });

  it("a run, two shards merged, and a repeats run, all through main()", async () => {
    await oracle("run.json");
    await oracle("a.json", "--shard", "1/2");
    await oracle("b.json", "--shard", "2/2");
    await cli("merge", path("a.json"), path("b.json"), "--out", path("merged.json"));
    await oracle("repeats.json", "--repeats", "2", "--seed", "3");
    for (const name of ["run.json", "a.json", "merged.json", "repeats.json"]) roundTrips(path(name));
    expect(readResults(path("repeats.json")).records.some((r) => r.attempt === 1)).toBe(true);
  });

  it("refuses to write an object the readers would refuse, and writes nothing (negative control)", () => {
    const good = readResults(path("run.json"));
    const bad = { ...good, format: "tooluse.results/0" };
    expect(() => writeResults(path("bad.json"), bad)).toThrow(
      /writeResults\(results\): not a valid results object: field format/,
    );
    expect(() => writeResults(path("bad.json"), { ...good, records: [{ id: 1 }] })).toThrow(TypeError);
    expect(existsSync(path("bad.json"))).toBe(false);
  });
});
