/**
 * Layers point one way. Every import (types included) of every library module is checked against the layer order
 * below; there is no list of exceptions. Within one layer, sibling folders may import each other only without a
 * cycle. Tests and test support are outside the graph (they may reach across layers to set up a case).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./paths.js";

/** Top to bottom: a module may import its own folder, any lower layer, and the shared pieces. */
const LAYERS: readonly (readonly string[])[] = [
  ["cli", "index", "public-api"],
  // The mock model server answers ToolUse.1 and the planning prompts: it reads cases, plans and executors alike.
  ["mock-server", "review/web"],
  ["review"],
  ["planning"],
  ["runner", "report", "plans", "import", "selftest", "config"],
  ["backends", "protocols", "metrics", "workspace"],
  ["grade"],
  ["extract"],
  ["cases"],
  ["tools"],
];

/** Low-level pieces anyone may use; they import only each other. */
const SHARED = ["errors", "input", "io", "jsonl", "paths", "version", "sanitize", "text", "yaml-config"];

const SRC = join(PACKAGE_ROOT, "src");

function modules(): string[] {
  return readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => relative(SRC, join(e.parentPath, e.name)))
    .filter((file) => !file.split("/").includes("test-support"));
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g;

interface Edge {
  from: string;
  to: string;
}

function edges(): Edge[] {
  return modules().flatMap((file) => {
    const text = readFileSync(join(SRC, file), "utf8");
    return [...text.matchAll(IMPORT)].map((m) => ({
      from: file,
      to: normalize(join(dirname(file), m[1] ?? m[2] ?? "")).replace(/\.js$/, ".ts"),
    }));
  });
}

/** Folders that are a layer of their own inside their top folder (the review workbench's web layer). */
const NESTED_UNITS = ["review/web"];

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

  it("catches an upward import (negative control)", () => {
    expect(violation({ from: "tools/structural.ts", to: "extract/lenient-json.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "plans/models/command.ts", to: "cli/io.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "text/lenient-json.ts", to: "extract/types.ts" })).toMatch(
      /^shared text imports/,
    );
    expect(violation({ from: "cli/run.ts", to: "runner/run.ts" })).toBeNull();
    expect(violation({ from: "review/store.ts", to: "review/web/app.ts" })).toMatch(/higher layer/);
    expect(violation({ from: "review/web/app.ts", to: "review/contract.ts" })).toBeNull();
    expect(all.length).toBeGreaterThan(500);
  });
});
