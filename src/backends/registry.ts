/** Builds the backend a run configuration names. */
import { homedir } from "node:os";
import { join } from "node:path";
import { UserError } from "../errors.js";
import { holdSecret } from "../text/redact.js";
import type { Answerer } from "./case-answerer.js";
import { openAiBackend } from "./openai.js";
import type { BackendSpec } from "./spec.js";

export type { BackendSpec } from "./spec.js";

export interface BackendOptions {
  /** With replicas: requests in flight on each. */
  perEndpointConcurrency?: number;
  /** Hears what a backend has to say during a run (a replica going down). */
  log?: (line: string) => void;
}

/** The variable a key is read from when none is named: unset means a server that needs no key (a local one). */
export const DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";

/**
 * The API key in variable `name`, before any request is sent. A variable that was named on purpose and is unset is
 * a mistake, said at once; the default one unset means "no key" and is said once on the log, so a refusal later is
 * never blamed on the server alone. Blank space around the key (a file's trailing CR/LF) is dropped; a line break
 * inside it cannot be sent in a header and is refused.
 */
export function apiKeyOf(
  name: string,
  env: NodeJS.ProcessEnv,
  log?: (line: string) => void,
): string | undefined {
  const raw = env[name];
  // Held before it is checked: even a refused key never reaches a message.
  holdSecret(raw);
  const key = raw?.trim();
  if (key === undefined || key === "") {
    if (name !== DEFAULT_API_KEY_ENV)
      throw new UserError(`the API key variable ${name} is ${raw === undefined ? "not set" : "empty"}`, {
        hint: `export ${name}=…, or leave out --api-key-env (api_key_env in a config file) for a server that needs no key`,
      });
    log?.(`note: ${name} is not set: requests carry no API key`);
    return undefined;
  }
  if (/[\r\n]/.test(key))
    throw new UserError(`the API key in ${name} holds a line break`, {
      hint: "an HTTP header cannot carry one; export the key on one line",
    });
  return key;
}

/**
 * What `--backend` names: a model `Backend` (openai, llama, transformers) or a `CaseAnswerer` that replies from the
 * case (baseline, oracle, always-call, never-call, replay); the runner's answer source asks either.
 */
export async function createBackend(
  config: BackendSpec,
  env: NodeJS.ProcessEnv,
  options: BackendOptions = {},
): Promise<Answerer> {
  switch (config.backend) {
    case "baseline": {
      const { baselineAnswerer } = await import("./baseline/index.js");
      return baselineAnswerer();
    }
    // Each backend's module is imported only by a run that uses it (a replay file's schema loads zod, for one).
    case "oracle":
    case "always-call":
    case "never-call": {
      const { referenceAnswerer } = await import("./reference.js");
      return referenceAnswerer(config.backend);
    }
    case "replay": {
      if (!config.replay_file) throw new UserError("--backend replay needs --outputs FILE");
      const { replayAnswerer } = await import("./replay.js");
      return replayAnswerer(config.replay_file);
    }
    case "openai":
      if (!config.base_url)
        throw new UserError("--backend openai needs --base-url URL (e.g. http://127.0.0.1:8000/v1)");
      if (!config.model)
        throw new UserError("--backend openai needs --model NAME (the name the server serves)");
      {
        const model = config.model;
        const apiKey = apiKeyOf(config.api_key_env, env, options.log);
        const server = (baseURL: string) =>
          openAiBackend({
            baseURL,
            model,
            apiKey,
            apiKeyEnv: config.api_key_env,
            timeoutMs: config.timeout_ms,
          });
        if (!config.base_urls) return server(config.base_url);
        const { replicaBackend } = await import("./replicas.js");
        return replicaBackend(
          config.base_urls.map((url) => ({ url, backend: server(url) })),
          {
            perEndpoint: options.perEndpointConcurrency ?? Number.POSITIVE_INFINITY,
            ...(options.log ? { log: options.log } : {}),
          },
        );
      }
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
