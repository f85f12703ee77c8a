/** `tooluse plan build`: regenerate the plan queries and their manifest (src/cli/plan-data.ts). */
import type { CommandModule } from "../types.js";

export const planBuild: CommandModule = {
  name: "build",
  describe: (command) =>
    command.description("regenerate data/plans/queries.jsonl and its manifest from corpus/plans/"),
  run: async (_invocation, io) => (await import("../../plan-data.js")).runPlanBuild(io),
};
