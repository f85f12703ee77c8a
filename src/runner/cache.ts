/**
 * The response cache: one file per request, named by the sha256 of the canonical request, written atomically.
 * Concurrent writers of the same key write the same bytes, and a crash leaves no half-written entry.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Completion } from "../backends/types.js";
import { writeFileAtomic } from "../jsonl.js";
import { canonicalJson, sha256 } from "./canonical-json.js";

const CompletionSchema = z.object({
  text: z.string(),
  finish_reason: z.string().nullable(),
  prompt_tokens: z.number().nullable(),
  completion_tokens: z.number().nullable(),
});

/** What identifies a request: operational settings (concurrency, timeouts, URLs, keys) are deliberately absent. */
export interface CacheKeyParts {
  backend: string;
  model: string;
  /** Where the model lives (a server's URL): the same model name on two servers may be two checkpoints. */
  endpoint: string | null;
  messages: unknown;
  tools: unknown;
  settings: unknown;
}

export class ResponseCache {
  constructor(private readonly directory: string) {}

  static key(parts: CacheKeyParts): string {
    return sha256(canonicalJson({ v: 1, ...parts }));
  }

  private path(key: string): string {
    return join(this.directory, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): Completion | undefined {
    let text: string;
    try {
      text = readFileSync(this.path(key), "utf8");
    } catch {
      return undefined;
    }
    try {
      const parsed = CompletionSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, completion: Completion): void {
    const path = this.path(key);
    mkdirSync(join(this.directory, key.slice(0, 2)), { recursive: true });
    writeFileAtomic(path, JSON.stringify(completion));
  }
}
