#!/usr/bin/env node
// Installs the optional `llama` backend (node-llama-cpp, CPU prebuilt only) beside the main dependency tree.
//
// Why not `npm install --no-save node-llama-cpp` in the project itself: npm would also fetch the CUDA and Vulkan
// prebuilts (~350 MB of tarballs on linux-x64) and swap nanoid 3 (postcss) for nanoid 5; with `--omit=optional` it
// deletes the esbuild, rolldown, lightningcss and biome platform binaries the toolchain needs. So the package goes
// into its own npm project under node_modules/.tooluse-optional and node_modules/node-llama-cpp links to it; Node
// resolves the link's real path, so node-llama-cpp finds its own dependencies there.
// `npm ci` wipes node_modules and `npm install` prunes the link: run the script again (idempotent; ~1 s when only
// the link is gone, since the staged install is kept in ~/.cache/tooluse/optional). Usage: node scripts/install-optional.mjs [--force]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isLink, versionAt } from "./optional-fs.mjs";

const VERSION = "3.21.1";
const root = fileURLToPath(new URL("..", import.meta.url));
const modules = path.join(root, "node_modules");
// The staged install lives in the user's cache, outside node_modules, so `npm ci` (which wipes node_modules) does
// not make the next `npm test` download it again: only the link is re-made. TOOLUSE_OPTIONAL_DIR overrides it.
const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
const staging =
  process.env.TOOLUSE_OPTIONAL_DIR ||
  path.join(cacheHome, "tooluse", "optional", `node-llama-cpp-${VERSION}`);
// Where earlier versions of this script staged it: reused when it is complete.
const legacyStaging = path.join(modules, ".tooluse-optional");
const link = path.join(modules, "node-llama-cpp");

/** The CPU (or Metal) prebuilt for this machine; null where node-llama-cpp ships none. */
function prebuiltPackage() {
  const key = `${process.platform}-${process.arch}`;
  const names = {
    "linux-x64": "linux-x64",
    "linux-arm64": "linux-arm64",
    "linux-arm": "linux-armv7l",
    "darwin-arm64": "mac-arm64-metal",
    "darwin-x64": "mac-x64",
    "win32-x64": "win-x64",
    "win32-arm64": "win-arm64",
  };
  const name = names[key];
  // The Linux prebuilts are linked against glibc; on musl there is nothing to load.
  const musl = process.platform === "linux" && !process.report?.getReport().header.glibcVersionRuntime;
  return name && !musl ? `@node-llama-cpp/${name}` : null;
}

/** A staged install with the right version and this machine's prebuilt, or null. */
function readyStaging(prebuilt) {
  for (const dir of [staging, legacyStaging]) {
    const target = path.join(dir, "node_modules", "node-llama-cpp");
    if (versionAt(target) === VERSION && existsSync(path.join(dir, "node_modules", prebuilt))) return target;
  }
  return null;
}

function install(prebuilt) {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const manifest = {
    name: "tooluse-optional",
    private: true,
    dependencies: { "node-llama-cpp": VERSION, [prebuilt]: VERSION },
  };
  writeFileSync(path.join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // --omit=optional skips the GPU prebuilts node-llama-cpp lists; the CPU one is a direct dependency here.
  // --ignore-scripts and NODE_LLAMA_CPP_SKIP_DOWNLOAD: its postinstall must never download or compile llama.cpp.
  const args = [
    "install",
    "--omit=optional",
    "--ignore-scripts",
    "--no-package-lock",
    "--no-audit",
    "--no-fund",
  ];
  const result = spawnSync("npm", args, {
    cwd: staging,
    stdio: "inherit",
    shell: process.platform === "win32",
    env: { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true" },
  });
  if (result.status !== 0) throw new Error(`npm install failed in ${staging} (exit ${result.status})`);
}

/** Loads the prebuilt binary through the link, so a broken install fails here and not inside a test. */
async function verify() {
  // In-process on purpose: node-llama-cpp tests its binary in a fork that inherits execArgv, so `node -e` breaks it.
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  console.log(
    `install-optional: node-llama-cpp ${VERSION} loads its CPU build of llama.cpp ${llama.llamaCppRelease.release}`,
  );
  await llama.dispose();
}

async function main() {
  const started = Date.now();
  const prebuilt = prebuiltPackage();
  if (!prebuilt) {
    console.log(
      `install-optional: no node-llama-cpp prebuilt for ${process.platform}-${process.arch}; the llama tests will skip`,
    );
    return;
  }
  if (existsSync(link) && !isLink(link) && versionAt(link) === VERSION) {
    console.log(`install-optional: node-llama-cpp ${VERSION} is already installed in node_modules`);
  } else {
    let target = process.argv.includes("--force") ? null : readyStaging(prebuilt);
    if (target)
      console.log(
        `install-optional: reusing node-llama-cpp ${VERSION} staged in ${path.dirname(path.dirname(target))}`,
      );
    else {
      install(prebuilt);
      target = path.join(staging, "node_modules", "node-llama-cpp");
    }
    if (existsSync(link) || isLink(link)) rmSync(link, { recursive: true, force: true });
    // "junction" makes the link work without admin rights on Windows.
    symlinkSync(target, link, "junction");
  }
  await verify();
  console.log(`install-optional: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await main();
} catch (error) {
  console.error(`install-optional: ${error instanceof Error ? error.message : error}`);
  // In CI the llama tests must run, so a failed install fails the build; elsewhere they skip and say why.
  if (process.env.CI) process.exit(1);
  console.error("install-optional: continuing without it; the llama backend tests will skip");
}
