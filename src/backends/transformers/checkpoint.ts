/** Where a Hugging Face checkpoint's files are, what they say, and their sha256 digests. */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { UserError } from "../../errors.js";
import { parseJsonText } from "../../input/json.js";
import { readInputText } from "../../input/read.js";

/** A folder on disk, or a hub id looked up in the model cache (and fetched into it only with --allow-download). */
export interface CheckpointSource {
  kind: "folder" | "hub";
  /** What the user passed to --model. */
  model: string;
  /** The folder holding the files once they are present: the folder itself, or `<cache>/<owner>/<name>`. */
  dir: string;
  /** What transformers.js loads: an absolute folder path, or the hub id. */
  loadId: string;
}

/** The files transformers.js reads for a causal LM on CPU in fp32; generation_config.json is optional. */
export const REQUIRED_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx"];

// The shape of a hub id (`owner/name` or `name`), as transformers.js accepts it.
const HUB_ID = /^([\w.-]+\/)?[\w.-]{1,96}$/;

export function locateCheckpoint(model: string, cacheDir: string): CheckpointSource {
  if (existsSync(model)) {
    if (!statSync(model).isDirectory()) {
      throw new UserError(
        `--model ${model}: not a folder (the transformers backend loads a checkpoint folder or a hub id)`,
      );
    }
    const dir = resolve(model);
    return { kind: "folder", model, dir, loadId: dir };
  }
  if (!HUB_ID.test(model) || model.includes("..") || model.includes("--")) {
    throw new UserError(`--model ${model}: no such folder, and not a Hugging Face model id (owner/name)`);
  }
  return { kind: "hub", model, dir: join(cacheDir, model), loadId: model };
}

/** The first required file that is absent, or null. */
export function missingFile(dir: string): string | null {
  return REQUIRED_FILES.find((file) => !existsSync(join(dir, file))) ?? null;
}

export type Json = Record<string, unknown>;

/** Reads a JSON object from the checkpoint; a missing optional file is null, a malformed one is refused. */
export function readJson(source: CheckpointSource, file: string, optional = false): Json | null {
  const path = join(source.dir, file);
  if (optional && !existsSync(path)) return null;
  let value: unknown;
  try {
    value = parseJsonText(readInputText(path), file);
  } catch (error) {
    const reason = error instanceof UserError ? error.message.replace(`${file}: `, "") : String(error);
    throw new UserError(`--model ${source.model}: ${file} is not valid JSON (${reason})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UserError(`--model ${source.model}: ${file} is not a JSON object`);
  }
  return value as Json;
}

/** The checkpoint's files that decide its outputs: configs, tokenizer, template, the graph and its external data. */
export function checkpointFiles(dir: string): string[] {
  const optional = ["generation_config.json", "chat_template.jinja"].filter((file) =>
    existsSync(join(dir, file)),
  );
  // External weights sit beside the graph as model.onnx_data, model.onnx_data_1, …
  const data = readdirSync(join(dir, "onnx"))
    .filter((file) => file.startsWith("model.onnx_data"))
    .sort()
    .map((file) => `onnx/${file}`);
  return [...REQUIRED_FILES, ...optional, ...data].sort();
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 22 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** `{"config.json": "sha256:…", …}` over every file that decides the model's outputs. */
export async function fileDigests(dir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const file of checkpointFiles(dir)) digests[file] = `sha256:${await sha256File(join(dir, file))}`;
  return digests;
}

/**
 * `name@sha256:0123456789ab`, the digest taken over the file digests: two fine-tunes of one base share configs and
 * tokenizer, and a response cache keyed on the name alone would answer one with the other's outputs.
 */
export function checkpointId(source: CheckpointSource, digests: Record<string, string>): string {
  const listing = Object.entries(digests)
    .map(([file, digest]) => `${file} ${digest}\n`)
    .join("");
  const name = source.kind === "hub" ? source.model : basename(source.dir);
  return `${name}@sha256:${createHash("sha256").update(listing).digest("hex").slice(0, 12)}`;
}
