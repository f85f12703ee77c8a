/** `tooluse plan lint`: corpus/plans/ against the plan conventions (src/cli/plan-lint.ts). */
import type { CommandModule } from "../types.js";

export const planLint: CommandModule = {
  name: "lint",
  describe: (command) =>
    command
      .description("check corpus/plans/ against docs/plan-conventions.md (file:line: rule per violation)")
      .option("--dir <dir>", "source directory (default: the package's corpus/plans/)")
      .option("--json", "print the violations as one JSON document"),
  run: async ({ options }, io) => (await import("../../plan-lint.js")).runPlanLint(io, options),
};
