/**
 * Statements of the README that the code or the data can contradict (issue 30 item 8: each was found false once).
 * Each test reads the README's own words and checks them against what the program does or the data holds, so a
 * change to either side that makes the README untrue fails here.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commandNames } from "./cli/main.js";
import { PACKAGE_ROOT } from "./paths.js";
import { tempDir } from "./test-support/temp.js";

const README = readFileSync(join(PACKAGE_ROOT, "README.md"), "utf8");
const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const TSX = import.meta.resolve("tsx");
const dir = tempDir("tooluse-readme-claims-");
afterAll(() => dir.remove());

/** The first cells of the `## Commands` table: what the README says a user can type after `tooluse`. */
function commandsTable(): string[] {
  const section = README.slice(
    README.indexOf("\n## Commands"),
    README.indexOf("\n## ", README.indexOf("\n## Commands") + 1),
  );
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `tooluse "))
    .map((line) => line.split("|")[1]?.trim() ?? "");
}

describe("the README's statements", () => {
  it("the commands table lists every command the program registers", () => {
    const listed = commandsTable().join("\n");
    const topLevel = [...new Set(commandNames().map((name) => name.split(" ")[0] ?? name))];
    const missing = topLevel.filter((name) => !new RegExp(`\`tooluse ${name}[ \`]`).test(listed));
    expect(missing).toEqual([]);
  });

  it("the results file the commands table names is the one `run` writes for the built-in baseline", () => {
    const result = spawnSync(process.execPath, ["--import", TSX, ENTRY, "run", "--limit", "1"], {
      cwd: dir.path,
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const written = readdirSync(join(dir.path, "results")).filter((name) => name.endsWith(".json"));
    expect(written).toHaveLength(1);
    const prefix = /^(.*)-\d{4}-\d{2}-\d{2}T/.exec(written[0] ?? "")?.[1];
    expect(prefix).toBeDefined();
    const row = README.split("\n").find((line) => line.startsWith("| `tooluse run` |")) ?? "";
    expect(row).toContain(`results/${prefix}-<time>.json`);
  });

  it("the lineage length it states is the range the planning data holds", () => {
    const stated = /lineage\*\*: (\d+)–(\d+) revisions/.exec(README);
    expect(stated, "README states the lineage length as 'N–M revisions'").not.toBeNull();
    const lengths = readFileSync(join(PACKAGE_ROOT, "data/plans/queries.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { lineage?: unknown[] })
      .filter((query) => Array.isArray(query.lineage))
      .map((query) => (query.lineage ?? []).length);
    expect([Number(stated?.[1]), Number(stated?.[2])]).toEqual([Math.min(...lengths), Math.max(...lengths)]);
  });

  it("every relative link of the README and docs/ points to a file the repository holds", () => {
    // Found once: docs cited the ToolUse.1 specification as a repository file, which it is not.
    const documents = [
      { file: "README.md", folder: PACKAGE_ROOT },
      ...readdirSync(join(PACKAGE_ROOT, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => ({ file: join("docs", name), folder: join(PACKAGE_ROOT, "docs") })),
    ];
    const dead = documents.flatMap(({ file, folder }) =>
      [...readFileSync(join(PACKAGE_ROOT, file), "utf8").matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => (match[1] ?? "").split("#")[0] ?? "")
        .filter((target) => target !== "" && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(folder, target)))
        .map((target) => `${file}: ${target}`),
    );
    expect(dead).toEqual([]);
  });
});
