/**
 * JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters, Azure): one testsuite per (run, protocol), one
 * testcase per record (with `run --repeats`, one per attempt, named `id #attempt`). A failed verdict is a <failure>
 * whose message is the verdict's reason; a request that failed is an <error>, never a failure. Follows the common
 * JUnit schema (Jenkins' junit-10.xsd, the one these tools read): testsuites > testsuite(name, tests, failures,
 * errors, skipped, time) > testcase(name, classname, time).
 */
import { type ExportRun, failureKind, outcomeOf } from "./record-rows.js";

/** Characters XML 1.0 cannot hold at all (most controls, lone surrogates, U+FFFE/U+FFFF) are dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Half of a surrogate pair without the other half: not a character, so not XML. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHARACTER, "")
    .replace(LONE_SURROGATE, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

/** `runs` in the order given; each run's records in its own order. */
export function buildJunit(runs: readonly ExportRun[]): string {
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, ms: 0 };
  for (const run of runs) {
    const protocols = [...new Set(run.records.map((r) => r.protocol))];
    for (const protocol of protocols) {
      const records = run.records.filter((r) => r.protocol === protocol);
      const outcomes = records.map(outcomeOf);
      const failures = outcomes.filter((o) => o === "failed").length;
      const errors = outcomes.filter((o) => o === "error").length;
      const ms = records.reduce((sum, r) => sum + (r.latency_ms ?? 0), 0);
      const name = `${run.model} (${run.backend}) · ${protocol}`;
      const cases = records.map((record) => {
        // With repeats, each attempt is its own testcase, named `id #attempt` so names stay unique in a suite.
        const caseName = record.attempt === undefined ? record.id : `${record.id} #${record.attempt}`;
        const open = `    <testcase name="${xmlText(caseName)}" classname="${xmlText(name)}" time="${seconds(record.latency_ms)}"`;
        const outcome = outcomeOf(record);
        if (outcome === "passed") return `${open}/>`;
        const detail = record.output === null ? "" : `output:\n${record.output}`;
        const body =
          outcome === "error"
            ? `<error message="${xmlText(record.error ?? "the request failed")}" type="request_error">${xmlText(record.error ?? "")}</error>`
            : `<failure message="${xmlText(record.verdict?.reason ?? "")}" type="${record.verdict ? failureKind(record.verdict) : "failed"}">${xmlText(detail)}</failure>`;
        return `${open}>\n      ${body}\n    </testcase>`;
      });
      suites.push(
        `  <testsuite name="${xmlText(name)}" tests="${records.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(ms)}">\n${cases.join("\n")}\n  </testsuite>`,
      );
      totals.tests += records.length;
      totals.failures += failures;
      totals.errors += errors;
      totals.ms += ms;
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tooluse" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${seconds(totals.ms)}">\n${suites.join("\n")}\n</testsuites>\n`;
}
