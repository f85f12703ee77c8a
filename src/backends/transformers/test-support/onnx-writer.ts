/**
 * A minimal ONNX writer: the ModelProto subset a small graph needs (nodes, initializers, typed inputs and outputs with
 * symbolic dimensions), encoded as protobuf by hand. Field numbers follow onnx/onnx.proto (IR version 8).
 */

export const ELEMENT = { float: 1, int64: 7, bool: 9 } as const;
export type ElementType = keyof typeof ELEMENT;

export interface OnnxTensor {
  name: string;
  type: "float" | "int64";
  dims: readonly number[];
  data: Float32Array | readonly number[];
  /** Where the bytes are instead, as large exports keep their weights: a file beside the graph. */
  external?: { location: string; offset: number; length: number };
}

export type Attribute = number | readonly number[] | { float: number };

export interface OnnxNode {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: Record<string, Attribute>;
}

export interface OnnxValue {
  name: string;
  type: ElementType;
  /** A number for a fixed dimension, a string for a symbolic one (`batch_size`). */
  shape: readonly (number | string)[];
}

export interface OnnxModel {
  opset: number;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxTensor[];
  inputs: readonly OnnxValue[];
  outputs: readonly OnnxValue[];
}

/** Appends protobuf fields; every message is built bottom-up, so lengths are known when a field is written. */
class Message {
  private readonly parts: Uint8Array[] = [];

  private varint(value: bigint): void {
    // int64 fields carry negative numbers as their 64-bit two's complement (ten bytes).
    let rest = BigInt.asUintN(64, value);
    const bytes: number[] = [];
    do {
      let byte = Number(rest & 0x7fn);
      rest >>= 7n;
      if (rest > 0n) byte |= 0x80;
      bytes.push(byte);
    } while (rest > 0n);
    this.parts.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.varint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.parts.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.varint(BigInt(value.length));
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.encode());
  }

  encode(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function tensorProto(tensor: OnnxTensor): Message {
  const message = new Message();
  for (const dim of tensor.dims) message.int(1, dim);
  message.int(2, ELEMENT[tensor.type]);
  message.string(8, tensor.name);
  if (tensor.external) {
    for (const [key, value] of Object.entries(tensor.external)) {
      message.message(13, new Message().string(1, key).string(2, String(value)));
    }
    // TensorProto.DataLocation.EXTERNAL
    return message.int(14, 1);
  }
  const raw =
    tensor.type === "float"
      ? new Uint8Array(Float32Array.from(tensor.data).buffer)
      : new Uint8Array(BigInt64Array.from(tensor.data, (value) => BigInt(value)).buffer);
  return message.bytes(9, raw);
}

// AttributeProto.AttributeType
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

function attributeProto(name: string, value: Attribute): Message {
  const message = new Message().string(1, name);
  if (typeof value === "number") return message.int(3, value).int(20, ATTRIBUTE_INT);
  if ("float" in value) return message.float(2, value.float).int(20, ATTRIBUTE_FLOAT);
  for (const item of value) message.int(8, item);
  return message.int(20, ATTRIBUTE_INTS);
}

function nodeProto(node: OnnxNode, index: number): Message {
  const message = new Message();
  for (const input of node.inputs) message.string(1, input);
  for (const output of node.outputs) message.string(2, output);
  message.string(3, `${node.op}_${index}`).string(4, node.op);
  for (const [name, value] of Object.entries(node.attributes ?? {}))
    message.message(5, attributeProto(name, value));
  return message;
}

function valueInfoProto(value: OnnxValue): Message {
  const shape = new Message();
  for (const dim of value.shape) {
    shape.message(1, typeof dim === "number" ? new Message().int(1, dim) : new Message().string(2, dim));
  }
  const tensorType = new Message().int(1, ELEMENT[value.type]).message(2, shape);
  return new Message().string(1, value.name).message(2, new Message().message(1, tensorType));
}

/** Encodes the model as the bytes of a `.onnx` file. */
export function writeOnnx(model: OnnxModel): Uint8Array {
  const graph = new Message();
  for (const [index, node] of model.nodes.entries()) graph.message(1, nodeProto(node, index));
  graph.string(2, "tooluse-tiny");
  for (const tensor of model.initializers) graph.message(5, tensorProto(tensor));
  for (const input of model.inputs) graph.message(11, valueInfoProto(input));
  for (const output of model.outputs) graph.message(12, valueInfoProto(output));
  return new Message()
    .int(1, 8)
    .string(2, "tooluse-test")
    .message(7, graph)
    .message(8, new Message().string(1, "").int(2, model.opset))
    .encode();
}
