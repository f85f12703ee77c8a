/**
 * The four shape classes of tooluse 2.5.0 (issue 25; docs/spec-conformance.md E7, E11, ratio units, grouped digits)
 * through the door users use: `tooluse grade` on a cases file and an outputs file, its verdicts file read back.
 * Every verdict here was the opposite on main at a7bc3ca (a call, no attempt, a wrong unit, a correct amount).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { TOOLUSE_VERSION } from "../test-support/profile-version.js";
import { tempDir } from "../test-support/temp.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { main } from "./main.js";

const callCase = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  lang: "en",
  category: name,
  difficulty: "easy",
  tools: [...TOOL_NAMES],
  messages: [{ role: "user", content: "…" }],
  expect: { call: { name, arguments: args } },
});
const TOKYO = { timezone: "Asia/Tokyo" };
const CASES = [
  callCase("get_time-en-01", "get_time", TOKYO),
  callCase("get_time-en-02", "get_time", TOKYO),
  callCase("convert_units-en-01", "convert_units", {
    value: 10,
    from_unit: "meters_per_second",
    to_unit: "kilometers_per_hour",
  }),
  callCase("convert_currency-en-01", "convert_currency", {
    amount: 1250,
    from_currency: "USD",
    to_currency: "EUR",
  }),
];
const OUTPUTS = [
  ["get_time-en-01", "<tool_call><function=get_time><parameter=timezone>Asia/Tokyo</function></tool_call>"],
  [
    "get_time-en-02",
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"timezone": "Asia/To',
  ],
  [
    "convert_units-en-01",
    JSON.stringify({
      name: "convert_units",
      arguments: { value: 10, from_unit: "meter/second", to_unit: "km/h" },
    }),
  ],
  [
    "convert_currency-en-01",
    JSON.stringify({
      name: "convert_currency",
      arguments: { amount: "1,250", from_currency: "USD", to_currency: "EUR" },
    }),
  ],
].map(([id, output]) => ({ id, protocol: "json", output }));

const dir = tempDir("tooluse-shapes-2-5-");
const at = (name: string) => join(dir.path, name);
beforeAll(() => {
  writeFileSync(at("cases.jsonl"), CASES.map((c) => JSON.stringify(c)).join("\n"));
  writeFileSync(at("outputs.jsonl"), OUTPUTS.map((o) => JSON.stringify(o)).join("\n"));
});
afterAll(() => dir.remove());

describe("tooluse grade: the 2.5.0 shape classes", () => {
  it("an unclosed parameter and a cut Kimi call are attempts, a ratio unit passes, a grouped amount is wrong", async () => {
    const io = captureIo();
    const argv = ["grade", "--cases", at("cases.jsonl"), "--outputs", at("outputs.jsonl")];
    expect(await main([...argv, "--out", at("verdicts.jsonl"), "--json"], io)).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ n: 4, passed: 1, grading: { version: TOOLUSE_VERSION } });
    const verdicts = readFileSync(at("verdicts.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const byId = Object.fromEntries(verdicts.map((v) => [v.id, v]));
    expect(byId["get_time-en-01"]).toMatchObject({ passed: false, malformed: true, calls: [] });
    expect(byId["get_time-en-02"]).toMatchObject({ passed: false, malformed: true, calls: [] });
    expect(byId["convert_units-en-01"]).toMatchObject({ passed: true, malformed: false });
    expect(byId["convert_currency-en-01"]).toMatchObject({
      passed: false,
      reason: 'wrong arguments: amount="1,250" is not a number (digit grouping), expected 1250',
    });
  });
});
