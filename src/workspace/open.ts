/**
 * An open workspace: its manifest, the engine T2S queries run on (the store read-only in DuckDB, or a PostgreSQL
 * warehouse given instead) and the transcripts RAG reads.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GENERATOR_VERSION, MANIFEST_FILE, readManifest, STORE_FILE, TRANSCRIPTS_FILE } from "./build.js";
import { openDuckDbEngine } from "./engines/duckdb.js";
import type { Engine } from "./engines/engine.js";
import type { WorkspaceManifest } from "./manifest.js";
import { openTranscripts, type TranscriptStore } from "./transcripts.js";

export interface Workspace {
  readonly dir: string;
  readonly manifest: WorkspaceManifest;
  readonly engine: Engine;
  readonly transcripts: TranscriptStore;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Run T2S here instead of the workspace's own store (a PostgreSQL copy of it, say). Closed with the workspace. */
  engine?: Engine;
  threads?: number;
}

/** The directory name of a built workspace, so that a seed and size find their build again. */
export function workspaceName(seed: number, size: number): string {
  return `ws${GENERATOR_VERSION}-seed${seed}-size${size}`;
}

export async function openWorkspace(dir: string, options: OpenOptions = {}): Promise<Workspace> {
  const manifest = readManifest(dir);
  if (!manifest) throw new Error(`${dir}: no ${MANIFEST_FILE}; build the workspace first`);
  for (const file of [STORE_FILE, TRANSCRIPTS_FILE])
    if (!existsSync(join(dir, file))) throw new Error(`${dir}: ${file} is missing; rebuild the workspace`);
  const engine =
    options.engine ??
    (await openDuckDbEngine({
      file: join(dir, STORE_FILE),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
    }));
  const transcripts = await openTranscripts(join(dir, TRANSCRIPTS_FILE));
  return {
    dir,
    manifest,
    engine,
    transcripts,
    close: async () => {
      await engine.close();
      await transcripts.close();
    },
  };
}
