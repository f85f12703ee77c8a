import { describe, expect, it } from "vitest";
import { buildCsv } from "./csv.js";
import { buildJunit } from "./junit.js";
import type { ExportRun } from "./record-rows.js";
import { checkJunit } from "./test-support/junit-schema.js";

const hostile = 'a & b <tool_call> "quoted" ]]> \u0001\u0008 lone \ud800 end =cmd|calc';
const run: ExportRun = {
  model: "m<&>",
  backend: "openai",
  records: [
    {
      id: "a-01",
      protocol: "json",
      status: "scored",
      output: hostile,
      error: null,
      verdict: { passed: false, reason: hostile, tool_ok: false, args_ok: false },
      latency_ms: 1500,
    },
    {
      id: "a-02",
      protocol: "json",
      status: "scored",
      output: "{}",
      error: null,
      verdict: { passed: true, reason: "ok" },
    },
    { id: "a-01", protocol: "xml", status: "error", output: null, error: "HTTP 500: boom", verdict: null },
  ],
};

describe("JUnit XML", () => {
  it("escapes untrusted text, drops what XML cannot hold, and passes the schema check", () => {
    const xml = buildJunit([run]);
    expect(checkJunit(xml)).toBe(3);
    for (const dropped of ["\u0001", "\u0008", "\ud800"]) expect(xml).not.toContain(dropped);
    expect(xml).toContain('<failure message="a &amp; b &lt;tool_call&gt; &quot;quoted&quot; ]]&gt;');
    expect(xml).toContain('type="wrong_tool"');
    expect(xml).toContain('<error message="HTTP 500: boom" type="request_error">');
    expect(xml).toContain('name="m&lt;&amp;&gt; (openai) · json" tests="2" failures="1" errors="0"');
  });

  it("the schema check fails on what the schema forbids (negative controls)", () => {
    const xml = buildJunit([run]);
    const broken: [string, RegExp][] = [
      [xml.replaceAll("a &amp; b", "a & b"), /not well-formed/],
      [xml.replace('tests="2"', 'tests="3"'), /@tests: says 3, holds 2/],
      [xml.replace('failures="1" errors="0"', 'failures="0" errors="0"'), /@failures: says 0, holds 1/],
      [xml.replace("<testcase ", '<testcase verdict="x" '), /attribute verdict not in the schema/],
      [
        xml.replace("</testsuite>", "<verdict/></testsuite>"),
        /verdict is not allowed here|element not in the schema/,
      ],
      [xml.replace('time="1.500"', 'time="1,5"'), /@time: not a decimal/],
      [xml.replace(/<testcase name="[^"]*"/, "<testcase"), /required attribute name missing/],
      [xml.replace("<testsuites ", "<suites ").replace("</testsuites>", "</suites>"), /one root element/],
    ];
    for (const [text, message] of broken) {
      expect(text).not.toBe(xml);
      expect(() => checkJunit(text)).toThrow(message);
    }
  });
});

describe("CSV", () => {
  it("one row per record, quoted by RFC 4180, formulas defused", () => {
    const csv = buildCsv([run]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "model,backend,id,protocol,outcome,reason,error,latency_ms,prompt_tokens,completion_tokens,attempts,cached,endpoint,output",
    );
    expect(lines.filter(Boolean)).toHaveLength(4);
    expect(lines[1]).toMatch(/^m<&>,openai,a-01,json,failed,"a & b <tool_call> ""quoted"" ]]>/);
    expect(lines[3]).toBe("m<&>,openai,a-01,xml,error,,HTTP 500: boom,,,,,,,");
    expect(buildCsv([{ ...run, model: "=HYPERLINK(1)" }])).toContain("\r\n'=HYPERLINK(1),");
  });
});
