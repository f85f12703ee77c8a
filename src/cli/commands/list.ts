/** `tooluse list`: the suites, backends, protocols and profiles a run can use (src/cli/list.ts). */
import type { CommandModule } from "./types.js";

export const list: CommandModule = {
  name: "list",
  describe: (command) =>
    command
      .description("list the suites, backends, protocols and grading profiles a run can use")
      .option("--json", "print them as JSON"),
  run: async ({ options }, io) => (await import("../list.js")).runList(options, io),
};
