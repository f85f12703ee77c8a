/**
 * One command of the CLI as a module: its definition (description, arguments, flags) and a `run` that imports its
 * implementation only when called, so that start-up loads the definitions and nothing a command does.
 */
import type { Command } from "commander";
import type { Io } from "../io.js";

/** What commander parsed for one command: its positional arguments in order, its options, the command itself. */
export interface Invocation {
  /** A `<files...>` argument is one string[]; an optional one left out is undefined. */
  readonly args: readonly unknown[];
  /**
   * As commander parsed them: unchecked text until the command's own flag parsing (src/cli/flags.ts) reads them, so
   * each implementation declares the shape it reads, as it did behind commander's untyped action callback.
   */
  // biome-ignore lint/suspicious/noExplicitAny: commander's parse is untyped; every run* validates its own flags.
  readonly options: any;
  readonly command: Command;
}

export interface CommandModule {
  /** The name typed after its parent (`run`, or `score` under `plan`). */
  readonly name: string;
  /** Description, arguments and flags on the command commander made for `name` (and any hook it needs). */
  describe(command: Command): void;
  /** Runs the command and returns its exit code; absent for a group that only holds subcommands (`plan`). */
  run?(invocation: Invocation, io: Io): Promise<number>;
  /** Commands under this one, added after `describe`. */
  readonly subcommands?: readonly CommandModule[];
}
