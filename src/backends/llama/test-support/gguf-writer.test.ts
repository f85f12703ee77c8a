import { describe, expect, it } from "vitest";
import { writeGguf } from "./gguf-writer.js";

/** Reads back what the writer laid out: header, keys with their type codes, tensor infos, data start. */
function readBack(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const advance = (size: number) => {
    at += size;
    return at - size;
  };
  const u32 = () => view.getUint32(advance(4), true);
  const u64 = () => Number(view.getBigUint64(advance(8), true));
  const str = () => {
    const length = u64();
    const start = advance(length);
    return new TextDecoder().decode(bytes.subarray(start, start + length));
  };
  const magic = new TextDecoder().decode(bytes.subarray(0, 4));
  at = 4;
  const version = u32();
  const tensorCount = u64();
  const keyCount = u64();
  const keys: [string, number][] = [];
  for (let k = 0; k < keyCount; k++) {
    const key = str();
    const type = u32();
    keys.push([key, type]);
    if (type === 4 || type === 6) advance(4);
    else if (type === 8) str();
    else if (type === 9) {
      const elementType = u32();
      const count = u64();
      for (let i = 0; i < count; i++) {
        if (elementType === 8) str();
        else advance(4);
      }
    }
  }
  const tensors = Array.from({ length: tensorCount }, () => {
    const name = str();
    const dims = Array.from({ length: u32() }, u64);
    return { name, dims, type: u32(), offset: u64() };
  });
  return { magic, version, keys, tensors, dataStart: Math.ceil(at / 32) * 32 };
}

describe("writeGguf", () => {
  const bytes = writeGguf({
    metadata: {
      "general.architecture": { type: "string", value: "llama" },
      "general.alignment": { type: "uint32", value: 32 },
      "x.eps": { type: "float32", value: 1e-5 },
      "x.tokens": { type: "string[]", value: ["<s>", "▁a"] },
      "x.types": { type: "int32[]", value: [3, 1] },
    },
    tensors: [
      { name: "a.weight", dims: [3], data: Float32Array.of(1, 2, 3) },
      { name: "b.weight", dims: [2, 2], data: Float32Array.of(4, 5, 6, 7) },
    ],
  });
  const file = readBack(bytes);

  it("writes a GGUF v3 header with typed keys in order", () => {
    expect(file.magic).toBe("GGUF");
    expect(file.version).toBe(3);
    expect(file.keys).toEqual([
      ["general.architecture", 8],
      ["general.alignment", 4],
      ["x.eps", 6],
      ["x.tokens", 9],
      ["x.types", 9],
    ]);
  });

  it("aligns every tensor's data to 32 bytes and stores F32 values little-endian", () => {
    expect(file.tensors.map(({ name, dims, type, offset }) => [name, dims, type, offset])).toEqual([
      ["a.weight", [3], 0, 0],
      ["b.weight", [2, 2], 0, 32],
    ]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getFloat32(file.dataStart + 8, true)).toBe(3);
    expect(view.getFloat32(file.dataStart + 32 + 12, true)).toBe(7);
    expect(bytes.length).toBe(file.dataStart + 64);
  });

  it("refuses a tensor whose data does not fill its dims", () => {
    const tensors = [{ name: "bad", dims: [2, 3], data: new Float32Array(5) }];
    expect(() => writeGguf({ metadata: {}, tensors })).toThrow("bad: dims 2x3 need 6 values, got 5");
  });
});
