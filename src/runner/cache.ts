/**
 * The response cache: one file per request, named by the sha256 of the canonical request, written atomically.
 * Concurrent writers of the same key write the same bytes, and a crash leaves no half-written entry.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Completion } from "../backends/types.js";
import { describeFileError, fileErrorCode } from "../errors.js";
import { redactSecrets } from "../text/redact.js";
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
  /** The shard folders made so far: a run writes hundreds of entries into the same 256 folders. */
  private readonly madeFolders = new Set<string>();
  private writes = 0;

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
    try {
      this.write(key, JSON.stringify(completion));
    } catch (error) {
      const code = fileErrorCode(error) ?? fileErrorCode((error as Error).cause);
      if (code === null) throw error;
      this.writeFailure = code;
      this.warn(
        `warning: the response cache ${this.directory} cannot be written (${describeFileError(code)}); continuing without caching new answers`,
      );
    }
  }

  /**
   * One entry, atomically: a temporary file beside it renamed over it. Not `writeOutput`: an entry is the cache's own
   * file in its own folder (no link, device or `-` to honour), and a run writes one per answer, so the general
   * writer's checks and buffer cost more than the answer took to parse. Secrets are redacted as every file's are.
   */
  private write(key: string, text: string, retried = false): void {
    const folder = join(this.directory, key.slice(0, 2));
    if (!this.madeFolders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.madeFolders.add(folder);
    }
    // Unique without drawing random bytes: the process id tells processes apart, the counter this one's writes.
    const temp = join(folder, `.${key}.${process.pid}.${this.writes++}.tmp`);
    try {
      writeFileSync(temp, redactSecrets(text));
      renameSync(temp, this.path(key));
    } catch (error) {
      rmSync(temp, { force: true });
      // The folder went away under the run (the cache was cleaned): made again once, then the write counts.
      if (retried || fileErrorCode(error) !== "ENOENT") throw error;
      this.madeFolders.delete(folder);
      this.write(key, text, true);
    }
  }
}
