/** A minimal GGUF v3 writer (typed metadata, F32 tensors): tests build their own checkpoints, never download. */

/** A metadata value with its GGUF type; arrays hold one element type. */
export type GgufValue =
  | { type: "uint32"; value: number }
  | { type: "int32"; value: number }
  | { type: "float32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "string[]"; value: readonly string[] }
  | { type: "float32[]"; value: readonly number[] }
  | { type: "int32[]"; value: readonly number[] };

/** An F32 tensor; `dims` are in GGUF (ggml) order: the first one is the contiguous row length. */
export interface GgufTensor {
  name: string;
  dims: readonly number[];
  data: Float32Array;
}

export interface GgufFile {
  metadata: Readonly<Record<string, GgufValue>>;
  tensors: readonly GgufTensor[];
}

// Value type codes from the GGUF specification (ggml/docs/gguf.md).
const TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;
const DEFAULT_ALIGNMENT = 32;

/** Appends little-endian values to a growing list of chunks. */
class ByteSink {
  readonly chunks: Uint8Array[] = [];
  length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private scalar(size: number, write: (view: DataView) => void): void {
    const bytes = new Uint8Array(size);
    write(new DataView(bytes.buffer));
    this.push(bytes);
  }

  u32(value: number): void {
    this.scalar(4, (view) => view.setUint32(0, value, true));
  }
  i32(value: number): void {
    this.scalar(4, (view) => view.setInt32(0, value, true));
  }
  u64(value: number): void {
    this.scalar(8, (view) => view.setBigUint64(0, BigInt(value), true));
  }
  f32(value: number): void {
    this.scalar(4, (view) => view.setFloat32(0, value, true));
  }
  bytes(value: Uint8Array): void {
    this.push(value);
  }
  string(value: string): void {
    const bytes = new TextEncoder().encode(value);
    this.u64(bytes.length);
    this.push(bytes);
  }
  padTo(alignment: number): void {
    const padding = (alignment - (this.length % alignment)) % alignment;
    if (padding > 0) this.push(new Uint8Array(padding));
  }
}

function writeArray<T>(
  sink: ByteSink,
  elementType: number,
  items: readonly T[],
  write: (item: T) => void,
): void {
  sink.u32(TYPE.array);
  sink.u32(elementType);
  sink.u64(items.length);
  for (const item of items) write(item);
}

function writeValue(sink: ByteSink, entry: GgufValue): void {
  switch (entry.type) {
    case "uint32":
      sink.u32(TYPE.uint32);
      sink.u32(entry.value);
      break;
    case "int32":
      sink.u32(TYPE.int32);
      sink.i32(entry.value);
      break;
    case "float32":
      sink.u32(TYPE.float32);
      sink.f32(entry.value);
      break;
    case "bool":
      sink.u32(TYPE.bool);
      sink.bytes(Uint8Array.of(entry.value ? 1 : 0));
      break;
    case "string":
      sink.u32(TYPE.string);
      sink.string(entry.value);
      break;
    case "string[]":
      writeArray(sink, TYPE.string, entry.value, (item) => sink.string(item));
      break;
    case "float32[]":
      writeArray(sink, TYPE.float32, entry.value, (item) => sink.f32(item));
      break;
    case "int32[]":
      writeArray(sink, TYPE.int32, entry.value, (item) => sink.i32(item));
      break;
  }
}

/** Serialises a GGUF v3 file; tensor data is aligned to `general.alignment` (32 unless the metadata says otherwise). */
export function writeGguf(file: GgufFile): Uint8Array {
  const declared = file.metadata["general.alignment"];
  const alignment = declared?.type === "uint32" ? declared.value : DEFAULT_ALIGNMENT;
  const sink = new ByteSink();
  sink.bytes(new TextEncoder().encode("GGUF"));
  sink.u32(3);
  sink.u64(file.tensors.length);
  sink.u64(Object.keys(file.metadata).length);
  for (const [key, entry] of Object.entries(file.metadata)) {
    sink.string(key);
    writeValue(sink, entry);
  }
  let offset = 0;
  for (const tensor of file.tensors) {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (elements !== tensor.data.length) {
      throw new Error(
        `tensor ${tensor.name}: dims ${tensor.dims.join("x")} need ${elements} values, got ${tensor.data.length}`,
      );
    }
    sink.string(tensor.name);
    sink.u32(tensor.dims.length);
    for (const dim of tensor.dims) sink.u64(dim);
    sink.u32(GGML_TYPE_F32);
    sink.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / alignment) * alignment;
  }
  sink.padTo(alignment);
  for (const tensor of file.tensors) {
    sink.bytes(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    sink.padTo(alignment);
  }
  const out = new Uint8Array(sink.length);
  let at = 0;
  for (const chunk of sink.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
