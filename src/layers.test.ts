/**
 * Layers point one way. Every import (types included) of every library module is checked against the layer order
 * below; there is no list of exceptions. Within one layer, sibling folders may import each other only without a
 * cycle, and no two files import each other even through others (issue 28). Tests and test support are outside the
 * graph (they may reach across layers to set up a case); production code never imports test support.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./paths.js";
import { LAYERS, SHARED } from "./test-support/layers.js";

const SRC = join(PACKAGE_ROOT, "src");

/** Every non-test file of src/: production modules and test support. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => relative(SRC, join(e.parentPath, e.name)));
}

const isTestSupport = (file: string) => file.split("/").includes("test-support");

function modules(): string[] {
  return sourceFiles().filter((file) => !isTestSupport(file));
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g;

interface Edge {
  from: string;
  to: string;
}

function edges(files: readonly string[] = modules()): Edge[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(SRC, file), "utf8");
    return [...text.matchAll(IMPORT)].map((m) => ({
      from: file,
      to: normalize(join(dirname(file), m[1] ?? m[2] ?? "")).replace(/\.js$/, ".ts"),
    }));
  });
}

/**
 * Folders that are a unit of their own inside their top folder: the review workbench's web layer, and each plan
 * workflow (so two workflows importing each other is a sibling cycle, not one folder talking to itself).
 */
const NESTED_UNITS = ["review/web", "workflows/experiment", "workflows/plan-models", "workflows/answers"];

/** The unit of layering: a nested unit, the top folder, or a root file's name. */
const unitOf = (file: string) =>
  NESTED_UNITS.find((unit) => file.startsWith(`${unit}/`)) ??
  (file.includes("/") ? (file.split("/")[0] ?? file) : file.replace(/\.ts$/, ""));

function rankOf(unit: string): number | "shared" | null {
  if (SHARED.includes(unit)) return "shared";
  const rank = LAYERS.findIndex((layer) => layer.includes(unit));
  return rank === -1 ? null : rank;
}

/** Why an import breaks the layering, or null when it is allowed. */
function violation(edge: Edge): string | null {
  const from = unitOf(edge.from);
  const to = unitOf(edge.to);
  if (from === to) return null;
  const a = rankOf(from);
  const b = rankOf(to);
  if (a === null || b === null) return `${from === null ? edge.from : edge.to} is in no layer`;
  if (b === "shared") return null;
  if (a === "shared") return `shared ${from} imports ${to}`;
  if (b < a) return `${from} (layer ${a}) imports ${to}, a higher layer (${b})`;
  return null;
}

/** Sibling folders of one layer that import each other in a cycle. */
function siblingCycles(all: readonly Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of all) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (a !== b && rankOf(a) !== "shared" && rankOf(a) === rankOf(b)) {
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
  }
  const reaches = (start: string, goal: string, seen: Set<string>): boolean => {
    for (const next of graph.get(start) ?? []) {
      if (next === goal) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      if (reaches(next, goal, seen)) return true;
    }
    return false;
  };
  return [...graph.keys()].filter((unit) => reaches(unit, unit, new Set())).sort();
}

/**
 * Files that import each other in a cycle, type imports included: each cycle as its files, sorted. A type two files
 * share lives in the lower one (or a leaf of its own), so the order in which modules can be read stays a tree.
 */
function fileCycles(all: readonly Edge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of all) graph.set(from, [...(graph.get(from) ?? []), to]);
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Imports of test support (any `test-support/` folder) by production code: tests may reach down, never the reverse. */
function testSupportImports(all: readonly Edge[]): string[] {
  return all.filter((edge) => edge.to.split("/").includes("test-support")).map((e) => `${e.from} → ${e.to}`);
}

/**
 * The test support that may import src/cli/, each with why: the doors CLI tests go through. Anything else outside
 * src/cli/ builds what it needs from the library (a run config with `defineRun`, not `configFromFlags`).
 */
const CLI_DOORS: Record<string, string> = {
  "test-support/cli-entry.ts":
    "runs main() in a real process (signals, kill -9): starting the CLI is its job",
  "test-support/capture-io.ts": "records what main() prints through the CLI's Io",
};

/** Imports of src/cli/ by production code or test support outside it, the listed doors aside. */
function cliImports(all: readonly Edge[]): string[] {
  return all
    .filter((edge) => !edge.from.startsWith("cli/") && edge.to.startsWith("cli/"))
    .filter((edge) => CLI_DOORS[edge.from] === undefined)
    .map((edge) => `${edge.from} → ${edge.to}`);
}

describe("the import graph", () => {
  const all = edges();

  it("has every library module in a layer or among the shared pieces", () => {
    const units = new Set(modules().map(unitOf));
    expect([...units].filter((unit) => rankOf(unit) === null)).toEqual([]);
  });

  it("points one way: no module imports a higher layer, and shared pieces import only shared pieces", () => {
    const broken = all.flatMap((edge) => {
      const why = violation(edge);
      return why === null ? [] : [`${edge.from} → ${edge.to}: ${why}`];
    });
    expect(broken).toEqual([]);
  });

  it("has no cycle between sibling folders of one layer", () => {
    expect(siblingCycles(all)).toEqual([]);
  });

  it("has no cycle between two files, type imports included", () => {
    expect(fileCycles(all)).toEqual([]);
  });

  it("never imports test support from production code", () => {
    expect(testSupportImports(all)).toEqual([]);
  });

  it("imports src/cli/ from no production file and no test support outside it, the listed doors aside", () => {
    const support = edges(sourceFiles().filter(isTestSupport));
    expect(cliImports([...all, ...support])).toEqual([]);
    // Every listed door is still a file that imports the CLI: the list cannot keep stale exceptions.
    const doors = support.filter((edge) => edge.to.startsWith("cli/")).map((edge) => edge.from);
    expect([...new Set(doors)].sort()).toEqual(Object.keys(CLI_DOORS).sort());
  });

  it("catches an import of src/cli/ from outside it (negative control)", () => {
    expect(cliImports([{ from: "report/test-support/fixtures.ts", to: "cli/run.ts" }])).toHaveLength(1);
    expect(cliImports([{ from: "runner/run.ts", to: "cli/run.ts" }])).toHaveLength(1);
    expect(cliImports([{ from: "test-support/capture-io.ts", to: "cli/io.ts" }])).toEqual([]);
    expect(cliImports([{ from: "cli/main.ts", to: "cli/run.ts" }])).toEqual([]);
  });

  it("catches two plan workflows importing each other (negative control)", () => {
    const both = [
      { from: "workflows/answers/prompt.ts", to: "workflows/plan-models/templates.ts" },
      { from: "workflows/plan-models/prompt-set.ts", to: "workflows/answers/prompt.ts" },
    ];
    expect(siblingCycles(both)).toEqual(["workflows/answers", "workflows/plan-models"]);
    expect(siblingCycles(both.slice(1))).toEqual([]);
  });

  it("catches a file cycle and a test-support import (negative control)", () => {
    const cycle = [
      { from: "grade/a.ts", to: "grade/b.ts" },
      { from: "grade/b.ts", to: "grade/c.ts" },
      { from: "grade/c.ts", to: "grade/a.ts" },
      { from: "grade/c.ts", to: "tools/types.ts" },
    ];
    expect(fileCycles(cycle)).toEqual([["grade/a.ts", "grade/b.ts", "grade/c.ts"]]);
    expect(fileCycles(cycle.slice(1))).toEqual([]);
    expect(
      testSupportImports([{ from: "report/load.ts", to: "report/test-support/fixtures.ts" }]),
    ).toHaveLength(1);
    expect(testSupportImports([{ from: "report/load.ts", to: "report/verify.ts" }])).toEqual([]);
  });

  it("catches an upward import (negative control)", () => {
    expect(violation({ from: "tools/structural.ts", to: "extract/lenient-json.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "workflows/plan-models/command.ts", to: "cli/io.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "text/lenient-json.ts", to: "extract/types.ts" })).toMatch(
      /^shared text imports/,
    );
    expect(violation({ from: "cli/run.ts", to: "runner/run.ts" })).toBeNull();
    expect(violation({ from: "review/store.ts", to: "review/web/app.ts" })).toMatch(/higher layer/);
    // The plan workflows sit above the runner and the plan core, below planning's execute stage.
    expect(violation({ from: "plans/report/build.ts", to: "workflows/plan-models/judge.ts" })).toMatch(
      /higher layer/,
    );
    expect(violation({ from: "runner/session.ts", to: "workflows/templates.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "workflows/plan-models/judge.ts", to: "runner/session.ts" })).toBeNull();
    expect(
      violation({ from: "planning/experiment-execute.ts", to: "workflows/experiment/executed.ts" }),
    ).toBeNull();
    expect(violation({ from: "review/web/app.ts", to: "review/contract.ts" })).toBeNull();
    expect(all.length).toBeGreaterThan(500);
  });
});
