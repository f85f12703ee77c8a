#!/usr/bin/env node
// Makes sure Debian's PostgreSQL server is there for the PostgreSQL engine tests (run from `pretest`). The tests
// start their own throw-away server on 127.0.0.1 (src/workspace/test-support/postgres.ts); this only installs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { ensureDebianPackage } from "./ensure-debian-package.mjs";

const ROOT = "/usr/lib/postgresql";

/** The newest installed server's initdb, or null. */
function initdb() {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(`${ROOT}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${ROOT}/${versions[0]}/bin/initdb` : null;
}

ensureDebianPackage({
  tag: "ensure-postgresql",
  binary: initdb,
  pkg: "postgresql",
  tests: "the PostgreSQL engine tests",
  version: () => {
    const result = spawnSync(initdb() ?? "initdb", ["--version"], { encoding: "utf8" });
    return result.status === 0 ? result.stdout.trim() : "version unknown";
  },
});
