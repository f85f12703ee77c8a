#!/usr/bin/env node
// Makes sure Debian's chromium is there for the HTML report's browser test (run from `pretest`).
// Never downloads a browser of its own (no `playwright install`): the test drives the distribution's package.
import { spawnSync } from "node:child_process";
import { ensureDebianPackage } from "./ensure-debian-package.mjs";

const CHROMIUM = "/usr/bin/chromium";

ensureDebianPackage({
  tag: "ensure-chromium",
  binary: CHROMIUM,
  pkg: "chromium",
  tests: "the browser test",
  version: () => {
    const result = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" });
    return result.status === 0 ? result.stdout.trim() : "version unknown";
  },
});
