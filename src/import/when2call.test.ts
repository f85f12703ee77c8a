import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { grade } from "../grade/grade.js";
import { importWhen2Call } from "./when2call.js";

const file = new URL("./fixtures/when2call.jsonl", import.meta.url).pathname;
const text = readFileSync(file, "utf8");
const cases = importWhen2Call({ file, text });
const records = text
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const one = (record: unknown) => ({ file: "w.jsonl", text: JSON.stringify(record) });

describe("importWhen2Call on fixtures in the shape of the test file", () => {
  it("maps the labels: tool_call → call (the reply's tool), request_for_info → clarify, cannot_answer → refuse", () => {
    expect(cases.map((c) => [c.id, c.category, c.expect])).toEqual([
      ["w2c-0001", "tool_call", { call: { name: "weather.get_current", arguments: {} } }],
      ["w2c-0002", "request_for_info", { no_call: "clarify" }],
      ["w2c-0003", "cannot_answer", { no_call: "refuse" }],
    ]);
  });

  it("parses the tools (JSON strings in BFCL's dialect), including a case with none", () => {
    expect(cases[1]?.tools.map((t) => (typeof t === "string" ? t : t.name))).toEqual([
      "Movies_1_FindMovies",
      "weather.get_current",
    ]);
    expect(cases[0]?.tools[0]).toMatchObject({
      parameters: { type: "object", properties: { city: { type: "string" } } },
    });
    expect(cases[2]?.tools).toEqual([]);
    expect(cases[0]?.messages).toEqual([{ role: "user", content: "What's the weather in Oslo right now?" }]);
  });

  it("maps `direct` (never a test label) to answer", () => {
    const direct = { ...records[2], uuid: "w2c-9", correct_answer: "direct" };
    expect(importWhen2Call(one(direct))[0]?.expect).toEqual({ no_call: "answer" });
  });

  it("grades the four replies: only tool_call yields a call, and only the labelled behaviour's kind passes", () => {
    const outcome = records.map((record, index) =>
      Object.fromEntries(
        Object.entries(record.answers as Record<string, string>).map(([behaviour, reply]) => {
          const verdict = grade(cases[index] as (typeof cases)[number], {
            id: record.uuid,
            protocol: "json",
            output: reply,
          });
          return [behaviour, `${verdict.calls.length}${verdict.passed ? "+" : "-"}`];
        }),
      ),
    );
    // Behaviour-aware grading: a no-call reply passes only when it asks (clarify) or declines (refuse) as labelled.
    expect(outcome).toEqual([
      { direct: "0-", tool_call: "1+", request_for_info: "0-", cannot_answer: "0-" },
      { direct: "0-", tool_call: "1-", request_for_info: "0+", cannot_answer: "0-" },
      { direct: "0-", tool_call: "1-", request_for_info: "0-", cannot_answer: "0+" },
    ]);
  });

  it("names the record line and field of bad input", () => {
    expect(() => importWhen2Call(one({ ...records[0], correct_answer: "maybe" }))).toThrow(
      /^w\.jsonl:1: correct_answer: /,
    );
    const badTool = { ...records[0], tools: ["{not json"] };
    expect(() => importWhen2Call(one(badTool))).toThrow(
      /^w\.jsonl:1: tools\[0\]: expected a JSON tool definition \(invalid JSON: .+\)$/,
    );
    const unoffered = { ...records[0], tools: [] };
    expect(() => importWhen2Call(one(unoffered))).toThrow(
      "w.jsonl:1: answers.tool_call: expected a call to an offered tool, got weather.get_current",
    );
    const notACall = { ...records[0], answers: { ...records[0].answers, tool_call: "[1, 2]" } };
    expect(() => importWhen2Call(one(notACall))).toThrow(
      'w.jsonl:1: answers.tool_call: expected a JSON call {"name", "arguments"}',
    );
  });
});
