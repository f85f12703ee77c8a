/**
 * Speed of the transformers backend on the tiny test checkpoint (2 layers, hidden 16, 263 tokens): decoding
 * (256 new tokens after a short prompt, alone and as a batch of 4) and prefill (a ToolUse.1 prompt, ~3,900 byte-level
 * tokens). It measures the harness's per-token overhead around onnxruntime, not a real model's speed.
 * Exits 1 below the targets. Needs the optional dependency: npm run install:transformers. Run: npx tsx bench/transformers-tiny.ts
 */

import { writeTinyModel } from "../src/backends/transformers/test-support/tiny-model.js";
import { transformersBackend } from "../src/backends/transformers.js";
import { type Backend, DEFAULT_SETTINGS } from "../src/backends/types.js";
import { loadCases } from "../src/cases/load.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { renderPrompt } from "../src/protocols/render.js";
import { tempDir } from "../src/test-support/temp.js";

const TARGET_DECODE = 100; // new tokens per second, batch 1
const TARGET_PREFILL = 500; // prompt tokens per second

const dir = tempDir("tooluse-bench-transformers-");
const model = writeTinyModel(dir.path);
const settings = { ...DEFAULT_SETTINGS, max_tokens: 256 };
const context = { signal: new AbortController().signal };
const open = (batchSize: number) =>
  transformersBackend({ model, batchSize, settings, cacheDir: dir.path, allowDownload: false });

async function timed(backend: Backend, questions: string[], maxTokens: number) {
  const started = performance.now();
  const completions = await Promise.all(
    questions.map((question) =>
      backend.complete(
        { messages: [{ role: "user", content: question }], settings: { ...settings, max_tokens: maxTokens } },
        context,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const count = (key: "prompt_tokens" | "completion_tokens") =>
    completions.reduce((sum, c) => sum + (c[key] ?? 0), 0);
  return { seconds, prompt: count("prompt_tokens"), generated: count("completion_tokens") };
}

try {
  const single = await open(1);
  const batched = await open(4);
  await timed(single, ["warm up"], 4);
  const alone = await timed(single, ["What is 45 + 12?"], 256);
  const four = await timed(batched, ["one", "two two", "three three three", "four"], 256);
  const firstCase = loadCases(DEFAULT_CASES_FILE)[0];
  if (!firstCase) throw new Error("no cases");
  const prompt = renderPrompt(firstCase, "json");
  const started = performance.now();
  const prefill = await single.complete({ ...prompt, settings: { ...settings, max_tokens: 1 } }, context);
  const prefillSeconds = (performance.now() - started) / 1000;
  await single.close?.();
  await batched.close?.();

  const decodeRate = alone.generated / alone.seconds;
  const batchRate = four.generated / four.seconds;
  const prefillRate = (prefill.prompt_tokens ?? 0) / prefillSeconds;
  console.log(
    `decode, batch 1: ${alone.generated} tokens in ${alone.seconds.toFixed(2)} s → ${decodeRate.toFixed(0)} tokens/s`,
  );
  console.log(
    `decode, batch 4: ${four.generated} tokens in ${four.seconds.toFixed(2)} s → ${batchRate.toFixed(0)} tokens/s`,
  );
  console.log(
    `prefill: ${prefill.prompt_tokens} prompt tokens in ${prefillSeconds.toFixed(2)} s → ${prefillRate.toFixed(0)} tokens/s`,
  );
  const failures = [
    decodeRate < TARGET_DECODE ? `decode ${decodeRate.toFixed(0)} < ${TARGET_DECODE} tokens/s` : null,
    prefillRate < TARGET_PREFILL ? `prefill ${prefillRate.toFixed(0)} < ${TARGET_PREFILL} tokens/s` : null,
  ].filter((failure) => failure !== null);
  if (failures.length > 0) {
    console.error(`below target: ${failures.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  dir.remove();
}
