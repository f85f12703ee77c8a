import { describe, expect, it } from "vitest";
import type { ReportRecord } from "../../runner/results-schema.js";
import { measured, percentile, runUsage } from "./record-stats.js";

const record = (fields: Record<string, unknown>) =>
  ({ id: "a-en-01", protocol: "json", ...fields }) as ReportRecord;

describe("percentile (nearest rank)", () => {
  it("picks a measured value, never an interpolated one", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 100)).toBe(100);
  });
});

describe("runUsage", () => {
  it("sums the tokens records report, and says null (a dash) when none does", () => {
    const usage = runUsage([
      record({ latency_ms: 100, prompt_tokens: 10, completion_tokens: 2 }),
      record({ latency_ms: 300, prompt_tokens: null, completion_tokens: null }),
      record({ latency_ms: 200, prompt_tokens: 5, completion_tokens: 1 }),
    ]);
    expect(usage).toEqual({
      medianLatencyMs: 200,
      p95LatencyMs: 300,
      promptTokens: 15,
      completionTokens: 3,
      latencyRecords: 3,
      tokenRecords: 2,
      records: 3,
    });
    const none = runUsage([record({ prompt_tokens: null }), record({ latency_ms: "slow" })]);
    expect(none.promptTokens).toBeNull();
    expect(none.completionTokens).toBeNull();
    expect(none.medianLatencyMs).toBeNull();
  });

  it("reads only finite, non-negative numbers", () => {
    for (const bad of [null, "12", -1, Number.NaN, Number.POSITIVE_INFINITY, undefined])
      expect(measured(record({ latency_ms: bad }), "latency_ms")).toBeNull();
    expect(measured(record({ latency_ms: 0 }), "latency_ms")).toBe(0);
  });
});
