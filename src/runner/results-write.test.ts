/**
 * The quick check a run writes its results through (results-write.ts) keeps the readers' promise: whatever it passes,
 * the results schema passes (so `report` opens every file a run writes), and a run's own results pass it (so a run
 * writes them without loading zod). Checked on real results files and thousands of mutations of them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { ReportResultsSchema } from "./results-schema.js";
import { isWritableResults } from "./results-write.js";

const dir = tempDir();
afterAll(() => dir.remove());

const GOLDEN = join(import.meta.dirname, "../report/test-support/single-run");
const files: string[] = [join(GOLDEN, "run-results.json.golden"), join(GOLDEN, "results.json.golden")];

async function run(name: string, ...args: string[]): Promise<void> {
  const out = join(dir.path, `${name}.json`);
  const io = captureIo();
  await main(["run", "--protocol", "json,xml", "--limit", "8", ...args, "--out", out], io);
  files.push(out);
}

beforeAll(async () => {
  await run("oracle", "--backend", "oracle");
  await run("repeats", "--backend", "oracle", "--repeats", "2", "--seed", "3");
  await run("baseline", "--backend", "baseline", "--label", "rules");
  // A replay that holds no outputs: every record an error.
  const outputs = join(dir.path, "none.jsonl");
  writeFileSync(outputs, "");
  await run("errors", "--backend", "replay", "--outputs", outputs);
});

const accepted = (value: unknown) => ReportResultsSchema.safeParse(value).success;
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as unknown;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every container slot of a value (the records' fields included), as [container, key]. */
function slots(value: Json, out: [Json[] | Record<string, Json>, string | number][] = []) {
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [key, inner] of entries) {
    out.push([value as Json[] | Record<string, Json>, key]);
    slots(inner, out);
  }
  return out;
}

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  "",
  "x",
  0,
  -0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  true,
  [],
  {},
  [1, 2],
];

/** A copy of `value` with one slot removed or replaced (chosen by two numbers). */
function mutate(value: unknown, where: number, what: number): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  const all = slots(copy);
  const [parent, key] = all[where % all.length] ?? [];
  if (parent === undefined || key === undefined) return copy;
  const replacement = REPLACEMENTS[what % (REPLACEMENTS.length + 1)];
  if (what % (REPLACEMENTS.length + 1) === REPLACEMENTS.length) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else (parent as Record<string, unknown>)[key as string] = replacement;
  return copy;
}

describe("isWritableResults", () => {
  it("passes every results file a run writes (so a run writes them without zod)", () => {
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(isWritableResults(read(file)), file).toBe(true);
  });

  it("passes nothing the results schema refuses, under thousands of mutations of those files", () => {
    let passed = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.nat(files.length - 1), fc.nat(), fc.nat(), (index, where, what) => {
        const mutant = mutate(read(files[index] as string), where, what);
        const quick = isWritableResults(mutant);
        if (quick) passed++;
        if (!accepted(mutant)) refused++;
        if (quick) expect(accepted(mutant)).toBe(true);
      }),
      { numRuns: 3000, seed: 28 },
    );
    // Not vacuous: many mutants still pass (a changed value of the right type), many others the schema refuses.
    expect(passed).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it("passes nothing the schema refuses, under every removal and replacement of every field of each file", () => {
    let checked = 0;
    for (const file of files) {
      // Three records stand for all: every field of the rest has the same checks.
      const value = read(file) as { records: unknown[] };
      const trimmed = { ...value, records: value.records.slice(0, 3) };
      const count = slots(trimmed as Json).length;
      for (let where = 0; where < count; where++)
        for (let what = 0; what <= REPLACEMENTS.length; what++) {
          const mutant = mutate(trimmed, where, what);
          if (isWritableResults(mutant))
            expect(accepted(mutant), JSON.stringify([file, where, what])).toBe(true);
          checked++;
        }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("refuses what the schema refuses at the top (the negative control)", () => {
    const good = read(files[0] as string) as Record<string, unknown>;
    expect(isWritableResults({ ...good, format: "tooluse.results/0" })).toBe(false);
    expect(isWritableResults({ ...good, records: [{ id: 1 }] })).toBe(false);
    expect(accepted({ ...good, records: [{ id: 1 }] })).toBe(false);
  });
});
