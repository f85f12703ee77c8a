/**
 * The `transformers` backend: a Hugging Face checkpoint exported to ONNX (a folder, or a hub id in the model cache),
 * run in-process on CPU by transformers.js and onnxruntime-node (optional dependencies).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "../errors.js";
import { readInputText } from "../input/read.js";
import { Batcher } from "./transformers/batcher.js";
import type { CausalLm, Tokenizer, TransformersModule } from "./transformers/binding.js";
import { importTransformers } from "./transformers/binding.js";
import {
  type CheckpointSource,
  checkpointId,
  fileDigests,
  type Json,
  locateCheckpoint,
  missingFile,
  readJson,
} from "./transformers/checkpoint.js";
import {
  cutAtStop,
  declaredStops,
  type StopToken,
  stopTokenUnion,
  templateEndOfTurn,
} from "./transformers/stop-tokens.js";
import {
  type ConfigShape,
  configShape,
  graphProblem,
  tokenizerMaxId,
  vocabularyProblem,
} from "./transformers/verify.js";
import type { Backend, ChatMessage, Completion, DecodingSettings } from "./types.js";

export interface TransformersBackendOptions {
  /** A checkpoint folder, or a hub id (`owner/name`) looked up in `cacheDir`. */
  model: string;
  /** How many prompts one padded `generate` call decodes. */
  batchSize: number;
  settings: DecodingSettings;
  /** Where hub ids are looked up and, with `allowDownload`, fetched to. */
  cacheDir: string;
  /** Fetch a hub id's missing files from the hub (HF_ENDPOINT, default huggingface.co); off by default. */
  allowDownload: boolean;
  /** The hub to fetch from; defaults to transformers.js's own (https://huggingface.co/). */
  endpoint?: string;
  /** onnxruntime's intra-op threads; its default is one per physical core. */
  threads?: number;
}

export const NATIVE_UNSUPPORTED =
  "the transformers backend renders text prompts only: the native protocol (tools and tool_calls) is not supported; " +
  "use --protocol json, xml or plain";

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().split("\n")[0]?.replace(/\s+/g, " ") ?? "";
}

function refuse(source: CheckpointSource, problem: string): never {
  throw new UserError(`--model ${source.model}: ${problem}`);
}

function plainMessages(messages: readonly ChatMessage[]): { role: string; content: string }[] {
  return messages.map((message) => {
    if (message.role === "tool" || message.content === null || "tool_calls" in message) {
      throw new UserError(NATIVE_UNSUPPORTED);
    }
    return { role: message.role, content: message.content };
  });
}

/** Offline unless asked: transformers.js would otherwise fetch anything it does not find locally. */
function configure(hf: TransformersModule, options: TransformersBackendOptions): void {
  hf.env.allowRemoteModels = options.allowDownload;
  hf.env.allowLocalModels = true;
  hf.env.localModelPath = options.cacheDir;
  hf.env.cacheDir = options.cacheDir;
  hf.env.useFSCache = true;
  if (options.endpoint)
    hf.env.remoteHost = options.endpoint.endsWith("/") ? options.endpoint : `${options.endpoint}/`;
  hf.env.logLevel = hf.LogLevel.ERROR;
}

interface Loaded {
  tokenizer: Tokenizer;
  model: CausalLm;
}

async function load(hf: TransformersModule, source: CheckpointSource, options: TransformersBackendOptions) {
  const local_files_only = !(source.kind === "hub" && options.allowDownload);
  const tokenizer = await hf.AutoTokenizer.from_pretrained(source.loadId, { local_files_only }).catch(
    (error) => refuse(source, `the tokenizer does not load: ${firstLine(error)}`),
  );
  const session_options = options.threads ? { intraOpNumThreads: options.threads } : {};
  const model = await hf.AutoModelForCausalLM.from_pretrained(source.loadId, {
    local_files_only,
    dtype: "fp32",
    device: "cpu",
    session_options,
  }).catch((error) => refuse(source, `onnx/model.onnx does not load: ${firstLine(error)}`));
  return { tokenizer, model };
}

/**
 * The template to pass explicitly: none ("") when tokenizer_config.json has one, which transformers.js uses itself;
 * else chat_template.jinja beside it, where newer checkpoints keep it and transformers.js does not look.
 */
function templateOverride(source: CheckpointSource, tokenizer: Tokenizer): string {
  if (tokenizer.chat_template) return "";
  const file = join(source.dir, "chat_template.jinja");
  if (existsSync(file)) return readInputText(file);
  return refuse(
    source,
    "the checkpoint has no chat template (tokenizer_config.json chat_template or chat_template.jinja)",
  );
}

interface Session {
  shape: ConfigShape;
  stops: StopToken[];
  template: string;
}

/** Checks config, graph, tokenizer and stop tokens against each other; refuses with one line on the first mismatch. */
function verify(
  source: CheckpointSource,
  files: { config: Json; generationConfig: Json | null; tokenizerConfig: Json; tokenizerJson: Json },
  loaded: Loaded,
): Session {
  const shape = configShape(files.config);
  if (typeof shape === "string") refuse(source, shape);
  const session = loaded.model.sessions.model;
  if (!session) refuse(source, "transformers.js built no decoder session for this checkpoint");
  const graph = graphProblem(shape, session.inputMetadata, session.outputMetadata);
  if (graph) refuse(source, graph);
  const { tokenizer } = loaded;
  const template = templateOverride(source, tokenizer);
  const render = (messages: { role: string; content: string }[]) =>
    tokenizer.apply_chat_template(messages, {
      tokenize: false,
      add_generation_prompt: false,
      ...(template ? { chat_template: template } : {}),
    });
  const templateId = templateEndOfTurn({
    render,
    encode: (text) => tokenizer.encode(text, { add_special_tokens: false }),
    specialIds: new Set(tokenizer.all_special_ids),
  });
  const idOf = (token: string) => tokenizer.convert_tokens_to_ids(token) ?? null;
  const stops = stopTokenUnion(declaredStops(files, idOf, templateId), (id) =>
    tokenizer.decode([id], { skip_special_tokens: false }),
  );
  if (stops.length === 0)
    refuse(
      source,
      "the checkpoint declares no end-of-turn token (eos_token_id, eos_token or a chat template end)",
    );
  const vocabulary = vocabularyProblem(
    shape,
    tokenizerMaxId(files.tokenizerJson),
    stops.map((stop) => stop.id),
  );
  if (vocabulary) refuse(source, vocabulary);
  return { shape, stops, template };
}

function readFiles(source: CheckpointSource) {
  return {
    config: readJson(source, "config.json") as Json,
    generationConfig: readJson(source, "generation_config.json", true),
    tokenizerConfig: readJson(source, "tokenizer_config.json") as Json,
    tokenizerJson: readJson(source, "tokenizer.json") as Json,
  };
}

function notPresent(source: CheckpointSource, file: string): never {
  if (source.kind === "folder") refuse(source, `the folder has no ${file}`);
  return refuse(
    source,
    `${file} is not in the model cache (${source.dir}); pass --allow-download to fetch the checkpoint once, or give its folder`,
  );
}

/**
 * Loads and verifies the checkpoint up front, so a checkpoint that does not add up stops the run before any case.
 * @example const backend = await transformersBackend({ model: "models/qwen-onnx", batchSize: 4, settings, cacheDir, allowDownload: false });
 */
export async function transformersBackend(options: TransformersBackendOptions): Promise<Backend> {
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
    throw new UserError(`--batch-size: expected a whole number ≥ 1, got ${options.batchSize}`);
  }
  if (options.settings.temperature !== 0) {
    throw new UserError("--backend transformers decodes greedily: --temperature must be 0");
  }
  const source = locateCheckpoint(options.model, options.cacheDir);
  const hf = await importTransformers();
  configure(hf, options);
  const downloading = source.kind === "hub" && options.allowDownload;
  const absent = downloading ? null : missingFile(source.dir);
  if (absent) notPresent(source, absent);
  // Refuse a config that does not describe a causal LM before onnxruntime spends time on the graph.
  if (!downloading) {
    const shape = configShape(readJson(source, "config.json") as Json);
    if (typeof shape === "string") refuse(source, shape);
  }
  const loaded = await load(hf, source, options);
  try {
    const missingAfterDownload = missingFile(source.dir);
    if (missingAfterDownload) notPresent(source, missingAfterDownload);
    const files = readFiles(source);
    const session = verify(source, files, loaded);
    const digests = await fileDigests(source.dir);
    return createBackend(hf, source, loaded, session, digests, options);
  } catch (error) {
    await loaded.model.dispose();
    throw error;
  }
}

function createBackend(
  hf: TransformersModule,
  source: CheckpointSource,
  { tokenizer, model }: Loaded,
  session: Session,
  digests: Record<string, string>,
  options: TransformersBackendOptions,
): Backend {
  const stopIds = new Set(session.stops.map((stop) => stop.id));
  tokenizer.padding_side = "left";
  tokenizer.pad_token_id ??= session.stops[0]?.id ?? 0;
  const batcher = new Batcher<{ text: string; maxNewTokens: number }, Completion>(
    options.batchSize,
    (inputs) =>
      generateBatch({
        tokenizer,
        model,
        stopIds,
        texts: inputs.map((input) => input.text),
        maxNewTokens: inputs[0]?.maxNewTokens ?? 0,
      }),
  );
  const onnx = hf.env.backends.onnx.versions ?? {};
  return {
    kind: "transformers",
    model: checkpointId(source, digests),
    cacheable: true,
    details: {
      source: source.kind,
      location: source.kind === "folder" ? source.dir : source.model,
      architecture: session.shape.architecture,
      model_type: session.shape.modelType,
      files: digests,
      stop_tokens: session.stops,
      device: "cpu",
      dtype: "fp32",
      decoding: "greedy",
      runtime: { "@huggingface/transformers": hf.env.version, "onnxruntime-node": onnx.node ?? null },
    },
    async complete(request, { signal }) {
      if (request.tools) throw new UserError(NATIVE_UNSUPPORTED);
      const { enable_thinking, max_tokens } = request.settings;
      let text: string;
      try {
        text = tokenizer.apply_chat_template(plainMessages(request.messages), {
          tokenize: false,
          add_generation_prompt: true,
          ...(session.template ? { chat_template: session.template } : {}),
          ...(enable_thinking === null ? {} : { enable_thinking }),
        });
      } catch (error) {
        if (error instanceof UserError) throw error;
        // e.g. `raise_exception("System role not supported")`: this record errors, it is not scored.
        throw new Error(`the chat template rejected the messages: ${firstLine(error)}`);
      }
      const limit = session.shape.maxPositions;
      if (limit !== null) {
        const promptTokens = tokenizer.encode(text, { add_special_tokens: false }).length;
        // An error for this record rather than positions the model never saw in training.
        if (promptTokens + max_tokens > limit) {
          throw new Error(
            `${promptTokens} prompt tokens plus max_tokens ${max_tokens} exceed max_position_embeddings ${limit}`,
          );
        }
      }
      return batcher.submit({ text, maxNewTokens: max_tokens }, String(max_tokens), signal);
    },
    async close() {
      await model.dispose();
    },
  };
}

/** One padded, greedy `generate` over the batch; each row is cut at its own first stop token. */
async function generateBatch(job: {
  tokenizer: Tokenizer;
  model: CausalLm;
  stopIds: ReadonlySet<number>;
  texts: string[];
  maxNewTokens: number;
}): Promise<Completion[]> {
  const { tokenizer, stopIds } = job;
  const { input_ids, attention_mask } = tokenizer(job.texts, { padding: true, add_special_tokens: false });
  const output = await job.model.generate({
    input_ids,
    attention_mask,
    max_new_tokens: job.maxNewTokens,
    do_sample: false,
    // The whole union: generation stops once every row has produced one of them.
    eos_token_id: [...stopIds],
    pad_token_id: tokenizer.pad_token_id,
  });
  const width = input_ids.dims[1] ?? 0;
  const masks = attention_mask.tolist() as bigint[][];
  return (output.tolist() as bigint[][]).map((row, index) => {
    const { tokens, stopped } = cutAtStop(row.slice(width).map(Number), stopIds);
    return {
      // transformers.js refuses to decode nothing.
      text: tokens.length === 0 ? "" : tokenizer.decode(tokens, { skip_special_tokens: true }),
      finish_reason: stopped ? "stop" : "length",
      prompt_tokens: (masks[index] ?? []).filter((bit) => bit === 1n).length,
      // Like OpenAI-compatible servers, the end-of-turn token counts as generated.
      completion_tokens: tokens.length + (stopped ? 1 : 0),
    };
  });
}
