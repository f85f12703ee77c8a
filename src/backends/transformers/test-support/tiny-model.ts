/**
 * A tiny Hugging Face checkpoint written from scratch: a `llama` config, a generation config, a byte-level BPE
 * tokenizer with a ChatML template, and `onnx/model.onnx`, a causal LM with the KV-cache signature transformers.js
 * expects. Weights are seeded random, so greedy output is an arbitrary but reproducible function of the whole context
 * (attention over the cache) and of the positions; from position `endAt` on, one chosen token wins every step, which
 * is how a test makes the model end its turn with a token of its choice.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 } from "../../../metrics/random.js";
import { type OnnxNode, type OnnxTensor, type OnnxValue, writeOnnx } from "./onnx-writer.js";

const HEADS = 2;
const HEAD_DIM = 8;
const HIDDEN = HEADS * HEAD_DIM;

/** The special tokens after the 256 byte tokens, and what declares each one as an end of turn. */
export const TINY_TOKENS = {
  /** config.json eos_token_id. */
  configEos: 256,
  imStart: 257,
  /** The ChatML template's end of turn; declared nowhere else. */
  imEnd: 258,
  /** generation_config.json eos_token_id. */
  generationEos: 259,
  /** tokenizer_config.json eos_token. */
  tokenizerEos: 260,
  pad: 261,
  /** Special, but no source declares it an end of turn. */
  undeclared: 262,
} as const;

const SPECIAL: Record<number, string> = {
  [TINY_TOKENS.configEos]: "<|endoftext|>",
  [TINY_TOKENS.imStart]: "<|im_start|>",
  [TINY_TOKENS.imEnd]: "<|im_end|>",
  [TINY_TOKENS.generationEos]: "<|gen_end|>",
  [TINY_TOKENS.tokenizerEos]: "<|tok_end|>",
  [TINY_TOKENS.pad]: "<|pad|>",
  [TINY_TOKENS.undeclared]: "<|unused|>",
};

export const TINY_VOCAB = 256 + Object.keys(SPECIAL).length;

export const TINY_CHAT_TEMPLATE =
  "{% if enable_thinking is defined and not enable_thinking %}<|im_start|>system\nno thinking<|im_end|>\n{% endif %}" +
  "{% for message in messages %}<|im_start|>{{ message.role }}\n{{ message.content }}<|im_end|>\n{% endfor %}" +
  "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}";

export interface TinyModelOptions {
  /** The absolute position from which the model emits `endToken` (default: never). */
  endAt?: number;
  endToken?: number;
  seed?: number;
  layers?: number;
  /** Edits applied to the written JSON files, to make a checkpoint that must be refused. */
  config?: (config: Record<string, unknown>) => Record<string, unknown>;
  tokenizerConfig?: (config: Record<string, unknown>) => Record<string, unknown>;
  /** Graph variants: fewer layers than the config says, no cache, another vocabulary size, no position input. */
  graph?: { layers?: number; cache?: boolean; vocab?: number; positionIds?: boolean };
  /** Keeps the float weights in `onnx/model.onnx_data` beside the graph, as exports over 2 GB must. */
  externalWeights?: boolean;
}

/** GPT-2's byte-to-character table: printable bytes stand for themselves, the others shift past U+0100. */
function byteCharacters(): string[] {
  const printable = (byte: number) =>
    (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || (byte >= 174 && byte <= 255);
  let shifted = 0;
  return Array.from({ length: 256 }, (_, byte) =>
    String.fromCharCode(printable(byte) ? byte : 256 + shifted++),
  );
}

function tokenizerJson(): Record<string, unknown> {
  const vocab = Object.fromEntries(byteCharacters().map((character, id) => [character, id]));
  const addedTokens = Object.entries(SPECIAL).map(([id, content]) => ({
    id: Number(id),
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  const byteLevel = { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true };
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: addedTokens,
    normalizer: null,
    pre_tokenizer: byteLevel,
    post_processor: null,
    decoder: byteLevel,
    model: {
      type: "BPE",
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: [],
    },
  };
}

function random(seed: number, scale: number): () => number {
  const next = mulberry32(seed);
  return () => (next() - 0.5) * 2 * scale;
}

function floats(name: string, dims: number[], fill: (index: number) => number): OnnxTensor {
  const data = new Float32Array(dims.reduce((product, dim) => product * dim, 1));
  for (let index = 0; index < data.length; index++) data[index] = fill(index);
  return { name, type: "float", dims, data };
}

const ints = (name: string, data: number[], dims: number[] = [data.length]): OnnxTensor => ({
  name,
  type: "int64",
  dims,
  data,
});

/** One attention layer over the cache: q from the new tokens, k and v appended to the past, masked softmax. */
function attentionLayer(layer: number, input: string, cache: boolean): OnnxNode[] {
  const n = (name: string) => `l${layer}_${name}`;
  const heads = (x: string, out: string): OnnxNode[] => [
    { op: "MatMul", inputs: [x, n(`w${out}`)], outputs: [n(`${out}_flat`)] },
    { op: "Reshape", inputs: [n(`${out}_flat`), "shape_heads"], outputs: [n(`${out}_split`)] },
    { op: "Transpose", inputs: [n(`${out}_split`)], outputs: [n(out)], attributes: { perm: [0, 2, 1, 3] } },
  ];
  const key = cache ? `present.${layer}.key` : n("k");
  const value = cache ? `present.${layer}.value` : n("v");
  return [
    ...heads(input, "q"),
    ...heads(input, "k"),
    ...heads(input, "v"),
    ...(cache
      ? [
          {
            op: "Concat",
            inputs: [`past_key_values.${layer}.key`, n("k")],
            outputs: [key],
            attributes: { axis: 2 },
          },
          {
            op: "Concat",
            inputs: [`past_key_values.${layer}.value`, n("v")],
            outputs: [value],
            attributes: { axis: 2 },
          },
        ]
      : []),
    { op: "Transpose", inputs: [key], outputs: [n("kt")], attributes: { perm: [0, 1, 3, 2] } },
    { op: "MatMul", inputs: [n("q"), n("kt")], outputs: [n("scores")] },
    { op: "Mul", inputs: [n("scores"), "attention_scale"], outputs: [n("scaled")] },
    { op: "Where", inputs: ["allowed", n("scaled"), "masked_score"], outputs: [n("masked")] },
    { op: "Softmax", inputs: [n("masked")], outputs: [n("weights")], attributes: { axis: -1 } },
    { op: "MatMul", inputs: [n("weights"), value], outputs: [n("mixed")] },
    { op: "Transpose", inputs: [n("mixed")], outputs: [n("merged")], attributes: { perm: [0, 2, 1, 3] } },
    { op: "Reshape", inputs: [n("merged"), "shape_hidden"], outputs: [n("attended")] },
    { op: "MatMul", inputs: [n("attended"), n("wo")], outputs: [n("projected")] },
    { op: "Add", inputs: [input, n("projected")], outputs: [n("out")] },
  ];
}

/** The causal mask for new tokens at the end of `total` positions, and the padding mask: [batch, 1, new, total]. */
const MASK_NODES: OnnxNode[] = [
  { op: "Shape", inputs: ["attention_mask"], outputs: ["mask_shape"] },
  { op: "Gather", inputs: ["mask_shape", "one"], outputs: ["total"], attributes: { axis: 0 } },
  { op: "Shape", inputs: ["input_ids"], outputs: ["ids_shape"] },
  { op: "Gather", inputs: ["ids_shape", "one"], outputs: ["fresh"], attributes: { axis: 0 } },
  { op: "Sub", inputs: ["total", "fresh"], outputs: ["first_fresh"] },
  { op: "Range", inputs: ["zero", "total", "one"], outputs: ["key_index"] },
  { op: "Range", inputs: ["first_fresh", "total", "one"], outputs: ["query_index"] },
  { op: "Unsqueeze", inputs: ["query_index", "axis_1"], outputs: ["query_column"] },
  { op: "LessOrEqual", inputs: ["key_index", "query_column"], outputs: ["causal"] },
  { op: "Cast", inputs: ["attention_mask"], outputs: ["mask_bool"], attributes: { to: 9 } },
  { op: "Unsqueeze", inputs: ["mask_bool", "axes_1_2"], outputs: ["mask_4d"] },
  { op: "And", inputs: ["causal", "mask_4d"], outputs: ["allowed"] },
];

/**
 * Token embedding, a sinusoid of the position, and the end-of-turn signal: from position `endAt` on, channel 0 carries
 * a large value that the output projection sends to `endToken` alone.
 */
function embeddingNodes(positionIds: boolean): OnnxNode[] {
  const positions: OnnxNode[] = positionIds
    ? []
    : [
        // Without a position input the graph derives positions from the mask, as some exports do.
        { op: "CumSum", inputs: ["attention_mask", "one"], outputs: ["mask_cumsum"] },
        { op: "Sub", inputs: ["mask_cumsum", "one"], outputs: ["all_positions"] },
        { op: "Shape", inputs: ["input_ids"], outputs: ["ids_shape_p"] },
        { op: "Gather", inputs: ["ids_shape_p", "one"], outputs: ["fresh_p"], attributes: { axis: 0 } },
        { op: "Neg", inputs: ["fresh_p"], outputs: ["minus_fresh"] },
        { op: "Unsqueeze", inputs: ["minus_fresh", "zero_axis"], outputs: ["slice_start"] },
        {
          op: "Slice",
          inputs: ["all_positions", "slice_start", "slice_end", "axis_1"],
          outputs: ["position_ids"],
        },
      ];
  return [
    ...positions,
    { op: "Gather", inputs: ["embed", "input_ids"], outputs: ["token_vectors"], attributes: { axis: 0 } },
    { op: "Cast", inputs: ["position_ids"], outputs: ["position_float"], attributes: { to: 1 } },
    { op: "Unsqueeze", inputs: ["position_float", "axis_2"], outputs: ["position_column"] },
    { op: "Mul", inputs: ["position_column", "frequencies"], outputs: ["phases"] },
    { op: "Sin", inputs: ["phases"], outputs: ["waves"] },
    { op: "Mul", inputs: ["waves", "wave_scale"], outputs: ["position_vectors"] },
    { op: "GreaterOrEqual", inputs: ["position_ids", "end_at"], outputs: ["ending"] },
    { op: "Cast", inputs: ["ending"], outputs: ["ending_float"], attributes: { to: 1 } },
    { op: "Unsqueeze", inputs: ["ending_float", "axis_2"], outputs: ["ending_column"] },
    { op: "Mul", inputs: ["ending_column", "end_direction"], outputs: ["end_vectors"] },
    { op: "Add", inputs: ["token_vectors", "position_vectors"], outputs: ["placed"] },
    { op: "Add", inputs: ["placed", "end_vectors"], outputs: ["h0"] },
  ];
}

function graphValues(layers: number, cache: boolean, vocab: number, positionIds: boolean) {
  const kv = (prefix: string, length: string): OnnxValue[] =>
    Array.from({ length: layers }, (_, layer) =>
      ["key", "value"].map((part) => ({
        name: `${prefix}.${layer}.${part}`,
        type: "float" as const,
        shape: ["batch_size", HEADS, length, HEAD_DIM],
      })),
    ).flat();
  const inputs: OnnxValue[] = [
    { name: "input_ids", type: "int64", shape: ["batch_size", "sequence_length"] },
    { name: "attention_mask", type: "int64", shape: ["batch_size", "total_sequence_length"] },
    ...(positionIds
      ? [{ name: "position_ids", type: "int64" as const, shape: ["batch_size", "sequence_length"] }]
      : []),
    ...(cache ? kv("past_key_values", "past_sequence_length") : []),
  ];
  const outputs: OnnxValue[] = [
    { name: "logits", type: "float", shape: ["batch_size", "sequence_length", vocab] },
    ...(cache ? kv("present", "total_sequence_length") : []),
  ];
  return { inputs, outputs };
}

/** The ONNX graph; `layers`, `cache` and `vocab` may disagree with the config on purpose. */
export function tinyGraph(options: {
  layers: number;
  cache: boolean;
  vocab: number;
  positionIds: boolean;
  endAt: number;
  endToken: number;
  seed: number;
  externalWeights?: boolean;
}): { graph: Uint8Array; data: Uint8Array | null } {
  const { layers, cache, vocab } = options;
  const weight = random(options.seed, 1);
  const small = random(options.seed + 1, 1 / Math.sqrt(HIDDEN));
  const frequency = mulberry32(options.seed + 2);
  const initializers: OnnxTensor[] = [
    floats("embed", [vocab, HIDDEN], (i) => (i % HIDDEN === 0 ? 0 : weight())),
    // Special tokens score 0 on every channel but the end signal's, so only byte tokens appear before `endAt`.
    floats("unembed", [HIDDEN, vocab], (i) =>
      i < vocab ? (i === options.endToken ? 10 : 0) : i % vocab >= 256 ? 0 : weight(),
    ),
    floats("frequencies", [HIDDEN], (i) => (i === 0 ? 0 : frequency())),
    floats("wave_scale", [], () => 0.5),
    floats("end_direction", [HIDDEN], (i) => (i === 0 ? 10 : 0)),
    ints("end_at", [options.endAt], []),
    floats("attention_scale", [], () => 1 / Math.sqrt(HEAD_DIM)),
    floats("masked_score", [], () => -1e9),
    ints("shape_heads", [0, 0, HEADS, HEAD_DIM]),
    ints("shape_hidden", [0, 0, HIDDEN]),
    ints("zero", [0], []),
    ints("one", [1], []),
    ints("zero_axis", [0]),
    ints("axis_1", [1]),
    ints("axis_2", [2]),
    ints("axes_1_2", [1, 2]),
    ints("slice_end", [Number.MAX_SAFE_INTEGER]),
  ];
  for (let layer = 0; layer < layers; layer++) {
    for (const name of ["wq", "wk", "wv", "wo"])
      initializers.push(floats(`l${layer}_${name}`, [HIDDEN, HIDDEN], small));
  }
  let hidden = "h0";
  const nodes: OnnxNode[] = [...MASK_NODES, ...embeddingNodes(options.positionIds)];
  for (let layer = 0; layer < layers; layer++) {
    nodes.push(...attentionLayer(layer, hidden, cache));
    hidden = `l${layer}_out`;
  }
  nodes.push({ op: "MatMul", inputs: [hidden, "unembed"], outputs: ["logits"] });
  const data = options.externalWeights ? externalise(initializers, "model.onnx_data") : null;
  const values = graphValues(layers, cache, vocab, options.positionIds);
  return { graph: writeOnnx({ opset: 17, nodes, initializers, ...values }), data };
}

/** Moves every float tensor with more than one value into one data file; returns that file's bytes. */
function externalise(initializers: OnnxTensor[], location: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  for (const [index, tensor] of initializers.entries()) {
    if (tensor.type !== "float" || tensor.data.length < 2) continue;
    const bytes = new Uint8Array(Float32Array.from(tensor.data).buffer);
    initializers[index] = { ...tensor, external: { location, offset, length: bytes.length } };
    chunks.push(bytes);
    offset += bytes.length;
  }
  const out = new Uint8Array(offset);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The checkpoint's files by relative path. */
export function tinyModelFiles(options: TinyModelOptions = {}): Record<string, string | Uint8Array> {
  const layers = options.layers ?? 2;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const config = {
    architectures: ["LlamaForCausalLM"],
    model_type: "llama",
    vocab_size: TINY_VOCAB,
    hidden_size: HIDDEN,
    intermediate_size: 2 * HIDDEN,
    num_hidden_layers: layers,
    num_attention_heads: HEADS,
    num_key_value_heads: HEADS,
    head_dim: HEAD_DIM,
    max_position_embeddings: 32768,
    eos_token_id: TINY_TOKENS.configEos,
    pad_token_id: TINY_TOKENS.pad,
    torch_dtype: "float32",
  };
  const tokenizerConfig = {
    tokenizer_class: "PreTrainedTokenizerFast",
    eos_token: SPECIAL[TINY_TOKENS.tokenizerEos],
    pad_token: SPECIAL[TINY_TOKENS.pad],
    bos_token: null,
    model_max_length: 32768,
    chat_template: TINY_CHAT_TEMPLATE,
  };
  const graph = options.graph ?? {};
  const onnx = tinyGraph({
    layers: graph.layers ?? layers,
    cache: graph.cache ?? true,
    vocab: graph.vocab ?? TINY_VOCAB,
    positionIds: graph.positionIds ?? true,
    endAt: options.endAt ?? 1 << 30,
    endToken: options.endToken ?? TINY_TOKENS.undeclared,
    seed: options.seed ?? 1,
    externalWeights: options.externalWeights ?? false,
  });
  return {
    "config.json": json(options.config ? options.config(config) : config),
    "generation_config.json": json({ eos_token_id: TINY_TOKENS.generationEos, do_sample: false }),
    "tokenizer.json": json(tokenizerJson()),
    "tokenizer_config.json": json(
      options.tokenizerConfig ? options.tokenizerConfig(tokenizerConfig) : tokenizerConfig,
    ),
    "onnx/model.onnx": onnx.graph,
    ...(onnx.data ? { "onnx/model.onnx_data": onnx.data } : {}),
  };
}

/** Writes the checkpoint into `dir` (created if needed) and returns `dir`. */
export function writeTinyModel(dir: string, options: TinyModelOptions = {}): string {
  for (const [file, content] of Object.entries(tinyModelFiles(options))) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}
