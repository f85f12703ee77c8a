/**
 * `--system-prompt-file PROTOCOL=PATH`: an experiment with another system prompt for a protocol. The file's sha256
 * is recorded in the run's configuration (and so in its results), a resumed run refuses a file that changed since,
 * and reports mark the run as not comparable with runs on the standard prompt.
 */
import type { Protocol } from "../cases/vocabulary.js";
import { UserError } from "../errors.js";
import { readTextFile } from "../jsonl.js";
import { TOOLS_PLACEHOLDER } from "../protocols/prompts.js";
import { sha256 } from "./canonical-json.js";

/** The overrides of a run's configuration, by protocol: each file and its sha256 (config.ts checks a stored one). */
export type SystemPrompts = Partial<Record<Protocol, { file: string; sha256: string }>>;

/** Reads an override and checks it can do its job: a text protocol's prompt must say where the tools go. */
function readOverride(protocol: Protocol, file: string): string {
  const text = readTextFile(file);
  if (protocol !== "native" && !text.includes(TOOLS_PLACEHOLDER))
    throw new UserError(
      `--system-prompt-file ${protocol}=${file}: the prompt must contain ${TOOLS_PLACEHOLDER} where the offered tools are listed`,
    );
  return text;
}

/** The overrides of a new run, with each file's sha256. */
export function describeSystemPrompts(files: Partial<Record<Protocol, string>>): SystemPrompts {
  const described: SystemPrompts = {};
  for (const [protocol, file] of Object.entries(files) as [Protocol, string][])
    described[protocol] = { file, sha256: sha256(readOverride(protocol, file)) };
  return described;
}

/** The override texts a run renders with; refuses a file that changed since the run recorded it. */
export function loadSystemPrompts(prompts: SystemPrompts | undefined): Partial<Record<Protocol, string>> {
  const texts: Partial<Record<Protocol, string>> = {};
  for (const [protocol, { file, sha256: recorded }] of Object.entries(prompts ?? {}) as [
    Protocol,
    { file: string; sha256: string },
  ][]) {
    const text = readOverride(protocol, file);
    if (sha256(text) !== recorded)
      throw new UserError(
        `--system-prompt-file ${protocol}=${file}: the file changed since the run started (sha256 ${recorded.slice(0, 12)}…); start a new run`,
      );
    texts[protocol] = text;
  }
  return texts;
}
