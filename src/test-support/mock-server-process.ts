/** Runs the perfect-model mock server in its own process (for benchmarks): prints its URL, serves until killed. */
import { loadCases } from "../cases/load.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { startMockServer } from "./mock-openai-server.js";
import { perfectScript } from "./perfect-model.js";

const latencyMs = Number(process.argv[2] ?? "100");
const server = await startMockServer({ script: perfectScript(loadCases(DEFAULT_CASES_FILE)), latencyMs });
process.stdout.write(`${server.url}\n`);
