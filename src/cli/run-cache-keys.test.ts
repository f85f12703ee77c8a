import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import type { Protocol } from "../cases/schema.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { renderPrompt } from "../protocols/render.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

/** How every response cache so far was keyed, written out here: a change to the key would make every existing cache miss. */
function referenceKey(parts: Record<string, unknown>): string {
  const text = JSON.stringify({ v: 1, ...parts }, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
  return createHash("sha256").update(text).digest("hex");
}

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("tooluse run's response cache keys", () => {
  it("names every entry by the key earlier releases computed, so an existing cache still answers", async () => {
    const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 6);
    const protocols: Protocol[] = ["json", "native"];
    const server = await startMockServer({ script: perfectScript(cases) });
    const cacheDir = join(dir.path, "cache");
    try {
      const args = ["run", "--base-url", server.url, "--model", "mock-model", "--cache-dir", cacheDir];
      const select = ["--protocol", protocols.join(","), "--ids", cases.map((c) => c.id).join(",")];
      const first = await main([...args, ...select, "--out", join(dir.path, "first.json")], captureIo());
      expect(first).toBe(0);
      const results = JSON.parse(readFileSync(join(dir.path, "first.json"), "utf8"));
      const expected = cases.flatMap((testCase) =>
        protocols.map((protocol) => {
          const prompt = renderPrompt(testCase, protocol, { parallelCalls: false });
          return `${referenceKey({
            backend: "openai",
            model: "mock-model",
            endpoint: server.url.replace(/\/+$/, ""),
            messages: prompt.messages,
            tools: prompt.tools ?? null,
            settings: results.config.settings,
          })}.json`;
        }),
      );
      const files = readdirSync(cacheDir, { recursive: true, withFileTypes: true })
        // The verdict cache (verdicts/, one .jsonl per grader) lives beside the responses; only responses are keyed here.
        .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
        .map((entry) => entry.name);
      expect(files.sort()).toEqual(expected.sort());
      // And read back: the second run asks the server nothing but its model list.
      const asked = server.requests;
      const second = await main([...args, ...select, "--out", join(dir.path, "second.json")], captureIo());
      expect(second).toBe(0);
      const again = JSON.parse(readFileSync(join(dir.path, "second.json"), "utf8"));
      expect(again.records.every((r: { cached: boolean }) => r.cached)).toBe(true);
      expect(server.requests - asked).toBeLessThanOrEqual(1);
    } finally {
      await server.close();
    }
  });
});
