/**
 * Workspaces for tests, built once per machine and shared by every test file and run: in the system's temp folder,
 * under a name that also carries a digest of the generator's sources, so that editing the generator without
 * bumping GENERATOR_VERSION still rebuilds them.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../paths.js";
import { ensureWorkspace } from "../workspace.js";

function generatorDigest(): string {
  const dir = join(PACKAGE_ROOT, "src", "workspace");
  const files = [
    ...readdirSync(join(dir, "generate")).map((f) => join(dir, "generate", f)),
    join(dir, "domain.ts"),
    join(dir, "calendar.ts"),
    join(dir, "build.ts"),
    join(dir, "random.ts"),
    join(PACKAGE_ROOT, "corpus", "plans", "tools.yaml"),
  ]
    .filter((f) => f.endsWith(".ts") || f.endsWith(".yaml"))
    .filter((f) => !f.endsWith(".test.ts"))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 12);
}

export const TEST_WORKSPACES = join(tmpdir(), `tooluse-test-workspaces-${generatorDigest()}`);

/** The default workspace (seed 1, 20,000 interactions). */
export function defaultTestWorkspace(): Promise<string> {
  return ensureWorkspace({ root: TEST_WORKSPACES });
}

/** The smallest workspace (seed 1, 2,000 interactions): for tests that copy it (PostgreSQL) or build it. */
export function smallTestWorkspace(): Promise<string> {
  return ensureWorkspace({ root: TEST_WORKSPACES, size: 2_000 });
}
