/** The flags every model-calling plan command shares. */
import type { Command } from "commander";
import { addModelFlags, PLAN_FLAG_DEFAULTS } from "../../model-flags.js";

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The shared model flags (src/cli/model-flags.ts), the backend, and --prompt-file for the roles a command asks. */
export function withPlanModelFlags(command: Command, roles: string): Command {
  return addModelFlags(command, PLAN_FLAG_DEFAULTS, { singular: "query", plural: "queries" })
    .option("--backend <kind>", "default: llama for a .gguf path, else openai")
    .option(
      "--prompt-file <role=path>",
      `replace a built-in prompt (repeatable; roles here: ${roles}; placeholders in docs/prompts.md)`,
      collect,
    );
}
