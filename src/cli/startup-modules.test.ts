/**
 * Commands load only the modules they use (issue 28: start-up is paid once and small). A run that asks no server —
 * the built-in baseline — must not load the OpenAI SDK (about a hundred modules); a run against a server does.
 * Checked in a real process with a module loader hook that lists every module it loads.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const TSX = import.meta.resolve("tsx");
const dir = tempDir("tooluse-startup-");
afterAll(() => dir.remove());

/** Runs the CLI with a hook that appends each loaded module's URL to a file; returns the URLs and the exit code. */
function loadedBy(
  args: string[],
  name: string,
): { status: number | null; modules: string[]; stderr: string } {
  const list = join(dir.path, `${name}.txt`);
  const hooks = join(dir.path, `${name}-hooks.mjs`);
  const register = join(dir.path, `${name}-register.mjs`);
  writeFileSync(list, "");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(list)}, url + "\\n"); return next(url, context); }\n`,
  );
  writeFileSync(
    register,
    // Node's own lazily loaded modules (its bundled undici behind fetch, Headers and Response) are listed at exit.
    `import { appendFileSync } from "node:fs";\nimport { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\nprocess.on("exit", () => appendFileSync(${JSON.stringify(list)}, process.moduleLoadList.map((m) => "node-builtin:" + m + "\\n").join("")));\n`,
  );
  const result = spawnSync(
    process.execPath,
    ["--import", pathToFileURL(register).href, "--import", TSX, ENTRY, ...args],
    { cwd: dir.path, encoding: "utf8" },
  );
  return {
    status: result.status,
    modules: readFileSync(list, "utf8").split("\n").filter(Boolean),
    stderr: result.stderr,
  };
}

const sdk = (modules: readonly string[]) => modules.filter((url) => url.includes("/node_modules/openai/"));
/**
 * The grading code: the profiles, the grader, the role classifier, BFCL's checker and the extractors (call-shape.ts
 * excepted: the backends' native-call encoding reads it).
 */
const grading = (modules: readonly string[]) =>
  modules.filter((url) =>
    /\/src\/(grade\/(profiles|grade)\.ts|grade\/(roles|bfcl)\/|extract\/(?!call-shape\.ts))/.test(url),
  );

/** zod: about 95 modules and 850 KB of code, some 50 ms of a cached re-run when it was loaded (issue 28). */
const zod = (modules: readonly string[]) => modules.filter((url) => url.includes("/node_modules/zod/"));

/** Node's bundled undici: loaded by the first fetch, Headers or Response of a process, about 50 ms. */
const undici = (modules: readonly string[]) => modules.filter((url) => url.includes("internal/deps/undici"));

describe("start-up", () => {
  it("a baseline run loads no OpenAI SDK module", () => {
    const run = loadedBy(["run", "--limit", "1", "--out", join(dir.path, "baseline.json")], "baseline");
    expect(run.status, run.stderr).toBe(0);
    expect(run.modules.length).toBeGreaterThan(50);
    expect(sdk(run.modules)).toEqual([]);
  });

  it("a run against a server that is down stops at the preflight, which asks without the SDK", () => {
    // Nothing listens on port 9 of loopback: the preflight fails, as it did when it asked through the SDK.
    const run = loadedBy(
      [
        "run",
        "--limit",
        "1",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--model",
        "m",
        "--retries",
        "0",
        "--out",
        join(dir.path, "server.json"),
      ],
      "server",
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("cannot reach the server at http://127.0.0.1:9/v1 (Connection error.)");
    expect(sdk(run.modules)).toEqual([]);
  });

  it("a re-run whose every answer and verdict is cached loads no SDK, no undici, no grading module and no zod; the run that asked and graded did, and a resumed run reads its journal with zod (negative controls)", async () => {
    const server = spawn(
      process.execPath,
      ["--import", TSX, join(PACKAGE_ROOT, "src/test-support/mock-server-process.ts"), "0"],
      { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const [firstLine] = (await once(server.stdout, "data")) as [Buffer];
      const url = firstLine.toString().trim();
      const cacheDir = join(dir.path, "cache");
      const run = (out: string) =>
        loadedBy(
          [
            "run",
            "--limit",
            "2",
            "--base-url",
            url,
            "--model",
            "mock-model",
            "--cache-dir",
            cacheDir,
            "--out",
            join(dir.path, `${out}.json`),
          ],
          out,
        );
      const asked = run("asked");
      expect(asked.status, asked.stderr).toBe(0);
      expect(sdk(asked.modules).length).toBeGreaterThan(10);
      expect(grading(asked.modules).length).toBeGreaterThan(30);
      expect(undici(asked.modules).length).toBeGreaterThan(0);
      const cached = run("cached");
      expect(cached.status, cached.stderr).toBe(0);
      expect(sdk(cached.modules)).toEqual([]);
      expect(cached.stderr).toMatch(/note: [1-9]\d* verdicts reused from the verdict cache/);
      expect(grading(cached.modules)).toEqual([]);
      // Its preflight reads the model list without fetch's Headers and Response, so undici is never loaded either.
      expect(undici(cached.modules)).toEqual([]);
      // Its cases, configuration, cache entries and results pass the quick checks that stand before the schemas.
      expect(zod(cached.modules)).toEqual([]);
      const resumed = loadedBy(["run", "--resume", join(dir.path, "cached.json")], "resumed");
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(zod(resumed.modules).length).toBeGreaterThan(10);
    } finally {
      server.kill();
    }
  });
});

/**
 * The implementation modules the registry imports when a command runs: every `import("…")` in src/cli/commands/, as
 * file URLs of the .ts files tsx loads.
 */
function implementationModules(): string[] {
  const folder = join(PACKAGE_ROOT, "src/cli/commands");
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".ts"),
  );
  const urls = files.flatMap((file) =>
    [...readFileSync(join(folder, file), "utf8").matchAll(/import\("(\.[^"]+)\.js"\)/g)].map(
      ([, specifier]) =>
        pathToFileURL(`${resolve(dirname(join(folder, file)), specifier as string)}.ts`).href,
    ),
  );
  return [...new Set(urls)].sort();
}

describe("the command registry", () => {
  const implementations = implementationModules();

  it("names an implementation module for the commands (the list the next checks read)", () => {
    expect(implementations.length).toBeGreaterThan(20);
    expect(implementations).toContain(pathToFileURL(join(PACKAGE_ROOT, "src/cli/run.ts")).href);
  });

  it("loads no command's implementation to define every command (tooluse --help)", () => {
    const help = loadedBy(["--help"], "help");
    expect(help.status, help.stderr).toBe(0);
    expect(help.modules).toContain(pathToFileURL(join(PACKAGE_ROOT, "src/cli/commands/index.ts")).href);
    expect(help.modules.filter((url) => implementations.includes(url))).toEqual([]);
  });

  it("loads the implementation of the command that runs, and no other (negative control)", () => {
    const list = loadedBy(["list", "--json"], "list");
    expect(list.status, list.stderr).toBe(0);
    expect(list.modules.filter((url) => implementations.includes(url))).toEqual([
      pathToFileURL(join(PACKAGE_ROOT, "src/cli/list.ts")).href,
    ]);
  });
});
