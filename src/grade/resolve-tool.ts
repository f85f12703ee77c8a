/** Resolves the tool name a model wrote to an offered tool, the way a lenient runtime would. */
import type { ToolSpec } from "../tools/types.js";

function canonical(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^functions?[.:]/, "")
    .replace(/[\s-]+/g, "_");
}

/** Returns the offered tool the name refers to (exact name, then case/separator-insensitive, then an alias). */
export function resolveTool(name: string, offered: readonly ToolSpec[]): ToolSpec | undefined {
  const exact = offered.find((tool) => tool.name === name);
  if (exact) return exact;
  const wanted = canonical(name);
  return (
    offered.find((tool) => canonical(tool.name) === wanted) ??
    offered.find((tool) => tool.aliases.some((alias) => canonical(alias) === wanted))
  );
}
