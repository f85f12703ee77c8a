/**
 * The verdict cache's file: every verdict one grader made (one profile, version, options and grading code: the file's
 * name is the digest of them), one line each, `<key> <digest of the verdict's JSON> <the verdict's JSON>`. Read whole
 * once per run; new verdicts are appended once, when the run ends, in one write. A line that is torn (a crash, two
 * runs appending at once) or damaged fails its digest and is ignored: its output is graded again.
 */
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Case } from "../cases/schema.js";
import { fileErrorCode } from "../errors.js";
import type { Output } from "../grade/output.js";
import type { Verdict } from "../grade/verdict.js";
import { redactSecretsIn } from "../text/redact.js";
import { canonicalJson, sha256 } from "./canonical-json.js";

/** Everything a verdict depends on besides its case and output. */
export interface GraderIdentity {
  profile: string;
  version: string;
  options: object;
  /** grading-fingerprint.ts: the grading code and the Node version that runs it. */
  code: string;
}

const LINE = /^([0-9a-f]{64}) ([0-9a-f]{64}) (.*)$/;

/**
 * Whether JSON gives back exactly this value: plain objects and arrays, strings, booleans, null and finite numbers
 * other than -0, no undefined anywhere. Only such a verdict is cached, so a cached verdict is the fresh one.
 */
export function isExactJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isExactJson);
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as Record<string, unknown>).every(isExactJson);
}

export class VerdictCache {
  /** The verdict JSON of every valid line, by key (the first line of a key wins). */
  private readonly stored = new Map<string, string>();
  private readonly pending: string[] = [];
  /** Case digests by case object (null: not plain JSON, never cached): a run grades each case several times. */
  private readonly caseDigests = new WeakMap<Case, string | null>();
  private readonly file: string;
  reused = 0;

  constructor(directory: string, grader: GraderIdentity) {
    this.file = join(directory, "verdicts", `${sha256(canonicalJson({ v: 1, ...grader }))}.txt`);
    let text = "";
    try {
      text = readFileSync(this.file, "utf8");
    } catch {}
    // The text after the last newline is a line still being written, or torn: never read.
    const lines = text.split("\n");
    lines.pop();
    for (const line of lines) {
      const match = LINE.exec(line);
      if (!match || this.stored.has(match[1] as string)) continue;
      const [, key = "", digest, json = ""] = match;
      if (sha256(json) === digest) this.stored.set(key, json);
    }
  }

  /**
   * The key of a verdict: the case's whole content (its canonical JSON) and the output graded; null for a case that
   * JSON does not hold whole (its digest could miss a difference), whose verdicts are always made afresh.
   */
  key(testCase: Case, output: Output): string | null {
    let digest = this.caseDigests.get(testCase);
    if (digest === undefined) {
      digest = isExactJson(testCase) ? sha256(canonicalJson(testCase)) : null;
      this.caseDigests.set(testCase, digest);
    }
    return digest === null
      ? null
      : sha256(JSON.stringify([digest, output.id, output.protocol, output.output]));
  }

  get(key: string): Verdict | undefined {
    const json = this.stored.get(key);
    if (json === undefined) return undefined;
    this.reused++;
    return JSON.parse(json) as Verdict;
  }

  /** Kept for the next run, unless JSON would not give it back exactly or it holds a secret (never written). */
  add(key: string, verdict: Verdict): void {
    if (this.stored.has(key) || !isExactJson(verdict)) return;
    const json = JSON.stringify(verdict);
    if (JSON.stringify(redactSecretsIn(verdict)) !== json) return;
    this.stored.set(key, json);
    this.pending.push(`${key} ${sha256(json)} ${json}\n`);
  }

  /**
   * Appends the new verdicts in one write (O_APPEND: runs writing at once never overwrite each other's lines). A cache
   * that cannot be written (read-only, full) costs only time, the verdicts were made either way: the run goes on, and
   * says nothing, as the response cache in the same folder already says it cannot be written.
   */
  flush(): void {
    if (this.pending.length === 0) return;
    // Led by a newline: a line torn before it (a run that crashed mid-write) ends there instead of swallowing ours.
    const text = `\n${this.pending.join("")}`;
    this.pending.length = 0;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      appendFileSync(this.file, text);
    } catch (error) {
      if (fileErrorCode(error) === null) throw error;
    }
  }
}
