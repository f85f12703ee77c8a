/** The `llama` backend: a local GGUF checkpoint run in-process by llama.cpp through node-llama-cpp (optional). */
import { availableParallelism } from "node:os";
import { UserError } from "../errors.js";
import type { LlamaContext, LlamaModel, LlamaSequence, Token } from "./llama/binding.js";
import { checkpointId } from "./llama/checkpoint-id.js";
import { loadCheckpoint } from "./llama/load.js";
import { Pool } from "./llama/pool.js";
import { createPrompter } from "./llama/prompt.js";
import { endOfGenerationTokens } from "./llama/stop-tokens.js";
import type { Backend, Completion, DecodingSettings } from "./types.js";

export interface LlamaBackendOptions {
  /** A GGUF file. */
  modelPath: string;
  /** How many prompts are decoded together: one context sequence each, batched by llama.cpp. */
  batchSize: number;
  settings: DecodingSettings;
  /** CPU threads for evaluation; defaults to the cores this process may use (node-llama-cpp's own default is ≥ 4). */
  threads?: number;
}

// Per sequence: ToolUse.1 prompts reach ~4,300 characters, which a small-vocabulary tokenizer can turn into as many
// tokens (Cyrillic), plus 256 new ones. It is a ceiling: node-llama-cpp lowers it when memory is short.
const MAX_CONTEXT = 8192;
// Enough prompt tail for the detokenizer to decide whether the first generated piece starts with a space.
const DETOKENIZE_LOOKBEHIND = 16;

interface Generation {
  model: LlamaModel;
  sequence: LlamaSequence;
  prompt: Token[];
  settings: DecodingSettings;
  stopTokens: ReadonlySet<Token>;
  signal: AbortSignal;
}

/** Greedy (at temperature 0) decoding on one sequence until an end-of-generation token or max_tokens. */
async function generate(job: Generation): Promise<Completion> {
  const { sequence, prompt, settings } = job;
  if (prompt.length + settings.max_tokens > sequence.contextSize) {
    // Rather an error than llama.cpp's context shift, which would silently drop the start of the prompt.
    const needed = `${prompt.length} prompt tokens plus max_tokens ${settings.max_tokens}`;
    throw new Error(`${needed} exceed the context of ${sequence.contextSize} tokens`);
  }
  await sequence.clearHistory();
  const generated: Token[] = [];
  let finishReason = "length";
  // yieldEogToken: we stop on our own union of end-of-generation ids, so the reason is ours to report.
  const tokens = sequence.evaluate(prompt, {
    temperature: settings.temperature,
    ...(settings.seed === null ? {} : { seed: settings.seed }),
    yieldEogToken: true,
  });
  for await (const token of tokens) {
    job.signal.throwIfAborted();
    if (job.stopTokens.has(token)) {
      finishReason = "stop";
      break;
    }
    generated.push(token);
    if (generated.length >= settings.max_tokens) break;
  }
  return {
    text: job.model.detokenize(generated, false, prompt.slice(-DETOKENIZE_LOOKBEHIND)),
    finish_reason: finishReason,
    prompt_tokens: prompt.length,
    // Like OpenAI-compatible servers, the end-of-generation token counts as generated.
    completion_tokens: generated.length + (finishReason === "stop" ? 1 : 0),
  };
}

async function createContext(model: LlamaModel, options: LlamaBackendOptions): Promise<LlamaContext> {
  try {
    const max = Math.min(model.trainContextSize, MAX_CONTEXT);
    const threads = options.threads ?? availableParallelism();
    return await model.createContext({ sequences: options.batchSize, contextSize: { max }, threads });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(
      `--model ${options.modelPath}: cannot create a context for ${options.batchSize} sequences (${reason})`,
    );
  }
}

/** Everything a loaded checkpoint needs to answer requests; built only once llama.cpp has accepted the file. */
async function createSession(model: LlamaModel, options: LlamaBackendOptions) {
  const prompter = await createPrompter(model, options.modelPath);
  const stopTokens = endOfGenerationTokens(model);
  const context = await createContext(model, options);
  if (options.settings.max_tokens >= context.contextSize) {
    const size = context.contextSize;
    throw new UserError(
      `--max-tokens ${options.settings.max_tokens} leaves no room for a prompt in a context of ${size}`,
    );
  }
  const pool = new Pool(Array.from({ length: options.batchSize }, () => context.getSequence()));
  return { prompter, stopTokens, context, pool };
}

/**
 * Loads the checkpoint up front, so a file llama.cpp refuses stops the run before any case is asked.
 * @example const backend = await llamaBackend({ modelPath: "qwen.gguf", batchSize: 4, settings: DEFAULT_SETTINGS });
 */
export async function llamaBackend(options: LlamaBackendOptions): Promise<Backend> {
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
    throw new UserError(`--batch-size: expected a whole number ≥ 1, got ${options.batchSize}`);
  }
  // Hash while llama.cpp loads; if the load fails, its message is the one to show and the hashing stops.
  const stopHashing = new AbortController();
  const hashing = checkpointId(options.modelPath, stopHashing.signal);
  hashing.catch(() => undefined);
  let model: LlamaModel | undefined;
  try {
    model = await loadCheckpoint(options.modelPath);
    const { prompter, stopTokens, context, pool } = await createSession(model, options);
    const loaded = model;
    return {
      kind: "llama",
      model: await hashing,
      cacheable: true,
      async complete(request, { signal }) {
        const prompt = prompter.tokens(request);
        const settings = request.settings;
        const job = { model: loaded, prompt, settings, stopTokens, signal };
        return pool.use((sequence) => generate({ ...job, sequence }), signal);
      },
      async close() {
        await context.dispose();
        await loaded.dispose();
      },
    };
  } catch (error) {
    stopHashing.abort();
    // Disposing the model disposes its context too.
    await model?.dispose();
    throw error;
  }
}
