/**
 * A vitest reporter (vitest.config.ts) that ends every run with one line per missing requirement: how many tests
 * were skipped for want of it, in how many files, and why it is missing — the tests marked by `describeWith`
 * (requirements.ts). A clone without the research data passes `npm test` and says what it left out.
 */
import type { Reporter, TestModule } from "vitest/node";

interface Skipped {
  missing: string;
  tests: number;
  files: Set<string>;
}

/** Skipped tests by the requirement they lacked. */
export function skippedByRequirement(modules: readonly TestModule[]): Map<string, Skipped> {
  const found = new Map<string, Skipped>();
  for (const module of modules)
    for (const test of module.children.allTests()) {
      const { requires, missing } = test.meta();
      if (requires === undefined || test.result().state !== "skipped") continue;
      const entry = found.get(requires) ?? { missing: missing ?? "", tests: 0, files: new Set<string>() };
      entry.tests++;
      entry.files.add(module.relativeModuleId);
      found.set(requires, entry);
    }
  return found;
}

/** The line printed for one missing requirement. */
export function skipLine(name: string, skipped: Skipped): string {
  const files = skipped.files.size === 1 ? "1 file" : `${skipped.files.size} files`;
  const tests = skipped.tests === 1 ? "1 test" : `${skipped.tests} tests`;
  return `skipped: ${tests} in ${files} need ${name}: ${skipped.missing}`;
}

export default class RequirementsReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const lines = [...skippedByRequirement(modules)].map(([name, skipped]) => skipLine(name, skipped));
    if (lines.length > 0) process.stdout.write(`\n${lines.join("\n")}\n`);
  }
}
