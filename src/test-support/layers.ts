/** The layer order of src/, shared by the import-graph test and the test that docs/architecture.md states it. */

/** Top to bottom: a module may import its own folder, any lower layer, and the shared pieces. */
export const LAYERS: readonly (readonly string[])[] = [
  ["cli", "index", "public-api"],
  // The mock model server answers ToolUse.1 and the planning prompts: it reads cases, plans and executors alike.
  ["mock-server", "review/web"],
  ["review"],
  ["planning"],
  // The plan workflows (generate, judge, refine, answers, experiment) run models through the runner's one session,
  // above it; each folder is a unit of its own, so the sibling rule keeps them free of cycles. `workflows` alone is
  // its root files, the leaves they share (prompt templates, the reply-object rule).
  ["workflows/experiment", "workflows/plan-models", "workflows/answers", "workflows"],
  ["runner", "report", "render", "plans", "import", "selftest", "config"],
  ["backends", "protocols", "metrics", "workspace"],
  ["grade"],
  ["extract"],
  ["cases"],
  ["tools"],
];

/** Low-level pieces anyone may use; they import only each other. */
export const SHARED = [
  "errors",
  "input",
  "io",
  "jsonl",
  "paths",
  "version",
  "sanitize",
  "text",
  "yaml-config",
];
