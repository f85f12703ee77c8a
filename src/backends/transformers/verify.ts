/**
 * Load verification (SPEC §4 in spirit): a checkpoint is scored only when its config, graph and tokenizer agree on
 * what model this is. Each check returns the problem as one phrase, or null; the backend refuses on the first.
 */
import type { ValueMetadata } from "./binding.js";
import type { Json } from "./checkpoint.js";

/** Inputs transformers.js feeds a decoder-only graph besides the cache; any other input it would leave unfed. */
const REQUIRED_INPUTS = ["input_ids", "attention_mask"];
const OPTIONAL_INPUTS = ["position_ids"];
const PAST = /^past_key_values\.(\d+)\.(key|value)$/;
const PRESENT = /^present\.(\d+)\.(key|value)$/;

function positiveInteger(config: Json, key: string): number | null {
  const value = config[key];
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/** The config's dimensions the graph and the tokenizer must match. */
export interface ConfigShape {
  architecture: string;
  modelType: string;
  vocabSize: number;
  layers: number;
  kvHeads: number;
  headDim: number;
  /** The longest sequence the model was trained for (`max_position_embeddings`), when the config says. */
  maxPositions: number | null;
}

/** Reads and checks the config: a single `…ForCausalLM` architecture (not a multimodal wrapper) and its sizes. */
export function configShape(config: Json): ConfigShape | string {
  const architectures = config.architectures;
  if (!Array.isArray(architectures) || architectures.length !== 1 || typeof architectures[0] !== "string") {
    return "config.json must name exactly one architecture in `architectures`";
  }
  const architecture = architectures[0];
  if (!architecture.endsWith("ForCausalLM")) {
    return `config.json architecture ${architecture} is not a causal language model (…ForCausalLM)`;
  }
  const modelType = typeof config.model_type === "string" ? config.model_type : null;
  if (!modelType) return "config.json has no model_type";
  const vocabSize = positiveInteger(config, "vocab_size");
  const layers = positiveInteger(config, "num_hidden_layers");
  const heads = positiveInteger(config, "num_attention_heads");
  const hidden = positiveInteger(config, "hidden_size");
  const missing = [
    ["vocab_size", vocabSize],
    ["num_hidden_layers", layers],
    ["num_attention_heads", heads],
  ].find(([, value]) => value === null);
  if (missing) return `config.json has no positive whole ${missing[0]}`;
  const kvHeads = positiveInteger(config, "num_key_value_heads") ?? (heads as number);
  const headDim =
    positiveInteger(config, "head_dim") ?? (hidden === null ? null : hidden / (heads as number));
  if (headDim === null || !Number.isInteger(headDim)) {
    return "config.json gives neither head_dim nor a hidden_size divisible by num_attention_heads";
  }
  return {
    architecture,
    modelType,
    vocabSize: vocabSize as number,
    layers: layers as number,
    kvHeads,
    headDim,
    maxPositions: positiveInteger(config, "max_position_embeddings"),
  };
}

function cacheLayers(names: readonly string[], pattern: RegExp): Map<number, Set<string>> {
  const layers = new Map<number, Set<string>>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const layer = Number(match[1]);
    layers.set(layer, (layers.get(layer) ?? new Set()).add(match[2] as string));
  }
  return layers;
}

/** "layers 0..n-1, each with key and value", or what is wrong with the listing. */
function cacheProblem(kind: string, layers: Map<number, Set<string>>, expected: number): string | null {
  if (layers.size !== expected) {
    return `the graph has ${kind} for ${layers.size} layers, but config.json num_hidden_layers is ${expected}`;
  }
  for (let layer = 0; layer < expected; layer++) {
    const parts = layers.get(layer);
    if (parts?.size !== 2) return `the graph's ${kind} lack layer ${layer}'s key or value`;
  }
  return null;
}

function dimProblem(value: ValueMetadata, index: number, expected: number, what: string): string | null {
  const dim = value.shape?.[index];
  // A symbolic dimension cannot be checked before a run; a fixed one must match.
  if (typeof dim !== "number" || dim === expected) return null;
  return `graph ${value.isTensor ? "tensor" : "value"} ${value.name} has ${dim} ${what}, but config.json says ${expected}`;
}

/** The graph's inputs and outputs are those of a causal LM with a KV cache of the config's sizes. */
export function graphProblem(
  shape: ConfigShape,
  inputs: readonly ValueMetadata[],
  outputs: readonly ValueMetadata[],
): string | null {
  const inputNames = inputs.map((input) => input.name);
  const outputNames = outputs.map((output) => output.name);
  for (const name of REQUIRED_INPUTS) if (!inputNames.includes(name)) return `the graph has no ${name} input`;
  const unknown = inputNames.find(
    (name) => !REQUIRED_INPUTS.includes(name) && !OPTIONAL_INPUTS.includes(name) && !PAST.test(name),
  );
  if (unknown) return `the graph takes an input ${unknown} that a causal LM with cache does not have`;
  const logits = outputs.find((output) => output.name === "logits");
  if (!logits) return "the graph has no logits output";
  const past = cacheLayers(inputNames, PAST);
  if (past.size === 0) {
    return "the graph has no KV cache (past_key_values.N.key/value inputs); export it with the text-generation-with-past task";
  }
  const present = cacheLayers(outputNames, PRESENT);
  const problem =
    cacheProblem("past_key_values inputs", past, shape.layers) ??
    cacheProblem("present outputs", present, shape.layers) ??
    dimProblem(logits, 2, shape.vocabSize, "logits per token (vocabulary)");
  if (problem) return problem;
  for (const value of [
    ...inputs.filter((i) => PAST.test(i.name)),
    ...outputs.filter((o) => PRESENT.test(o.name)),
  ]) {
    const wrong =
      dimProblem(value, 1, shape.kvHeads, "key/value heads") ??
      dimProblem(value, 3, shape.headDim, "dimensions per head");
    if (wrong) return wrong;
  }
  return null;
}

/** The highest token id the tokenizer can produce: its vocabulary and its added tokens. */
export function tokenizerMaxId(tokenizerJson: Json): number {
  const model = tokenizerJson.model as { vocab?: unknown } | undefined;
  const vocab = model?.vocab;
  // BPE and WordPiece map token → id; Unigram lists [token, score] pairs in id order.
  const vocabIds = Array.isArray(vocab)
    ? [vocab.length - 1]
    : Object.values((vocab ?? {}) as Record<string, unknown>).filter(
        (id): id is number => typeof id === "number",
      );
  const added = Array.isArray(tokenizerJson.added_tokens)
    ? tokenizerJson.added_tokens.map((token: { id?: unknown }) =>
        typeof token.id === "number" ? token.id : -1,
      )
    : [];
  return Math.max(-1, ...vocabIds, ...added);
}

/** Every token the tokenizer can produce (and every stop token) must have a row of logits. */
export function vocabularyProblem(
  shape: ConfigShape,
  maxTokenId: number,
  stopIds: readonly number[],
): string | null {
  if (maxTokenId >= shape.vocabSize) {
    return `the tokenizer has token ids up to ${maxTokenId}, but config.json vocab_size is ${shape.vocabSize}`;
  }
  const outside = stopIds.find((id) => id < 0 || id >= shape.vocabSize);
  if (outside !== undefined)
    return `end-of-turn token id ${outside} is outside the vocabulary of ${shape.vocabSize}`;
  return null;
}
