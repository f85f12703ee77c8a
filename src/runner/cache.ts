/**
 * The response cache: one file per request, named by the sha256 of the canonical request, written atomically.
 * Concurrent writers of the same key write the same bytes, and a crash leaves no half-written entry.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Completion } from "../backends/types.js";
import { describeFileError, fileErrorCode } from "../errors.js";
import { redactSecrets } from "../text/redact.js";
import { canonicalJson, sha256 } from "./canonical-json.js";

const isCount = (value: unknown) => value === null || (typeof value === "number" && Number.isFinite(value));

/**
 * An entry's parsed JSON as a completion, or undefined (a miss) when it is not one: the four fields, in this order,
 * nothing else. Written out rather than a zod schema because a cached re-run reads hundreds of entries and must not
 * load zod at all (issue 28); cache.test.ts holds it to the schema it replaced, value for value.
 */
export function completionOf(value: unknown): Completion | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { text, finish_reason, prompt_tokens, completion_tokens } = value as Record<string, unknown>;
  if (typeof text !== "string" || !(finish_reason === null || typeof finish_reason === "string"))
    return undefined;
  if (!isCount(prompt_tokens) || !isCount(completion_tokens)) return undefined;
  return {
    text,
    finish_reason,
    prompt_tokens: prompt_tokens as number | null,
    completion_tokens: completion_tokens as number | null,
  };
}

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
      return completionOf(JSON.parse(text));
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
