/** `tooluse plan …`: tool-aware planning evaluation, one module per subcommand under commands/plan/. */
import { planAgree } from "./plan/agree.js";
import { planAnswers } from "./plan/answers.js";
import { planBuild } from "./plan/build.js";
import { planExecute } from "./plan/execute.js";
import { planExperiment } from "./plan/experiment.js";
import { planExport } from "./plan/export.js";
import { planGenerate } from "./plan/generate.js";
import { planImport } from "./plan/import.js";
import { planJudge } from "./plan/judge.js";
import { planLint } from "./plan/lint.js";
import { planRefine } from "./plan/refine.js";
import { planReport } from "./plan/report.js";
import { planScore } from "./plan/score.js";
import type { CommandModule } from "./types.js";

export const plan: CommandModule = {
  name: "plan",
  describe: (command) => command.description("tool-aware planning: score, generate, judge and refine plans"),
  // In the order help lists them.
  subcommands: [
    planBuild,
    planLint,
    planImport,
    planExport,
    planScore,
    planGenerate,
    planJudge,
    planRefine,
    planAnswers,
    planExecute,
    planExperiment,
    planAgree,
    planReport,
  ],
};
