/** Resolves the tool name a model wrote to an offered tool, the way a lenient runtime would. */
import type { ToolSpec } from "../tools/types.js";

function canonical(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^functions?[.:]/, "")
    .replace(/[\s-]+/g, "_");
}

/** A resolved name: the tool, and whether it was only found by undoing a runtime's mangling (`a.b` → `a_b`). */
export interface ResolvedTool {
  tool: ToolSpec;
  mangled: boolean;
}

/** Serving runtimes rewrite dots in function names (OpenAI's name pattern forbids them): `math.factorial` → `math_factorial`. */
function mangle(name: string): string {
  return name.replace(/\./g, "_");
}

/**
 * The offered tool a name refers to: exact name, then case/separator-insensitive, then an alias, and last
 * a dotted name a runtime mangled (flagged, since the model did not write the offered name).
 * @example resolveToolName("math_factorial", [mathFactorial]) // { tool: mathFactorial, mangled: true }
 */
export function resolveToolName(name: string, offered: readonly ToolSpec[]): ResolvedTool | undefined {
  const exact = offered.find((tool) => tool.name === name);
  if (exact) return { tool: exact, mangled: false };
  const wanted = canonical(name);
  const lenient =
    offered.find((tool) => canonical(tool.name) === wanted) ??
    offered.find((tool) => tool.aliases.some((alias) => canonical(alias) === wanted));
  if (lenient) return { tool: lenient, mangled: false };
  const mangled = offered.find((tool) => tool.name.includes(".") && mangle(canonical(tool.name)) === wanted);
  return mangled ? { tool: mangled, mangled: true } : undefined;
}

/** Returns the offered tool the name refers to (see {@link resolveToolName}). */
export function resolveTool(name: string, offered: readonly ToolSpec[]): ToolSpec | undefined {
  return resolveToolName(name, offered)?.tool;
}
