/** The checks that need nothing but the plan itself; parsing runs them all. A new check is one line here. */
import type { DraftStep } from "../model.js";
import type { Violation } from "../violations.js";
import { checkDependencies } from "./dependencies.js";
import { checkPlaceholders, checkQueryPlaceholder } from "./placeholders.js";
import { checkDuplicateSteps, checkIgnoredSteps } from "./redundancy.js";

export type PlanCheck = (steps: readonly DraftStep[]) => Violation[];

export const PLAN_CHECKS: readonly PlanCheck[] = [
  checkPlaceholders,
  checkQueryPlaceholder,
  checkDependencies,
  checkIgnoredSteps,
  checkDuplicateSteps,
];
