/** The tools a case offers, as ToolSpecs: catalogue names resolve to the nine, definitions to generic specs. */
import type { Case } from "../cases/schema.js";
import { CATALOGUE, type ToolName } from "../tools/catalogue.js";
import { toolSpecFromDefinition } from "../tools/definition.js";
import type { ToolSpec } from "../tools/types.js";

// Grading asks for the same case's tools once per output; one array per case also keeps the extractors' caches warm.
const offeredCache = new WeakMap<Case, ToolSpec[]>();
/**
 * Cases offering the same catalogue tools in the same order share one array: a suite of thousands of distinct cases
 * over the nine tools then fills the extractors' caches (keyed by the array) once per list, not once per case. Keys
 * are lists of catalogue names, so the map stays as small as the set of lists the cases use.
 */
const catalogueLists = new Map<string, ToolSpec[]>();

/** The tools a case offers, as full specs, in prompt order (an array shared with cases that offer the same list). */
export function offeredTools(testCase: Case): ToolSpec[] {
  let tools = offeredCache.get(testCase);
  if (tools === undefined) {
    tools = testCase.tools.every((tool) => typeof tool === "string")
      ? catalogueList(testCase.tools as readonly ToolName[])
      : testCase.tools.map((tool) =>
          typeof tool === "string" ? CATALOGUE[tool] : toolSpecFromDefinition(tool),
        );
    offeredCache.set(testCase, tools);
  }
  return tools;
}

function catalogueList(names: readonly ToolName[]): ToolSpec[] {
  const key = names.join("\u0000");
  let tools = catalogueLists.get(key);
  if (tools === undefined) {
    tools = names.map((name) => CATALOGUE[name]);
    catalogueLists.set(key, tools);
  }
  return tools;
}

/**
 * The catalogue tools a case offers, by name; tools the case defines itself are left out (to the rule
 * baseline they are unknown tools).
 */
export function builtinToolNames(testCase: Pick<Case, "tools">): ToolName[] {
  return testCase.tools.filter((tool): tool is ToolName => typeof tool === "string");
}
