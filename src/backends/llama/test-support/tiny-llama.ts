/** A tiny `llama`-architecture checkpoint with seeded random weights whose greedy output is steered to one token. */

import { mulberry32 } from "../../../metrics/random.js";
import type { GgufFile, GgufTensor } from "./gguf-writer.js";

const EMBEDDING = 32;
const FEED_FORWARD = 64;
const HEADS = 2;
const CONTEXT = 8192;

// Token types from llama.cpp's vocabulary: 1 normal, 2 unknown, 3 control, 6 byte.
const CONTROL = [
  "<unk>",
  "<s>",
  "</s>",
  "<|turn_end|>",
  "<|endoftext|>",
  "<|system|>",
  "<|user|>",
  "<|assistant|>",
];
const WORDS = ["▁", "▁a", "▁b", "▁hello", "▁world", "a", "b", "o", "l", "h", "e", "r", "w", "d"];

/** Token ids a test can steer towards or assert on. */
export const TINY_TOKENS = {
  unknown: 0,
  bos: 1,
  eos: 2,
  /** Declared as `tokenizer.ggml.eot_token_id`. */
  eot: 3,
  /** Declared nowhere: llama.cpp marks it end-of-generation from its text alone. */
  endOfText: 4,
  /** "▁a": an ordinary word, so generation runs until max tokens. */
  word: CONTROL.length + 256 + 1,
} as const;

/** Jinja in the shape of real chat templates: BOS, role markers, and a generation prompt. */
export const TINY_CHAT_TEMPLATE =
  "{{ bos_token }}{% for message in messages %}<|{{ message.role }}|>{{ message.content }}{% endfor %}" +
  "{% if add_generation_prompt %}<|assistant|>{% endif %}";

function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const bytes = Array.from(
    { length: 256 },
    (_, byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`,
  );
  const tokens = [...CONTROL, ...bytes, ...WORDS];
  const types = [2, ...CONTROL.slice(1).map(() => 3), ...bytes.map(() => 6), ...WORDS.map(() => 1)];
  // SentencePiece merges prefer higher scores; longer words first so "▁hello" beats its letters.
  const scores = tokens.map((token, id) => (types[id] === 1 ? token.length - id / 1000 : 0));
  return { tokens, scores, types };
}

/** Seeded weights, centred on zero, so every test run writes byte-identical files. */
function random(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() - 0.5;
}

function tensor(name: string, dims: number[], fill: (index: number) => number): GgufTensor {
  const data = new Float32Array(dims.reduce((product, dim) => product * dim, 1));
  for (let index = 0; index < data.length; index++) data[index] = fill(index);
  return { name, dims, data };
}

/**
 * Builds the checkpoint. Every embedding carries a constant on channel 0 and the one layer is near zero, so after the
 * final norm channel 0 dominates; `output.weight` puts a large weight there for `favour`, making it the argmax.
 */
export function tinyLlama(options: {
  favour: number;
  seed?: number;
  chatTemplate?: string | null;
}): GgufFile {
  const chatTemplate = options.chatTemplate === undefined ? TINY_CHAT_TEMPLATE : options.chatTemplate;
  const next = random(options.seed ?? 1);
  const { tokens, scores, types } = vocabulary();
  const vocab = tokens.length;
  const small = () => next() * 0.04;
  const tensors = [
    tensor("token_embd.weight", [EMBEDDING, vocab], (i) => (i % EMBEDDING === 0 ? 4 : next() * 0.2)),
    tensor("output_norm.weight", [EMBEDDING], () => 1),
    tensor("output.weight", [EMBEDDING, vocab], (i) =>
      i % EMBEDDING === 0 && Math.floor(i / EMBEDDING) === options.favour ? 5 : small(),
    ),
    tensor("blk.0.attn_norm.weight", [EMBEDDING], () => 1),
    tensor("blk.0.attn_q.weight", [EMBEDDING, EMBEDDING], small),
    tensor("blk.0.attn_k.weight", [EMBEDDING, EMBEDDING], small),
    tensor("blk.0.attn_v.weight", [EMBEDDING, EMBEDDING], small),
    tensor("blk.0.attn_output.weight", [EMBEDDING, EMBEDDING], small),
    tensor("blk.0.ffn_norm.weight", [EMBEDDING], () => 1),
    tensor("blk.0.ffn_gate.weight", [EMBEDDING, FEED_FORWARD], small),
    tensor("blk.0.ffn_up.weight", [EMBEDDING, FEED_FORWARD], small),
    tensor("blk.0.ffn_down.weight", [FEED_FORWARD, EMBEDDING], small),
  ];
  const uint32 = (value: number) => ({ type: "uint32", value }) as const;
  return {
    metadata: {
      "general.architecture": { type: "string", value: "llama" },
      "general.name": { type: "string", value: "tooluse-tiny" },
      "general.alignment": uint32(32),
      "llama.context_length": uint32(CONTEXT),
      "llama.embedding_length": uint32(EMBEDDING),
      "llama.block_count": uint32(1),
      "llama.feed_forward_length": uint32(FEED_FORWARD),
      "llama.attention.head_count": uint32(HEADS),
      "llama.attention.head_count_kv": uint32(HEADS),
      "llama.rope.dimension_count": uint32(EMBEDDING / HEADS),
      "llama.attention.layer_norm_rms_epsilon": { type: "float32", value: 1e-5 },
      "llama.vocab_size": uint32(vocab),
      "tokenizer.ggml.model": { type: "string", value: "llama" },
      "tokenizer.ggml.tokens": { type: "string[]", value: tokens },
      "tokenizer.ggml.scores": { type: "float32[]", value: scores },
      "tokenizer.ggml.token_type": { type: "int32[]", value: types },
      "tokenizer.ggml.unknown_token_id": uint32(TINY_TOKENS.unknown),
      "tokenizer.ggml.bos_token_id": uint32(TINY_TOKENS.bos),
      "tokenizer.ggml.eos_token_id": uint32(TINY_TOKENS.eos),
      "tokenizer.ggml.eot_token_id": uint32(TINY_TOKENS.eot),
      "tokenizer.ggml.add_bos_token": { type: "bool", value: true },
      "tokenizer.ggml.add_eos_token": { type: "bool", value: false },
      ...(chatTemplate === null
        ? {}
        : { "tokenizer.chat_template": { type: "string", value: chatTemplate } }),
    },
    tensors,
  };
}
