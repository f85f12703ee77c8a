import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { PROTOCOLS } from "../cases/schema.js";
import { GRADING_PROFILES } from "../grade/profiles.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { checkJunit } from "../report/test-support/junit-schema.js";
import { BACKEND_KINDS } from "../runner/config.js";
import { captureIo } from "../test-support/capture-io.js";
import { mixedScript } from "../test-support/mixed-model.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  // Every 40th request fails for good (no retries below): error records next to passes and failures.
  server = await startMockServer({
    script: mixedScript(loadCases(DEFAULT_CASES_FILE)),
    fault: (n) => (n % 40 === 0 ? "500" : null),
  });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

const cli = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(args, io);
  return { code, ...io };
};
const at = (name: string) => join(dir.path, name);
const text = (name: string) => readFileSync(at(name), "utf8");

describe("--junit and --csv on run and report, and tooluse list (command line)", () => {
  it("writes one testcase and one CSV row per record; report writes the same files from the results", async () => {
    const ran = await cli(
      ...["run", "--model", "mock-model", "--base-url", server.url, "--protocol", "json,xml", "--no-cache"],
      ...["--retries", "0", "--out", at("r.json"), "--junit", at("r.xml"), "--csv", at("r.csv")],
    );
    // Some requests failed after their retries: the run says so in its exit code (README, exit codes).
    expect(ran.code).toBe(1);
    const results = JSON.parse(text("r.json"));
    const records = results.records as { status: string; verdict: { passed: boolean } | null }[];
    const failed = records.filter((r) => r.verdict && !r.verdict.passed).length;
    const errors = records.filter((r) => r.status === "error").length;
    expect(errors).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);

    const xml = text("r.xml");
    expect(checkJunit(xml)).toBe(376);
    expect(xml).toContain(`<testsuites name="tooluse" tests="376" failures="${failed}" errors="${errors}"`);
    expect(xml.match(/<failure message="[^"]+" type="[a-z_]+">/g)).toHaveLength(failed);
    expect(xml.match(/<error message="[^"]*HTTP 500[^"]*" type="request_error">/g)).toHaveLength(errors);

    const rows = text("r.csv").split("\r\n").filter(Boolean);
    expect(rows).toHaveLength(377);
    expect(
      rows.filter((row) => row.startsWith("mock-model,openai,") && row.includes(",error,")),
    ).toHaveLength(errors);

    const reported = await cli("report", at("r.json"), "--junit", at("p.xml"), "--csv", at("p.csv"));
    expect(reported.code).toBe(1);
    expect(text("p.xml")).toBe(xml);
    expect(text("p.csv")).toBe(text("r.csv"));
  });

  it("lists the suites, every backend, every protocol and the grading profiles", async () => {
    const listed = await cli("list");
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^suites:\n {2}ToolUse\.1 +built in, version \d+\.\d+\.\d+, 188 cases/);
    for (const name of [...BACKEND_KINDS, ...PROTOCOLS])
      expect(listed.out).toMatch(new RegExp(`\\n  ${name} +\\S`));
    expect(listed.out).toContain("grading profiles:\n  tooluse");
    expect(Object.keys(JSON.parse((await cli("list", "--json")).out).grading_profiles)).toEqual([
      ...GRADING_PROFILES,
    ]);
    const json = JSON.parse((await cli("list", "--json")).out);
    expect(Object.keys(json.backends)).toEqual([...BACKEND_KINDS]);
    expect(Object.keys(json.protocols)).toEqual([...PROTOCOLS]);
  });
});
