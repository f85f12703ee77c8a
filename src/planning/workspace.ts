/**
 * The default workspace: seed 1, 20,000 interactions, built on first use into the cache directory
 * (TOOLUSE_CACHE_DIR, else ~/.cache/tooluse) under workspaces/, and reused afterwards. Building takes seconds;
 * the files are too large to ship (docs/workspace.md, "Default workspace").
 */
import { join } from "node:path";
import { defaultCacheDir } from "../runner/session.js";
import { buildWorkspace } from "../workspace/build.js";
import { workspaceName } from "../workspace/open.js";
import { storeDescriptionOf } from "./store-description.js";

export const DEFAULT_WORKSPACE = { seed: 1, size: 20_000 } as const;

export interface EnsureOptions {
  seed?: number;
  size?: number;
  /** The directory that holds workspaces (default: <cache>/workspaces). */
  root?: string;
  env?: NodeJS.ProcessEnv;
}

export function workspacesRoot(env: NodeJS.ProcessEnv = process.env): string {
  return join(defaultCacheDir(env), "workspaces");
}

/** The directory of the workspace for a seed and size, built first if it is not there. */
export async function ensureWorkspace(options: EnsureOptions = {}): Promise<string> {
  const seed = options.seed ?? DEFAULT_WORKSPACE.seed;
  const size = options.size ?? DEFAULT_WORKSPACE.size;
  const dir = join(options.root ?? workspacesRoot(options.env), workspaceName(seed, size));
  await buildWorkspace({ seed, size, dir, description: storeDescriptionOf() });
  return dir;
}
