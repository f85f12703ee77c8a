/** The tools a case offers, as ToolSpecs: catalogue names resolve to the nine, definitions to generic specs. */
import type { Case } from "../cases/schema.js";
import { CATALOGUE, type ToolName } from "../tools/catalogue.js";
import { toolSpecFromDefinition } from "../tools/definition.js";
import type { ToolSpec } from "../tools/types.js";

// Grading asks for the same case's tools once per output; one array per case also keeps the extractors' caches warm.
const offeredCache = new WeakMap<Case, ToolSpec[]>();

/** The tools a case offers, as full specs, in prompt order. */
export function offeredTools(testCase: Case): ToolSpec[] {
  let tools = offeredCache.get(testCase);
  if (tools === undefined) {
    tools = testCase.tools.map((tool) =>
      typeof tool === "string" ? CATALOGUE[tool] : toolSpecFromDefinition(tool),
    );
    offeredCache.set(testCase, tools);
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
