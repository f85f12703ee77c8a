import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BACKEND_KINDS } from "../backends/spec.js";
import { configFromFlags } from "../cli/run.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { RUN_DEFAULTS } from "./defaults.js";
import { definedRun, defineRun } from "./define-run.js";
import { quickDefineRun, type RunInput } from "./run-input.js";

const NOW = new Date("2026-01-02T03:04:05.678Z");

function issuesOf(input: Parameters<typeof defineRun>[0]) {
  const defined = defineRun(input, NOW);
  if (defined.ok) throw new Error("expected issues");
  return defined.issues;
}

describe("defineRun", () => {
  it("applies the library's defaults to an empty input", () => {
    const config = definedRun({}, NOW);
    expect(config).toMatchObject({
      backend: "baseline",
      model: null,
      base_url: null,
      api_key_env: RUN_DEFAULTS.apiKeyEnv,
      cases_file: DEFAULT_CASES_FILE,
      protocols: ["json", "xml", "plain"],
      filters: { lang: null, category: null, ids: null, limit: null },
      settings: { temperature: 0, max_tokens: RUN_DEFAULTS.maxTokens, enable_thinking: false, seed: null },
      concurrency: RUN_DEFAULTS.concurrency,
      timeout_ms: RUN_DEFAULTS.timeoutMs,
      retries: RUN_DEFAULTS.retries,
      cache: true,
      rules: "tooluse",
      out: "results/baseline-2026-01-02T03-04-05-678Z.json",
    });
    expect(config).not.toHaveProperty("repeats");
  });

  it("names each broken rule by its code and field path, and no message names a flag", () => {
    const cases: [Parameters<typeof defineRun>[0], string, string][] = [
      [{ backend: "oracle", model: "m" }, "asks_no_model", "model"],
      [{ backend: "oracle", base_url: "http://x/v1" }, "asks_no_model", "base_url"],
      [{ backend: "openai", model: "m", replay_file: "o.jsonl" }, "replay_only", "replay_file"],
      [{ backend: "replay" }, "replay_needs_file", "replay_file"],
      [{ backend: "openai", model: "m", batch_size: 2 }, "batch_size_unsupported", "batch_size"],
      [{ model: "m.gguf", protocols: ["native"] }, "native_needs_server", "protocols"],
      [{ backend: "openai", model: "m", allow_download: true }, "transformers_only", "allow_download"],
      [{ filters: { limit: 3, sample: { n: 2, seed: 0 } } }, "sample_with_limit", "filters.sample"],
      [{ concurrency: 0 }, "too_small", "concurrency"],
      [{ concurrency: 2000 }, "too_big", "concurrency"],
      [{ retries: -1 }, "too_small", "retries"],
      [{ timeout_ms: 0 }, "too_small", "timeout_ms"],
      [{ settings: { temperature: 3 } }, "too_big", "settings.temperature"],
      [{ settings: { max_tokens: 0 } }, "too_small", "settings.max_tokens"],
      [{ repeats: 0 }, "too_small", "repeats"],
      [{ label: "a\u202eb" }, "custom", "label"],
      [{ protocols: [] }, "too_small", "protocols"],
    ];
    for (const [input, code, path] of cases) {
      const issues = issuesOf(input);
      expect(
        issues.map((issue) => [issue.code, issue.path]),
        JSON.stringify(input),
      ).toEqual([[code, path]]);
      for (const issue of issues) {
        expect(issue.message).not.toContain("--");
        expect(issue.message).toContain(path);
      }
    }
  });

  it("keeps the key order of configFromFlags for the same run (results files stay byte-identical)", async () => {
    const fromFlags = await configFromFlags(
      {
        backend: "openai",
        model: "vendor/model",
        label: "mine",
        baseUrl: ["http://a/v1", "http://b/v1"],
        protocol: "json,native",
        cases: DEFAULT_CASES_FILE,
        sample: "4",
        seed: "3",
        repeats: "3",
        shard: "1/2",
      },
      NOW,
    );
    const defined = definedRun(
      {
        backend: "openai",
        model: "vendor/model",
        label: "mine",
        base_urls: ["http://a/v1", "http://b/v1"],
        protocols: ["json", "native"],
        filters: { sample: { n: 4, seed: 3 } },
        settings: { seed: 3 },
        repeats: 3,
        shard: { index: 1, count: 2 },
      },
      NOW,
    );
    expect(JSON.stringify(defined)).toBe(JSON.stringify(fromFlags));
    const plain = { backend: "oracle" } as const;
    expect(JSON.stringify(definedRun(plain, NOW))).toBe(
      JSON.stringify(await configFromFlags({ ...plain, protocol: "all", cases: DEFAULT_CASES_FILE }, NOW)),
    );
  });

  it("definedRun throws every issue; a valid input has none (negative control)", () => {
    expect(() => definedRun({ backend: "replay", concurrency: 0 })).toThrow(/replay_file.*; concurrency: /);
    expect(defineRun({ backend: "oracle", concurrency: 1 }).ok).toBe(true);
    expect(JSON.stringify(definedRun({ repeats: 1 }, NOW))).toBe(JSON.stringify(definedRun({}, NOW)));
    // The key-order check is order-sensitive: the same fields in another order are told apart.
    const { backend, ...rest } = definedRun({}, NOW);
    expect(JSON.stringify({ ...rest, backend })).not.toBe(JSON.stringify(definedRun({}, NOW)));
    expect({ ...rest, backend }).toEqual(definedRun({}, NOW));
  });
});

/**
 * Each field absent, or one of values within its bounds (mostly) or outside them and of other types (the bounds'
 * edges on both sides), so that some inputs are wholly valid and most are not.
 */
const field = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constantFrom(undefined, ...valid) },
    { weight: 1, arbitrary: fc.constantFrom(...invalid) },
  );
const INPUTS = fc.record(
  {
    // Mostly a server run, the one most fields apply to; every kind now and then.
    backend: field(["openai", "openai", "openai", "openai", ...BACKEND_KINDS], ["bogus"]),
    model: field(["m", "m.gguf", null], [3]),
    label: field(["mine", "x".repeat(200)], ["", " ", "a\u202eb", "x".repeat(201), 5]),
    base_url: field(["http://x/v1", null], [3]),
    base_urls: field([["http://a/v1"], ["http://a/v1", "http://b/v1"]], [[1, 2], "http://a/v1"]),
    api_key_env: field(["KEY"], [1]),
    replay_file: field([null, null, null, "o.jsonl"], [4]),
    cases_file: field(["c.jsonl"], [7]),
    protocols: field([["json"], ["json", "xml", "plain"], ["native"]], [[], ["bogus"], "json"]),
    filters: fc.record(
      {
        lang: field([["en"], [], null], [["xx"], "en"]),
        category: field([["calculator"], null], [["bogus"]]),
        ids: field([["a"], null], [[1]]),
        limit: field([1, 2 ** 53 - 1, null], [0, 1.5, -1, 2 ** 53]),
        sample: field(
          [undefined, undefined, { n: 2, seed: 0 }, { n: 1, seed: -3 }],
          [{ n: 0, seed: 0 }, { n: 1, seed: 1.5 }, "x"],
        ),
      },
      { requiredKeys: [] },
    ),
    settings: fc.record(
      {
        temperature: field([0, 0.7, 2], [2.5, -0.1, Number.NaN, Number.POSITIVE_INFINITY, "1"]),
        max_tokens: field([1, 512], [0, 1.5]),
        enable_thinking: field([true, false, null], ["yes"]),
        seed: field([0, -5, 7, null], [1.5, 2 ** 53]),
      },
      { requiredKeys: [] },
    ),
    concurrency: field([1, 32, 1024], [0, 1025, 1.5, Number.NaN]),
    batch_size: field([null, null, null, 1, 8], [0, 1.5]),
    timeout_ms: field([1, 60_000, 86_400_000], [0, 86_400_001]),
    retries: field([0, 3, 100], [-1, 101]),
    cache: field([true, false], ["no"]),
    rules: field(["tooluse", "spec1", "bfcl"], ["nope"]),
    allow_download: field([undefined, undefined, true, false], ["yes"]),
    repeats: field([1, 3, 1000], [0, 1001, 2.5]),
    shard: field(
      [
        { index: 1, count: 2 },
        { index: 2, count: 2 },
      ],
      [
        { index: 3, count: 2 },
        { index: 0, count: 1 },
        { index: 1.5, count: 2 },
      ],
    ),
    system_prompts: field(
      [undefined, undefined, undefined, { json: { file: "p.txt", sha256: "ab" } }],
      [{ bogus: { file: "p.txt", sha256: "ab" } }],
    ),
    out: field(["o.json"], [3]),
  },
  { requiredKeys: [] },
);

describe("quickDefineRun", () => {
  it("answers as defineRun wherever it answers (fields in and out of bounds, of every type)", () => {
    let answered = 0;
    let refused = 0;
    fc.assert(
      fc.property(INPUTS, (input) => {
        // A name of the wrong type throws while the default `out` is made, in both alike (before any check).
        const attempt = <T>(define: () => T) => {
          try {
            return define();
          } catch (error) {
            return { threw: String(error) };
          }
        };
        const full = attempt(() => defineRun(input as RunInput, NOW));
        if ("ok" in full && !full.ok) refused++;
        const quick = attempt(() => quickDefineRun(input as RunInput, NOW));
        if ("threw" in full) expect(quick).toEqual(full);
        if (quick === null || "threw" in full) return;
        answered++;
        expect(quick).toEqual(full);
        expect(JSON.stringify(quick)).toBe(JSON.stringify(full));
      }),
      { numRuns: 5000, seed: 28 },
    );
    // Not vacuous: the check answers for some inputs and defineRun refuses many others.
    expect(answered).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(2500);
  });

  it("answers for a usual run (so it loads no zod), and leaves a broken one to defineRun", () => {
    const usual: RunInput = {
      backend: "openai",
      model: "mock-model",
      base_urls: ["http://127.0.0.1:8000/v1"],
      protocols: ["json", "xml", "plain"],
      concurrency: 32,
      retries: 0,
      cache: true,
      out: "results/x.json",
    };
    expect(quickDefineRun(usual, NOW)).toEqual(defineRun(usual, NOW));
    expect(quickDefineRun({ ...usual, concurrency: 0 }, NOW)).toBeNull();
    expect(quickDefineRun({ ...usual, backend: "oracle" }, NOW)).toBeNull();
  });
});
