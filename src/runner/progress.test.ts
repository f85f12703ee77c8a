import { describe, expect, it } from "vitest";
import { plainProgress, terminalProgress } from "./progress.js";
import type { RunRecord } from "./record.js";

const record = (passed: boolean | null): RunRecord => ({
  id: "x",
  protocol: "json",
  status: passed === null ? "error" : "scored",
  output: null,
  verdict: passed === null ? null : ({ passed } as RunRecord["verdict"]),
  error: passed === null ? "boom" : null,
  latency_ms: 0,
  prompt_tokens: null,
  completion_tokens: null,
  finish_reason: null,
  attempts: 1,
  cached: false,
});

describe("progress reporters", () => {
  it("prints a plain line per tenth of the work and a last one, with the running score and errors", () => {
    const lines: string[] = [];
    const progress = plainProgress((text) => lines.push(text));
    progress.start(20, 0);
    for (let i = 0; i < 20; i++) progress.record(record(i === 0 ? null : i % 2 === 0));
    progress.finish();
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => line.startsWith("progress ") && line.endsWith("\n"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^progress 20\/20 .* score 0\.474 {2}errors 1\n$/);
  });

  it("counts records already done when a run resumes", () => {
    const lines: string[] = [];
    const progress = plainProgress((text) => lines.push(text));
    progress.start(10, 8);
    progress.record(record(true));
    progress.record(record(true));
    progress.finish();
    expect(lines.at(-1)).toMatch(/^progress 10\/10 /);
  });

  it("redraws one terminal line in place and ends it with a newline", () => {
    const writes: string[] = [];
    const progress = terminalProgress((text) => writes.push(text));
    progress.start(4, 0);
    for (let i = 0; i < 4; i++) progress.record(record(true));
    progress.finish();
    const clearLine = "\r\u001b[2K";
    expect(writes[0]?.startsWith(`${clearLine}[${".".repeat(24)}] 0/4 `)).toBe(true);
    expect(writes.at(-2)?.startsWith(`${clearLine}[${"#".repeat(24)}] 4/4 `)).toBe(true);
    expect(writes.at(-2)?.endsWith("score 1.000")).toBe(true);
    expect(writes.at(-1)).toBe("\n");
  });
});
