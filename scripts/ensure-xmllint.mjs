#!/usr/bin/env node
// Makes sure Debian's xmllint (libxml2-utils) is there for the JUnit schema test (run from `pretest`).
//
// The test validates our JUnit output against src/report/test-support/junit.xsd with a real XSD validator.
// Never fails: without root, apt or a network the schema test reports itself skipped with the reason instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const XMLLINT = "/usr/bin/xmllint";
const PACKAGE = "libxml2-utils";
const say = (message) => console.log(`ensure-xmllint: ${message}`);

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.error
    ? `${command} could not start (${result.error.code ?? result.error.message})`
    : result.status;
}

function version() {
  // xmllint prints its version on stderr.
  const result = spawnSync(XMLLINT, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? (result.stderr.split("\n")[0] ?? "").trim() : "version unknown";
}

const install = () => run("apt-get", ["install", "-y", "--no-install-recommends", PACKAGE]);

function main() {
  if (existsSync(XMLLINT)) return say(`${XMLLINT} is present (${version()}); nothing to do`);
  if (process.platform !== "linux") return say(`not Linux (${process.platform}); the schema test will skip`);
  if (typeof process.getuid !== "function" || process.getuid() !== 0)
    return say(
      `${XMLLINT} is missing and we are not root; the schema test will skip (as root: apt-get install ${PACKAGE})`,
    );
  if (!existsSync("/usr/bin/apt-get")) return say("no apt-get on this system; the schema test will skip");
  say(`installing Debian's ${PACKAGE}: apt-get install -y --no-install-recommends ${PACKAGE}`);
  let status = install();
  if (status !== 0 || !existsSync(XMLLINT)) {
    // The package lists may be missing or stale: refresh them once and try again.
    say(`apt-get install ${PACKAGE} failed (${status}); running apt-get update and trying once more`);
    const update = run("apt-get", ["update"]);
    if (update !== 0) return say(`apt-get update failed (${update}); the schema test will skip`);
    status = install();
  }
  if (status !== 0 || !existsSync(XMLLINT))
    return say(`apt-get install ${PACKAGE} failed (${status}); the schema test will skip`);
  say(`installed ${version()}`);
}

try {
  main();
} catch (error) {
  say(
    `unexpected problem (${error instanceof Error ? error.message : String(error)}); the schema test will skip`,
  );
}
process.exitCode = 0;
