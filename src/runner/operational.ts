/**
 * What a resumed run may change, and the form in which a run's configuration is written down. A resumed run keeps
 * everything that decides its answers (backend, model, cases, protocols, decoding settings, prompts, rules); how
 * the server is reached and how hard it is pushed is operational and may change, because the fix for a run that
 * stopped is often just that: a server that moved, a key in another variable, a longer timeout.
 */
import { UserError } from "../errors.js";
import { REDACTED, redactUrl } from "../text/redact.js";
import type { RunConfig } from "./config.js";

/** The fields of a run configuration a resumed run may change (the README lists them with their flags). */
export const OPERATIONAL_FIELDS = [
  "base_url",
  "base_urls",
  "api_key_env",
  "concurrency",
  "timeout_ms",
  "retries",
  "cache",
] as const;

export type OperationalSettings = Partial<Pick<RunConfig, (typeof OPERATIONAL_FIELDS)[number]>>;

/** The operational settings of a configuration (a config file's, when its matrix resumes a run). */
export function operationalOf(config: RunConfig): OperationalSettings {
  return {
    base_url: config.base_url,
    base_urls: config.base_urls,
    api_key_env: config.api_key_env,
    concurrency: config.concurrency,
    timeout_ms: config.timeout_ms,
    retries: config.retries,
    cache: config.cache,
  };
}

/** The stored configuration of a resumed run with the operational settings given now. */
export function withOperational(stored: RunConfig, change: OperationalSettings): RunConfig {
  if (change.base_url != null && stored.backend !== "openai")
    throw new UserError(`--base-url: the resumed run's backend ${stored.backend} asks no server`);
  const { base_urls: _replicas, ...rest } = stored;
  // A new address replaces the replicas too: one --base-url means one server.
  const keep = change.base_url != null && change.base_urls === undefined ? rest : stored;
  return { ...keep, ...definedOnly(change) };
}

function definedOnly(change: OperationalSettings): OperationalSettings {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

/** The configuration as files keep it: server addresses without the credentials of their userinfo. */
export function storedForm(config: RunConfig): RunConfig {
  return {
    ...config,
    base_url: config.base_url === null ? null : redactUrl(config.base_url),
    ...(config.base_urls ? { base_urls: config.base_urls.map(redactUrl) } : {}),
  };
}

/** Refuses to resume against an address whose credentials were left out of the journal (see `storedForm`). */
export function assertUsableAddress(config: RunConfig, out: string): void {
  const urls = config.base_urls ?? (config.base_url === null ? [] : [config.base_url]);
  if (urls.some((url) => url.includes(`//${REDACTED}@`)))
    throw new UserError(
      `cannot resume ${out}: its journal keeps the server's address without the credentials it had`,
      { hint: "give --base-url again, with them" },
    );
}
