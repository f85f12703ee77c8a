import { describe, expect, it } from "vitest";
import type { ValueMetadata } from "./binding.js";
import { type ConfigShape, configShape, graphProblem, tokenizerMaxId, vocabularyProblem } from "./verify.js";

const CONFIG = {
  architectures: ["Qwen2ForCausalLM"],
  model_type: "qwen2",
  vocab_size: 1000,
  hidden_size: 64,
  num_hidden_layers: 2,
  num_attention_heads: 8,
  num_key_value_heads: 2,
  max_position_embeddings: 32768,
};

const SHAPE: ConfigShape = {
  architecture: "Qwen2ForCausalLM",
  modelType: "qwen2",
  vocabSize: 1000,
  layers: 2,
  kvHeads: 2,
  headDim: 8,
  maxPositions: 32768,
};

const tensor = (name: string, shape: (number | string)[]): ValueMetadata => ({ name, isTensor: true, shape });
const cache = (prefix: string, layers: number, heads = 2, dim = 8) =>
  Array.from({ length: layers }, (_, layer) =>
    ["key", "value"].map((part) => tensor(`${prefix}.${layer}.${part}`, ["batch_size", heads, "n", dim])),
  ).flat();
const INPUTS = [
  tensor("input_ids", ["batch_size", "sequence_length"]),
  tensor("attention_mask", ["batch_size", "total_sequence_length"]),
  tensor("position_ids", ["batch_size", "sequence_length"]),
  ...cache("past_key_values", 2),
];
const OUTPUTS = [tensor("logits", ["batch_size", "sequence_length", 1000]), ...cache("present", 2)];

describe("configShape", () => {
  it("reads the sizes, with head_dim from hidden_size / heads and kv heads defaulting to heads", () => {
    expect(configShape(CONFIG)).toEqual(SHAPE);
    const { num_key_value_heads: _, ...noKv } = CONFIG;
    expect(configShape({ ...noKv, head_dim: 16 })).toEqual({ ...SHAPE, kvHeads: 8, headDim: 16 });
  });

  it.each([
    [
      { architectures: ["LlavaForConditionalGeneration"] },
      "architecture LlavaForConditionalGeneration is not a causal",
    ],
    [{ architectures: ["A", "BForCausalLM"] }, "exactly one architecture"],
    [{ architectures: undefined }, "exactly one architecture"],
    [{ model_type: undefined }, "no model_type"],
    [{ vocab_size: 0 }, "no positive whole vocab_size"],
    [{ num_hidden_layers: 2.5 }, "no positive whole num_hidden_layers"],
    [{ hidden_size: 60 }, "neither head_dim nor a hidden_size divisible"],
  ])("refuses %j", (change, problem) => {
    expect(configShape({ ...CONFIG, ...change })).toContain(problem);
  });
});

describe("graphProblem", () => {
  it("accepts a causal LM with a cache of the config's sizes, with or without position_ids", () => {
    expect(graphProblem(SHAPE, INPUTS, OUTPUTS)).toBeNull();
    expect(
      graphProblem(
        SHAPE,
        INPUTS.filter((i) => i.name !== "position_ids"),
        OUTPUTS,
      ),
    ).toBeNull();
  });

  it("accepts symbolic dimensions it cannot check before a run", () => {
    const symbolic = OUTPUTS.map((o) => (o.name === "logits" ? tensor("logits", ["b", "s", "vocab"]) : o));
    expect(graphProblem(SHAPE, INPUTS, symbolic)).toBeNull();
  });

  it.each([
    ["no input_ids", INPUTS.slice(1), OUTPUTS, "the graph has no input_ids input"],
    ["an unknown input", [...INPUTS, tensor("pixel_values", [1])], OUTPUTS, "takes an input pixel_values"],
    ["no logits", INPUTS, OUTPUTS.slice(1), "the graph has no logits output"],
    ["no cache", INPUTS.slice(0, 3), OUTPUTS.slice(0, 1), "the graph has no KV cache"],
    [
      "fewer layers",
      [...INPUTS.slice(0, 3), ...cache("past_key_values", 1)],
      OUTPUTS,
      "for 1 layers, but config.json num_hidden_layers is 2",
    ],
    ["a half layer", INPUTS.slice(0, -1), OUTPUTS, "lack layer 1's key or value"],
    ["no present outputs", INPUTS, OUTPUTS.slice(0, 1), "present outputs for 0 layers"],
    [
      "another vocabulary",
      INPUTS,
      [tensor("logits", ["b", "s", 999]), ...cache("present", 2)],
      "logits has 999 logits per token",
    ],
    [
      "other heads",
      [...INPUTS.slice(0, 3), ...cache("past_key_values", 2, 4)],
      OUTPUTS,
      "has 4 key/value heads, but config.json says 2",
    ],
    [
      "another head size",
      INPUTS,
      [OUTPUTS[0] as ValueMetadata, ...cache("present", 2, 2, 16)],
      "has 16 dimensions per head",
    ],
  ])("refuses a graph with %s", (_, inputs, outputs, problem) => {
    expect(graphProblem(SHAPE, inputs, outputs)).toContain(problem);
  });
});

describe("vocabulary", () => {
  it("takes the highest id from the model's vocabulary and the added tokens", () => {
    expect(tokenizerMaxId({ model: { vocab: { a: 0, b: 7 } }, added_tokens: [{ id: 9 }] })).toBe(9);
    expect(
      tokenizerMaxId({
        model: {
          vocab: [
            ["a", 0],
            ["b", 0],
            ["c", 0],
          ],
        },
        added_tokens: [],
      }),
    ).toBe(2);
  });

  it("accepts a padded vocabulary and refuses a tokenizer or stop token beyond it", () => {
    expect(vocabularyProblem(SHAPE, 950, [3])).toBeNull();
    expect(vocabularyProblem(SHAPE, 1000, [3])).toBe(
      "the tokenizer has token ids up to 1000, but config.json vocab_size is 1000",
    );
    expect(vocabularyProblem(SHAPE, 950, [3, 1200])).toContain("end-of-turn token id 1200 is outside");
  });
});
