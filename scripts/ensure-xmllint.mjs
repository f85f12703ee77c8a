#!/usr/bin/env node
// Makes sure Debian's xmllint (libxml2-utils) is there for the JUnit schema test (run from `pretest`).
// The test validates our JUnit output against src/report/test-support/junit.xsd with a real XSD validator.
import { spawnSync } from "node:child_process";
import { ensureDebianPackage } from "./ensure-debian-package.mjs";

const XMLLINT = "/usr/bin/xmllint";

ensureDebianPackage({
  tag: "ensure-xmllint",
  binary: XMLLINT,
  pkg: "libxml2-utils",
  tests: "the schema test",
  version: () => {
    // xmllint prints its version on stderr.
    const result = spawnSync(XMLLINT, ["--version"], { encoding: "utf8" });
    return result.status === 0 ? (result.stderr.split("\n")[0] ?? "").trim() : "version unknown";
  },
});
