/**
 * The response cache: one file per request, named by the sha256 of the canonical request, written atomically.
 * Concurrent writers of the same key write the same bytes, and a crash leaves no half-written entry.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Completion } from "../backends/types.js";
import { describeFileError, fileErrorCode } from "../errors.js";
import { writeOutput } from "../io/output.js";
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
  /**
   * The repeat (`run --repeats`), above 0 only: greedy repeats send identical requests, and without it the cache
   * would answer attempts 1 … K−1 with attempt 0's answer. Absent at 0, so a single run's keys stay what they were.
   */
  attempt?: number;
}

export class ResponseCache {
  /** Set after the first failed write: the cache is then read-only for the rest of the run. */
  private writeFailure: string | null = null;

  /**
   * `warn` hears, once, that the cache cannot be written (a read-only --cache-dir, a full disk): answers keep
   * flowing uncached instead of each good answer turning into a failed request.
   */
  constructor(
    private readonly directory: string,
    private readonly warn: (line: string) => void = () => {},
  ) {}

  static key(parts: CacheKeyParts): string {
    const { attempt, ...rest } = parts;
    return sha256(canonicalJson({ v: 1, ...rest, ...(attempt ? { attempt } : {}) }));
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
    if (this.writeFailure !== null) return;
    const path = this.path(key);
    try {
      mkdirSync(join(this.directory, key.slice(0, 2)), { recursive: true });
      writeOutput(path, JSON.stringify(completion));
    } catch (error) {
      const code = fileErrorCode(error) ?? fileErrorCode((error as Error).cause);
      if (code === null) throw error;
      this.writeFailure = code;
      this.warn(
        `warning: the response cache ${this.directory} cannot be written (${describeFileError(code)}); continuing without caching new answers`,
      );
    }
  }
}
