/**
 * The configuration of `tooluse plan experiment`: planners, prompt types, judges, the refine loop, the answer judge
 * and optional human labels, in one YAML file. Every problem is one line `file:line: field: what was expected`.
 * Paths inside the file are relative to the file's directory. The documented example is examples/experiment.yaml.
 */
import { dirname, isAbsolute, join } from "node:path";
import { UserError } from "../../errors.js";
import { readYamlConfig } from "../../yaml-config.js";
import { checkExperimentConfig, fieldLabels } from "./config-checks.js";
import { type ExperimentConfig, ExperimentSchema, type ModelConfig } from "./config-schema.js";

/** The label of a model's rows: its name, or the model. */
export function labelOf(model: ModelConfig): string {
  return model.name ?? model.model;
}

/** Reads and validates a config; relative paths become relative to the config file. */
export function readExperimentConfig(file: string): ExperimentConfig {
  const { data: config, lineAt } = readYamlConfig(file, ExperimentSchema);
  const labels = config.planners.map(labelOf);
  const twice = labels.find((label, i) => labels.indexOf(label) !== i);
  if (twice !== undefined) {
    const index = labels.lastIndexOf(twice);
    throw new UserError(
      `${file}:${lineAt(["planners", index])}: planners[${index}]: the label "${twice}" is used twice; give each planner its own name`,
    );
  }
  if (config.answers && config.execute && config.answers.responses !== undefined)
    throw new UserError(
      `${file}:${lineAt(["answers", "responses"])}: answers.responses: the execute stage produces the answers to judge; drop responses (or the execute section)`,
    );
  if (config.answers && !config.execute && config.answers.responses === undefined)
    throw new UserError(
      `${file}:${lineAt(["answers"])}: answers.responses: expected a responses file, or an execute section whose answers are judged`,
    );
  if (
    config.execute?.workspace &&
    (config.execute.workspace_seed ?? config.execute.workspace_size) !== undefined
  )
    throw new UserError(
      `${file}:${lineAt(["execute", "workspace"])}: execute.workspace: a built workspace has its own seed and size; drop workspace_seed/workspace_size`,
    );
  const base = dirname(file);
  const resolve = (path: string) => (isAbsolute(path) ? path : join(base, path));
  const resolved: ExperimentConfig = {
    ...config,
    queries: resolve(config.queries),
    out: resolve(config.out),
    ...(config.cache_dir ? { cache_dir: resolve(config.cache_dir) } : {}),
    ...(config.answers?.responses
      ? { answers: { ...config.answers, responses: resolve(config.answers.responses) } }
      : {}),
    ...(config.execute?.workspace
      ? { execute: { ...config.execute, workspace: resolve(config.execute.workspace) } }
      : {}),
    ...(config.human_labels
      ? {
          human_labels: Object.fromEntries(
            Object.entries(config.human_labels).map(([kind, path]) => [kind, resolve(path as string)]),
          ),
        }
      : {}),
    ...(config.prompt_files
      ? {
          prompt_files: Object.fromEntries(
            Object.entries(config.prompt_files).map(([role, path]) => [role, resolve(path as string)]),
          ),
        }
      : {}),
  };
  // Before any request: a mistake in the file is named by its line and field, never by a command-line flag.
  checkExperimentConfig(resolved, fieldLabels(file, lineAt));
  return resolved;
}
