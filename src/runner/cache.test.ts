import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import { holdSecret } from "../text/redact.js";
import { ResponseCache } from "./cache.js";

const completion = (text: string) => ({
  text,
  finish_reason: "stop",
  prompt_tokens: 3,
  completion_tokens: 2,
});
const key = (n: number) =>
  ResponseCache.key({
    backend: "openai",
    model: "m",
    endpoint: null,
    messages: [n],
    tools: [],
    settings: {},
  });

/** Every file under the cache folder, relative: what a run leaves behind. */
function filesIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the response cache's entries", () => {
  it("reads back what it wrote, one file per key, with no temporary file left", () => {
    const directory = tempDir("tooluse-cache-").path;
    const cache = new ResponseCache(directory);
    for (let n = 0; n < 50; n++) cache.set(key(n), completion(`answer ${n}`));
    for (let n = 0; n < 50; n++) expect(cache.get(key(n))?.text).toBe(`answer ${n}`);
    const files = filesIn(directory);
    expect(files).toHaveLength(50);
    expect(files.every((name) => /^[0-9a-f]{64}\.json$/.test(name))).toBe(true);
  });

  it("makes a shard folder again when it was removed while the run went on", () => {
    const directory = tempDir("tooluse-cache-").path;
    const warnings: string[] = [];
    const cache = new ResponseCache(directory, (line) => warnings.push(line));
    cache.set(key(1), completion("first"));
    rmSync(join(directory, key(1).slice(0, 2)), { recursive: true });
    cache.set(key(1), completion("again"));
    expect(cache.get(key(1))?.text).toBe("again");
    expect(warnings).toEqual([]);
  });

  it("redacts a secret in an answer as every written file does", () => {
    const directory = tempDir("tooluse-cache-").path;
    const cache = new ResponseCache(directory);
    holdSecret("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789");
    cache.set(key(2), completion("the key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"));
    expect(cache.get(key(2))?.text).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
  });
});
