import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tempDir } from "../test-support/temp.js";
import { holdSecret } from "../text/redact.js";
import { completionOf, ResponseCache } from "./cache.js";

const completion = (text: string) => ({
  text,
  finish_reason: "stop",
  prompt_tokens: 3,
  completion_tokens: 2,
});
const key = (n: number) =>
  ResponseCache.key({
    backend: "openai",
    model: "m",
    endpoint: null,
    messages: [n],
    tools: [],
    settings: {},
  });

/** Every file under the cache folder, relative: what a run leaves behind. */
function filesIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the response cache's entries", () => {
  it("reads back what it wrote, one file per key, with no temporary file left", () => {
    const directory = tempDir("tooluse-cache-").path;
    const cache = new ResponseCache(directory);
    for (let n = 0; n < 50; n++) cache.set(key(n), completion(`answer ${n}`));
    for (let n = 0; n < 50; n++) expect(cache.get(key(n))?.text).toBe(`answer ${n}`);
    const files = filesIn(directory);
    expect(files).toHaveLength(50);
    expect(files.every((name) => /^[0-9a-f]{64}\.json$/.test(name))).toBe(true);
  });

  it("makes a shard folder again when it was removed while the run went on", () => {
    const directory = tempDir("tooluse-cache-").path;
    const warnings: string[] = [];
    const cache = new ResponseCache(directory, (line) => warnings.push(line));
    cache.set(key(1), completion("first"));
    rmSync(join(directory, key(1).slice(0, 2)), { recursive: true });
    cache.set(key(1), completion("again"));
    expect(cache.get(key(1))?.text).toBe("again");
    expect(warnings).toEqual([]);
  });

  it("redacts a secret in an answer as every written file does", () => {
    const directory = tempDir("tooluse-cache-").path;
    const cache = new ResponseCache(directory);
    holdSecret("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789");
    cache.set(key(2), completion("the key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"));
    expect(cache.get(key(2))?.text).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
  });
});

/** The schema entries were read with before completionOf: the oracle it must agree with. */
const CompletionSchema = z.object({
  text: z.string(),
  finish_reason: z.string().nullable(),
  prompt_tokens: z.number().nullable(),
  completion_tokens: z.number().nullable(),
});

/** What the schema makes of a value (a completion, or undefined when it refuses it). */
const schemaOf = (value: unknown) => {
  const parsed = CompletionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

describe("completionOf (an entry's JSON read without zod)", () => {
  // Each field absent, of its type, of another type, or an extreme; extra keys and keys out of order.
  const anyValue = fc.oneof(
    fc.constantFrom(null, undefined, 0, -0, 1.5, -7, 1e300, "", "stop", true, [], {}, Number.NaN),
    fc.string(),
    fc.integer(),
    fc.double(),
  );
  const entries = fc.oneof(
    fc.record(
      {
        text: fc.oneof(fc.string(), anyValue),
        finish_reason: fc.oneof(fc.constantFrom("stop", "length", null), anyValue),
        prompt_tokens: fc.oneof(fc.nat(), fc.constant(null), anyValue),
        completion_tokens: fc.oneof(fc.nat(), fc.constant(null), anyValue),
        extra: anyValue,
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
    anyValue,
  );

  it("reads every value as the schema does, to the key order", () => {
    let accepted = 0;
    fc.assert(
      fc.property(entries, fc.boolean(), (value, reversed) => {
        const entry =
          reversed && typeof value === "object" && value !== null && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).reverse())
            : value;
        const ours = completionOf(entry);
        if (ours !== undefined) accepted++;
        expect(ours).toEqual(schemaOf(entry));
        expect(JSON.stringify(ours)).toBe(JSON.stringify(schemaOf(entry)));
      }),
      { numRuns: 3000, seed: 28 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("reads what a run writes, and refuses a damaged entry (a miss: the request is asked again)", () => {
    const written = JSON.parse(JSON.stringify(completion("hi")));
    expect(completionOf(written)).toEqual(completion("hi"));
    expect(completionOf({ ...written, prompt_tokens: "3" })).toBeUndefined();
    expect(completionOf([written])).toBeUndefined();
  });
});
