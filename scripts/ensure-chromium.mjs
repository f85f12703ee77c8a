#!/usr/bin/env node
// Makes sure Debian's chromium is there for the HTML report's browser test (run from `pretest`).
//
// Never downloads a browser of its own (no `playwright install`): the test drives the distribution's package.
// Never fails: without root, apt or a network the browser test reports itself skipped with the reason instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const say = (message) => console.log(`ensure-chromium: ${message}`);

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
  const result = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "version unknown";
}

function main() {
  if (existsSync(CHROMIUM)) return say(`${CHROMIUM} is present (${version()}); nothing to do`);
  if (process.platform !== "linux") return say(`not Linux (${process.platform}); the browser test will skip`);
  if (typeof process.getuid !== "function" || process.getuid() !== 0)
    return say(
      `${CHROMIUM} is missing and we are not root; the browser test will skip (as root: apt-get install chromium)`,
    );
  if (!existsSync("/usr/bin/apt-get")) return say("no apt-get on this system; the browser test will skip");
  say(
    "installing Debian's chromium: apt-get update, then apt-get install -y --no-install-recommends chromium",
  );
  const update = run("apt-get", ["update"]);
  if (update !== 0) return say(`apt-get update failed (${update}); the browser test will skip`);
  const install = run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  if (install !== 0 || !existsSync(CHROMIUM))
    return say(`apt-get install chromium failed (${install}); the browser test will skip`);
  say(`installed ${version()}`);
}

try {
  main();
} catch (error) {
  say(
    `unexpected problem (${error instanceof Error ? error.message : String(error)}); the browser test will skip`,
  );
}
process.exitCode = 0;
