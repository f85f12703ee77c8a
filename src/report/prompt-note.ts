/**
 * The note of a run on replaced system prompts, apart from the results readers (load.ts): the run's own summary
 * prints it, and loading it must not load the re-grading those readers do.
 */
import type { ReportResults } from "../runner/results-schema.js";

/** The line that marks a run on replaced system prompts (`--system-prompt-file`), or null for the standard ones. */
export function customPromptNote(results: ReportResults): string | null {
  const prompts = (results.config as { system_prompts?: Record<string, { sha256: string }> }).system_prompts;
  if (!prompts || Object.keys(prompts).length === 0) return null;
  const which = Object.entries(prompts).map(
    ([protocol, p]) => `${protocol} sha256 ${p.sha256.slice(0, 12)}…`,
  );
  return `NOT COMPARABLE with runs on the standard prompts: custom system prompt (${which.join(", ")})`;
}
