import { describe, expect, it } from "vitest";
import { configFromFlags } from "../cli/run.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { RUN_DEFAULTS } from "./defaults.js";
import { definedRun, defineRun } from "./define-run.js";

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

  it("keeps the key order of configFromFlags for the same run (results files stay byte-identical)", () => {
    const fromFlags = configFromFlags(
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
      JSON.stringify(configFromFlags({ ...plain, protocol: "all", cases: DEFAULT_CASES_FILE }, NOW)),
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
