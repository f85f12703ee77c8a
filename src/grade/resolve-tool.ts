/** Resolves the tool name a model wrote to an offered tool, the way a lenient runtime would, and says how. */
import type { ToolSpec } from "../tools/types.js";

/**
 * How a name was resolved, from strict to lenient: the offered name itself; a case or separator variant
 * (`CALCULATE_TRIANGLE_AREA`, `get-weather`); the offered name behind a `functions.` prefix; an alias; or a dotted
 * name as serving runtimes mangle it (`math.factorial` called `math_factorial`). Every verdict records it.
 */
export type NameResolution = "exact" | "case" | "prefix" | "alias" | "mangled";

/** Resolutions ranked from strict to lenient, to report the most lenient one among several calls. */
export const NAME_RESOLUTIONS: readonly NameResolution[] = ["exact", "case", "prefix", "alias", "mangled"];

/** A resolved name: the tool, how it was found, and whether that was by undoing a runtime's mangling. */
export interface ResolvedTool {
  tool: ToolSpec;
  resolution: NameResolution;
  mangled: boolean;
}

const PREFIX = /^functions?[.:]/;

/** Case and separators folded: `Get-Weather` → `get_weather`. */
function folded(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Serving runtimes rewrite dots in function names (OpenAI's name pattern forbids them): `math.factorial` → `math_factorial`. */
function mangle(name: string): string {
  return name.replace(/\./g, "_");
}

function resolved(tool: ToolSpec, resolution: NameResolution): ResolvedTool {
  return { tool, resolution, mangled: resolution === "mangled" };
}

/**
 * The offered tool a name refers to: exact name, then case/separator-insensitive, then with a `functions.`
 * prefix on either side removed, then an alias, and last a dotted name a runtime mangled (compared whole, so `functions_intersect` finds a
 * tool literally named `functions.intersect`).
 * @example resolveToolName("math_factorial", [mathFactorial]) // { tool: mathFactorial, resolution: "mangled", mangled: true }
 */
export function resolveToolName(name: string, offered: readonly ToolSpec[]): ResolvedTool | undefined {
  const exact = offered.find((tool) => tool.name === name);
  if (exact) return resolved(exact, "exact");
  const wanted = folded(name);
  const byCase = offered.find((tool) => folded(tool.name) === wanted);
  if (byCase) return resolved(byCase, "case");
  // A `functions.` prefix on either side: the called name's, or one the offered name literally has.
  const bare = wanted.replace(PREFIX, "");
  const byPrefix = offered.find((tool) => folded(tool.name).replace(PREFIX, "") === bare);
  if (byPrefix) return resolved(byPrefix, "prefix");
  const byAlias = offered.find((tool) => tool.aliases.some((alias) => folded(alias) === bare));
  if (byAlias) return resolved(byAlias, "alias");
  const byMangling = offered.find(
    (tool) => tool.name.includes(".") && [wanted, bare].includes(mangle(folded(tool.name))),
  );
  return byMangling ? resolved(byMangling, "mangled") : undefined;
}

/** Returns the offered tool the name refers to (see {@link resolveToolName}). */
export function resolveTool(name: string, offered: readonly ToolSpec[]): ToolSpec | undefined {
  return resolveToolName(name, offered)?.tool;
}

/** The most lenient of several resolutions (undefined when there are none). */
export function mostLenient(resolutions: readonly NameResolution[]): NameResolution | undefined {
  let worst: NameResolution | undefined;
  for (const resolution of resolutions) {
    if (worst === undefined || NAME_RESOLUTIONS.indexOf(resolution) > NAME_RESOLUTIONS.indexOf(worst)) {
      worst = resolution;
    }
  }
  return worst;
}
