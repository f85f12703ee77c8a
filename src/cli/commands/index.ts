/**
 * Every top-level command, in the order `tooluse --help` lists them. A new command is a module in this folder (its
 * flags, and a `run` that imports its implementation lazily) plus one line here.
 */
import { build } from "./build.js";
import { compare } from "./compare.js";
import { disputes } from "./disputes.js";
import { grade } from "./grade.js";
import { importer } from "./import.js";
import { list } from "./list.js";
import { merge } from "./merge.js";
import { mockServer } from "./mock-server.js";
import { plan } from "./plan.js";
import { regrade } from "./regrade.js";
import { report } from "./report.js";
import { review } from "./review.js";
import { run } from "./run.js";
import { selftest } from "./selftest.js";
import type { CommandModule } from "./types.js";

export type { CommandModule, Invocation } from "./types.js";

export const COMMANDS: readonly CommandModule[] = [
  build,
  grade,
  importer,
  selftest,
  run,
  report,
  list,
  merge,
  compare,
  regrade,
  disputes,
  plan,
  review,
  mockServer,
];
