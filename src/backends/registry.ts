/** Builds the backend a run configuration names. */
import { homedir } from "node:os";
import { join } from "node:path";
import { UserError } from "../errors.js";
import { openAiBackend } from "./openai.js";
import { referenceBackend } from "./reference.js";
import { replayBackend } from "./replay.js";
import type { BackendSpec } from "./spec.js";
import type { Backend } from "./types.js";

export type { BackendSpec } from "./spec.js";

export async function createBackend(config: BackendSpec, env: NodeJS.ProcessEnv): Promise<Backend> {
  switch (config.backend) {
    case "baseline": {
      const { baselineBackend } = await import("./baseline/index.js");
      return baselineBackend();
    }
    case "oracle":
    case "always-call":
    case "never-call":
      return referenceBackend(config.backend);
    case "replay":
      if (!config.replay_file) throw new UserError("--backend replay needs --outputs FILE");
      return replayBackend(config.replay_file);
    case "openai":
      if (!config.base_url)
        throw new UserError("--backend openai needs --base-url URL (e.g. http://127.0.0.1:8000/v1)");
      if (!config.model)
        throw new UserError("--backend openai needs --model NAME (the name the server serves)");
      return openAiBackend({
        baseURL: config.base_url,
        model: config.model,
        apiKey: env[config.api_key_env],
        timeoutMs: config.timeout_ms,
      });
    case "llama": {
      if (!config.model) throw new UserError("--backend llama needs --model PATH.gguf");
      const { llamaBackend } = await import("./llama.js");
      return llamaBackend({
        modelPath: config.model,
        batchSize: config.batch_size ?? 1,
        settings: config.settings,
      });
    }
    case "transformers": {
      if (!config.model) {
        throw new UserError(
          "--backend transformers needs --model FOLDER or a Hugging Face model id (owner/name)",
        );
      }
      const { transformersBackend } = await import("./transformers.js");
      return transformersBackend({
        model: config.model,
        batchSize: config.batch_size ?? 1,
        settings: config.settings,
        cacheDir: env.TOOLUSE_MODEL_CACHE || join(homedir(), ".cache", "tooluse", "models"),
        allowDownload: config.allow_download === true,
        ...(env.HF_ENDPOINT ? { endpoint: env.HF_ENDPOINT } : {}),
      });
    }
  }
}
