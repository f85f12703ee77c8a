/**
 * The fixed sets of values some flags take, shown in every command's help as commander's `(choices: …)`. They are
 * literals here so that printing help loads no grader, backend or review store (each command module loads only
 * when its command runs); src/cli/dialect.test.ts checks each list against the constant it mirrors. Validation stays
 * with each command, whose messages name the flag and what was expected (src/cli/flags.ts).
 */
import type { Command } from "commander";

export const FLAG_CHOICES = {
  rules: ["tooluse", "spec1", "bfcl"],
  runBackend: [
    "baseline",
    "openai",
    "llama",
    "transformers",
    "oracle",
    "always-call",
    "never-call",
    "replay",
  ],
  modelBackend: ["openai", "llama"],
  /** A comma-separated list of these (`all` = json,xml,plain). */
  protocol: ["json", "xml", "plain", "native", "all"],
  format: ["text", "md"],
  /** `review export --format`: the label file's format (the extension's by default). */
  exportFormat: ["jsonl", "json", "yaml", "csv"],
  thinking: ["off", "on", "default"],
  promptType: ["with_lineage", "without_lineage", "both"],
  reviewKind: ["lineage", "plan-rating", "step-tags", "triplet", "answers", "verdict"],
  agreeKind: ["auto", "scores", "tags", "answers"],
} as const;

/** Which list a flag of a command takes; `path` is the command as typed after `tooluse` (`plan agree`). */
function choicesOf(path: string, flag: string): readonly string[] | undefined {
  switch (flag) {
    case "--rules":
      return FLAG_CHOICES.rules;
    case "--backend":
      return path === "run" ? FLAG_CHOICES.runBackend : FLAG_CHOICES.modelBackend;
    case "--protocol":
      return FLAG_CHOICES.protocol;
    case "--format":
      return path === "review export" ? FLAG_CHOICES.exportFormat : FLAG_CHOICES.format;
    case "--thinking":
      return FLAG_CHOICES.thinking;
    case "--prompt-type":
      return FLAG_CHOICES.promptType;
    case "--kind":
      return path === "plan agree" ? FLAG_CHOICES.agreeKind : FLAG_CHOICES.reviewKind;
    default:
      return undefined;
  }
}

/**
 * Lists the choices in help without commander's own check (`.choices()` would refuse a value before the command's
 * validator could name the flag in its own words, and would refuse lists such as `--protocol json,xml`).
 */
export function showFlagChoices(command: Command, path = ""): void {
  for (const sub of command.commands)
    showFlagChoices(sub, path === "" ? sub.name() : `${path} ${sub.name()}`);
  for (const option of command.options) {
    const choices = option.long ? choicesOf(path, option.long) : undefined;
    if (choices && option.argChoices === undefined) option.argChoices = [...choices];
  }
}
