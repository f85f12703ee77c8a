/**
 * Runs the mock server in its own process (for benchmarks and end-to-end tests): prints its URL, serves until killed.
 *   mock-server-process.ts [latency-ms] [--flaky P --seed S]
 *   mock-server-process.ts [latency-ms] --plans
 * Without --flaky it is the perfect model; with it, round(P · cases) cases are answered at random (flaky-model.ts).
 * With --plans it is the scripted plan model "scripted" (src/mock-server/plan-execute-server.ts): it answers
 * `tooluse plan execute --model scripted` for the shipped queries, plan steps and R1's native tool calls alike.
 */
import { parseArgs } from "node:util";
import { loadCases } from "../cases/load.js";
import { flakyScript } from "../mock-server/flaky-model.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";

function fail(message: string): never {
  process.stderr.write(`mock-server-process: ${message}\n`);
  process.exit(2);
}

function number(flag: string, text: string, valid: (value: number) => boolean, expected: string): number {
  const value = Number(text);
  if (text.trim() === "" || !valid(value)) fail(`${flag} expects ${expected}, got "${text}"`);
  return value;
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { flaky: { type: "string" }, seed: { type: "string" }, plans: { type: "boolean" } },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const { values, positionals } = parse();
const latencyMs = number("latency", positionals[0] ?? "100", (v) => v >= 0, "milliseconds ≥ 0");
if (values.seed !== undefined && values.flaky === undefined) fail("--seed only applies with --flaky");
if (values.plans && values.flaky !== undefined) fail("--plans and --flaky exclude each other");
if (values.plans) {
  const { startScriptedPlanServer } = await import("../mock-server/plan-execute-server.js");
  const { server } = await startScriptedPlanServer({ latencyMs });
  process.stdout.write(`${server.url}\n`);
} else await caseServer();

async function caseServer(): Promise<void> {
  const cases = loadCases(DEFAULT_CASES_FILE);
  const script =
    values.flaky === undefined
      ? perfectScript(cases)
      : flakyScript(cases, {
          share: number("--flaky", values.flaky, (v) => v >= 0 && v <= 1, "a share in [0, 1]"),
          seed: number("--seed", values.seed ?? "0", Number.isSafeInteger, "a whole number"),
        });
  const server = await startMockServer({ script, latencyMs });
  process.stdout.write(`${server.url}\n`);
}
