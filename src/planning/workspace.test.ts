import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import { readManifest } from "../workspace/build.js";
import { DEFAULT_WORKSPACE, ensureWorkspace, workspacesRoot } from "./workspace.js";

const temp = tempDir("tooluse-ensure-");
afterAll(() => temp.remove());

describe("ensureWorkspace", () => {
  it("builds a workspace on first use under the cache directory, and reuses it afterwards", {
    timeout: 180_000,
  }, async () => {
    const env = { TOOLUSE_CACHE_DIR: temp.path };
    expect(workspacesRoot(env)).toBe(join(temp.path, "workspaces"));
    const dir = await ensureWorkspace({ env, size: 2_000 });
    expect(dir).toBe(join(temp.path, "workspaces", "ws1-seed1-size2000"));
    const manifest = readManifest(dir);
    expect(manifest).toMatchObject({ seed: DEFAULT_WORKSPACE.seed, size: 2_000 });
    const built = statSync(join(dir, "store.duckdb"));
    expect(await ensureWorkspace({ env, size: 2_000 })).toBe(dir);
    // Not rebuilt: the same file, untouched.
    expect(statSync(join(dir, "store.duckdb"))).toMatchObject({ ino: built.ino, mtimeMs: built.mtimeMs });
    expect(existsSync(join(dir, "store.duckdb"))).toBe(true);
  });

  it("defaults to seed 1 and 20,000 interactions", () => {
    expect(DEFAULT_WORKSPACE).toEqual({ seed: 1, size: 20_000 });
  });
});
