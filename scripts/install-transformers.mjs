#!/usr/bin/env node
// Installs the optional `transformers` backend (@huggingface/transformers with onnxruntime-node) beside the main tree.
//
// Like install-optional.mjs for node-llama-cpp: the package goes into its own npm project under
// node_modules/.tooluse-transformers and node_modules/@huggingface/transformers links to it, so the main lockfile and
// the toolchain's platform binaries stay untouched. Scripts are skipped (--ignore-scripts, ONNXRUNTIME_NODE_INSTALL):
// onnxruntime-node's postinstall fetches CUDA libraries from outside the npm registry, and the CPU binaries inside
// the package are all the backend uses. About 475 MB on disk (onnxruntime-node 288 MB, onnxruntime-web 141 MB).
// Every version is pinned: scripts/transformers-deps holds the staging project's package.json and package-lock.json,
// installed with npm ci. After changing VERSION there: cd scripts/transformers-deps && npm install --package-lock-only
// Idempotent: reuses a complete install, re-links after `npm ci` or `npm install` removed the link.
// Usage: node scripts/install-transformers.mjs [--force]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isLink, versionAt } from "./optional-fs.mjs";

const VERSION = "4.3.2";
const PACKAGE = "@huggingface/transformers";
const root = fileURLToPath(new URL("..", import.meta.url));
const modules = path.join(root, "node_modules");
const staging = path.join(modules, ".tooluse-transformers");
const link = path.join(modules, "@huggingface", "transformers");
const target = path.join(staging, "node_modules", "@huggingface", "transformers");
const pinned = fileURLToPath(new URL("transformers-deps", import.meta.url));
const say = (message) => console.log(`install-transformers: ${message}`);

/** Megabytes under a folder, for the log line that tells users what the install cost. */
function sizeMb(dir) {
  const result = spawnSync("du", ["-sm", dir], { encoding: "utf8" });
  return result.status === 0 ? `${result.stdout.split(/\s/)[0]} MB` : "size unknown";
}

function install() {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    copyFileSync(path.join(pinned, file), path.join(staging, file));
  // Optional dependencies stay: sharp (imported by transformers.js at load) needs its @img platform binary.
  const args = ["ci", "--ignore-scripts", "--no-audit", "--no-fund"];
  const result = spawnSync("npm", args, {
    cwd: staging,
    stdio: "inherit",
    shell: process.platform === "win32",
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: "skip" },
  });
  if (result.status !== 0) throw new Error(`npm ci failed in ${staging} (exit ${result.status})`);
  say(`installed ${PACKAGE} ${VERSION} into ${path.relative(root, staging)} (${sizeMb(staging)})`);
}

/** Loads the package through the link, which loads onnxruntime-node's CPU binary: a broken install fails here. */
async function verify() {
  const transformers = await import(PACKAGE);
  const ort = transformers.env.backends.onnx;
  say(
    `${PACKAGE} ${transformers.env.version} loads onnxruntime-node ${ort.versions?.node ?? ort.version ?? ""}`,
  );
}

async function main() {
  const started = Date.now();
  if (existsSync(link) && !isLink(link) && versionAt(link) === VERSION) {
    say(`${PACKAGE} ${VERSION} is already installed in node_modules`);
  } else {
    const ready =
      versionAt(target) === VERSION && existsSync(path.join(staging, "node_modules", "onnxruntime-node"));
    if (!ready || process.argv.includes("--force")) install();
    if (existsSync(link) || isLink(link)) rmSync(link, { recursive: true, force: true });
    mkdirSync(path.dirname(link), { recursive: true });
    // A relative link survives moving the checkout; "junction" makes it work without admin rights on Windows.
    symlinkSync(path.relative(path.dirname(link), target), link, "junction");
  }
  await verify();
  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await main();
} catch (error) {
  console.error(`install-transformers: ${error instanceof Error ? error.message : error}`);
  // In CI the transformers tests must run, so a failed install fails the build; elsewhere they skip and say why.
  if (process.env.CI) process.exit(1);
  console.error("install-transformers: continuing without it; the transformers backend tests will skip");
}
