/** What names a backend and how it decodes: the part of a run's configuration the backends read. */
import type { DecodingSettings } from "./types.js";

export const BACKEND_KINDS = [
  "baseline",
  "openai",
  "llama",
  "transformers",
  "oracle",
  "always-call",
  "never-call",
  "replay",
] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

/** A run configuration has all of it; the planning commands build one from their flags. */
export interface BackendSpec {
  backend: BackendKind;
  model: string | null;
  base_url: string | null;
  /** The NAME of the environment variable holding the key; the key is read at run time and written nowhere. */
  api_key_env: string;
  replay_file: string | null;
  timeout_ms: number;
  batch_size: number | null;
  settings: DecodingSettings;
  /** Lets the transformers backend fetch a model from its hub (off unless asked; see its README section). */
  allow_download?: boolean | undefined;
}
