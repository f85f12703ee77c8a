/** Names a checkpoint by its file name and content hash, so the results and the response cache tell files apart. */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { basename } from "node:path";

/**
 * `model.gguf@sha256:0123456789ab`. The whole file is hashed: two fine-tunes of one base share metadata and size,
 * and a cache keyed on either would answer one with the other's outputs.
 */
export async function checkpointId(modelPath: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash("sha256");
  const stream = createReadStream(modelPath, { highWaterMark: 1 << 22, ...(signal ? { signal } : {}) });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return `${basename(modelPath)}@sha256:${hash.digest("hex").slice(0, 12)}`;
}
