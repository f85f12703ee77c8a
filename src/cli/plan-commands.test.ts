import { describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { main } from "./main.js";

// Every planning command is wired and hands its flags to its module: a missing input file is one clear line, exit 2.
describe("tooluse plan … wiring", () => {
  it.each([
    ["score", "--queries", "/nonexistent/ref.jsonl", "--plans", "/nonexistent/plans.jsonl"],
    ["generate", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--queries", "/nonexistent/q.jsonl"],
    [
      "judge",
      "--model",
      "j",
      "--base-url",
      "http://127.0.0.1:9/v1",
      "--queries",
      "/nonexistent/r.jsonl",
      "--plans",
      "/nonexistent/p.jsonl",
    ],
    [
      "refine",
      "--model",
      "m",
      "--base-url",
      "http://127.0.0.1:9/v1",
      "--queries",
      "/nonexistent/q.jsonl",
      "--plans",
      "/nonexistent/p.jsonl",
    ],
    ["answers", "--model", "j", "--base-url", "http://127.0.0.1:9/v1", "--responses", "/nonexistent/r.jsonl"],
    ["agree", "--gold", "/nonexistent/g.jsonl", "--judged", "/nonexistent/j.jsonl"],
    ["report", "--scores", "/nonexistent/s.jsonl"],
    ["import", "--queries", "/nonexistent/queries.csv"],
    ["export", "--queries", "/nonexistent/q.jsonl", "--out", "/nonexistent/q.csv"],
  ])("plan %s", async (...args) => {
    const io = captureIo();
    expect(await main(["plan", ...args], io)).toBe(2);
    expect(io.err).toMatch(/^tooluse: .*\/nonexistent\/.*\n$/);
  });
});
