/** Loads a GGUF checkpoint; llama.cpp's refusal (missing tensor, wrong shape, corrupt file) becomes one clear line. */
import { stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { UserError } from "../../errors.js";
import { importNodeLlamaCpp, type LlamaModel, type LlamaRuntime, type LogLevel } from "./binding.js";

/** llama.cpp's error lines, newest last; the reason a load failed is only ever written to this log. */
const errorLines: string[] = [];
let runtime: Promise<LlamaRuntime> | undefined;

function onLog(level: LogLevel, message: string): void {
  if (level !== "error" && level !== "fatal") return;
  errorLines.push(message.trim());
  if (errorLines.length > 100) errorLines.splice(0, errorLines.length - 100);
}

async function startRuntime(): Promise<LlamaRuntime> {
  const binding = await importNodeLlamaCpp();
  try {
    // build "never": a benchmark run must not start compiling llama.cpp when no prebuilt binary fits.
    // maxThreads 0: each context gets exactly the threads it asks for; the default of at least 4 oversubscribes
    // small machines, where llama.cpp's spinning threads then slow every token by two orders of magnitude.
    const options = { gpu: "auto", build: "never", maxThreads: 0, logLevel: "error", logger: onLog } as const;
    return await binding.getLlama(options);
  } catch (error) {
    throw new UserError(`node-llama-cpp has no llama.cpp binary that runs here (${describe(error)})`);
  }
}

/** One llama.cpp runtime per process: the native binding and its log callback are process-wide anyway. */
function getRuntime(): Promise<LlamaRuntime> {
  runtime ??= startRuntime().catch((error: unknown) => {
    // Not cached: after `npm install node-llama-cpp` the next attempt in this process may succeed.
    runtime = undefined;
    throw error;
  });
  return runtime;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The line that says why, without llama.cpp's function-name prefixes. */
function loadFailure(since: number): string | null {
  const marker = "error loading model:";
  const lines = errorLines.slice(since);
  const line = lines.find((entry) => entry.includes(marker)) ?? lines[0];
  if (line === undefined) return null;
  const reason = line.includes(marker) ? line.slice(line.indexOf(marker) + marker.length) : line;
  // "check_tensor_dims: tensor 'x' has wrong shape; expected     32,     32, got ..." reads better without either.
  return reason
    .trim()
    .replace(/^[a-z_]+:\s*/, "")
    .replace(/\s+/g, " ");
}

/** Loads the checkpoint or throws a UserError naming the file and llama.cpp's reason; a rejected file is never run. */
export async function loadCheckpoint(modelPath: string): Promise<LlamaModel> {
  const info = await stat(modelPath).catch(() => null);
  if (!info?.isFile()) throw new UserError(`--model ${modelPath}: no such GGUF file`);
  const llama = await getRuntime();
  const since = errorLines.length;
  try {
    return await llama.loadModel({ modelPath });
  } catch (error) {
    // The native log arrives asynchronously, usually a few milliseconds after the rejection.
    for (let waited = 0; loadFailure(since) === null && waited < 500; waited += 10) await sleep(10);
    const reason = loadFailure(since) ?? describe(error);
    throw new UserError(`--model ${modelPath}: llama.cpp rejected the checkpoint: ${reason}`);
  }
}
