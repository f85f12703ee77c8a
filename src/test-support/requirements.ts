/**
 * Tests that need something a plain clone may lack (the research data beside the repository, Chromium, xmllint, an
 * optional package) are declared with `describeWith`, never with a bare `describe.skipIf`. Where the requirement is
 * met they run; where it is not they are skipped and marked, and the requirements reporter
 * (requirements-reporter.ts) prints one line per missing requirement at the end of the run — never silence. Under CI
 * (the `CI` environment variable, set by .ci/run's runner) a requirement CI must have is not a skip but a failure:
 * the suite goes red instead of passing with its data tests left out.
 */
import { describe, it } from "vitest";

export interface Requirement {
  /** What the tests need, as the skip line names it: `TOOLUSE_RESEARCH_DATA`, `Chromium`, `xmllint`… */
  name: string;
  /** Why it is not here (and what to do), or null when it is. */
  missing: string | null;
  /** CI has it, so under CI its absence fails the run instead of skipping. */
  requiredInCi: boolean;
}

declare module "vitest" {
  interface TaskMeta {
    /** The requirement a skipped test lacked, and why: read by the requirements reporter. */
    requires?: string;
    missing?: string;
  }
}

/** True under CI: the `CI` variable set to anything but empty, 0 or false (what CI services set). */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/** The line a CI run fails with when a requirement it must have is missing. */
export function ciFailure(requirement: Requirement): string {
  return `CI runs every test that needs ${requirement.name}, and it is missing: ${requirement.missing}`;
}

/** A describe block that runs where `requirement` is met, is skipped (and reported) where it is not, fails in CI. */
export function describeWith(requirement: Requirement, title: string, body: () => void): void {
  if (requirement.missing === null) {
    describe(title, body);
    return;
  }
  if (requirement.requiredInCi && underCi()) {
    describe(title, () => {
      it(`needs ${requirement.name}`, () => {
        throw new Error(ciFailure(requirement));
      });
    });
    return;
  }
  describe(title, { skip: true, meta: { requires: requirement.name, missing: requirement.missing } }, body);
}
