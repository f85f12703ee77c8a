/**
 * Old flag names kept for one minor version after the CLI settled on one name per concept (issue 30 item 6,
 * docs/cli.md): the old name is hidden from help, still works, and says once on stderr which name to use.
 */
import { type Command, Option } from "commander";
import { UserError } from "../errors.js";

/** Stores its value under another flag's attribute, so the command reads one name whichever flag was typed. */
class AliasOption extends Option {
  constructor(
    flags: string,
    private readonly target: string,
  ) {
    super(flags);
  }

  override attributeName(): string {
    return this.target;
  }
}

interface Alias {
  old: string;
  current: string;
}

/** What each command's aliases are, and which of the two names the user typed in this parse. */
const aliasesOf = new WeakMap<Command, { aliases: Alias[]; typed: Set<string> }>();

/** Accepts `old` (e.g. `--reference`) on `command` as a hidden, deprecated spelling of its `current` flag. */
export function addDeprecatedAlias(command: Command, old: string, current: string): Command {
  const target = command.options.find((option) => option.long === current);
  if (!target) throw new Error(`${command.name()} has no ${current} to alias`);
  const alias = new AliasOption(target.flags.replace(current, old), target.attributeName()).hideHelp();
  command.addOption(alias);
  const state = aliasesOf.get(command) ?? { aliases: [], typed: new Set<string>() };
  aliasesOf.set(command, state);
  state.aliases.push({ old, current });
  // commander announces every flag it parses as `option:<name>`; the shared attribute alone cannot tell them apart.
  command.on(`option:${alias.name()}`, () => state.typed.add(old));
  command.on(`option:${target.name()}`, () => state.typed.add(current));
  return command;
}

/**
 * Before the command runs: both names typed is one usage error (which value would win is not for us to guess);
 * the old name alone prints one deprecation line on stderr and goes on.
 */
export function resolveDeprecatedAliases(command: Command, warn: (line: string) => void): void {
  const state = aliasesOf.get(command);
  if (!state) return;
  for (const { old, current } of state.aliases) {
    if (!state.typed.has(old)) continue;
    if (state.typed.has(current))
      throw new UserError(`${old} and ${current} are one flag under two names; give only ${current}`, {
        hint: `${old} is the deprecated name of ${current}`,
      });
    warn(`tooluse: ${old} is deprecated, use ${current}\n`);
  }
}
