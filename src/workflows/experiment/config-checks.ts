/**
 * What a `plan experiment` config promises, checked against the files it names before any request is sent: the
 * files exist, the split, ids and examples select queries, the prompt files read, every model can be reached. Each
 * mistake is one line naming the config file, the line and the field (`experiment.yaml:7: ids[1]: …`), never the
 * command-line flag a stage would name for the same mistake made on the command line.
 */
import { statSync } from "node:fs";
import { UserError } from "../../errors.js";
import { type QueryRecord, readQueries } from "../../plans/query-records.js";
import { queryKey } from "../../plans/records.js";
import { PROMPT_TYPES, type PromptType } from "../plan-models/generate-prompt.js";
import { builtInTemplates } from "../plan-models/prompt-set.js";
import { type PromptRole, readPromptFile, type Template } from "../templates.js";
import type { ExperimentConfig, ModelConfig } from "./config-schema.js";

/** `file:line: field`, for the field at `path` of the config. */
export type FieldLabel = (path: readonly (string | number)[]) => string;

function fieldName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/** A labeller for one config file, from its line lookup. */
export function fieldLabels(file: string, lineAt: (path: readonly PropertyKey[]) => number): FieldLabel {
  return (path) => `${file}:${lineAt(path)}: ${fieldName(path)}`;
}

/** Every file the config names must be a file now, not after the planners were paid for. */
function checkFiles(config: ExperimentConfig, label: FieldLabel): void {
  const files: [(string | number)[], string | undefined][] = [
    [["queries"], config.queries],
    [["answers", "responses"], config.answers?.responses],
    ...Object.entries(config.human_labels ?? {}).map(
      ([kind, path]) =>
        [["human_labels", kind], path as string | undefined] as [string[], string | undefined],
    ),
  ];
  for (const [path, file] of files) {
    if (file === undefined) continue;
    let isFile = false;
    try {
      isFile = statSync(file).isFile();
    } catch {
      throw new UserError(`${label(path)}: no such file ${file}`, {
        hint: "paths are relative to the config file",
      });
    }
    if (!isFile) throw new UserError(`${label(path)}: ${file} is a folder, not a file`);
  }
}

function checkSelection(config: ExperimentConfig, records: readonly QueryRecord[], label: FieldLabel): void {
  const inSplit = config.split === "all" ? records : records.filter((r) => r.split === config.split);
  if (inSplit.length === 0)
    throw new UserError(`${label(["split"])}: no query in ${config.queries} has split "${config.split}"`);
  const present = new Set(inSplit.map((r) => queryKey(r.query_id)));
  (config.ids ?? []).forEach((id, index) => {
    if (!present.has(String(id)))
      throw new UserError(
        `${label(["ids", index])}: query ${String(id)} is not in the ${config.split} queries of ${config.queries}`,
      );
  });
  if (config.examples === 0) return;
  const train = records.filter((r) => r.split === "train");
  const needs: Record<PromptType, (r: QueryRecord) => boolean> = {
    without_lineage: () => true,
    with_lineage: (r) => (r.lineage?.length ?? 0) > 0,
  };
  for (const type of config.prompt_types ?? PROMPT_TYPES)
    if (!train.some(needs[type]))
      throw new UserError(
        `${label(["examples"])}: ${config.queries} has no train query${type === "with_lineage" ? " with a lineage" : ""} to show as an example for prompt type ${type}`,
        { hint: "set examples: 0 for none" },
      );
}

function checkPromptFiles(config: ExperimentConfig, label: FieldLabel): void {
  const builtIn = builtInTemplates();
  for (const [role, file] of Object.entries(config.prompt_files ?? {}) as [PromptRole, string][])
    readPromptFile(role, file, builtIn.get(role) as Template, `${label(["prompt_files", role])} ${file}`);
}

/** Every model of the config with the path to its field. */
function modelsOf(config: ExperimentConfig): [(string | number)[], ModelConfig][] {
  return [
    ...config.planners.map((m, i) => [["planners", i], m] as [(string | number)[], ModelConfig]),
    ...(["metric_wise", "one_shot"] as const).flatMap((judge) => {
      const model = config.judges[judge];
      return model ? [[["judges", judge], model] as [(string | number)[], ModelConfig]] : [];
    }),
    ...(config.refine ? [[["refine"], config.refine] as [(string | number)[], ModelConfig]] : []),
    ...(config.answers
      ? [[["answers", "judge"], config.answers.judge] as [(string | number)[], ModelConfig]]
      : []),
  ];
}

/** A model the session layer could not open: an openai model without an address, a GGUF file that is not there. */
function checkModels(config: ExperimentConfig, label: FieldLabel): void {
  for (const [path, model] of modelsOf(config)) {
    const backend = model.backend ?? (model.model.endsWith(".gguf") ? "llama" : "openai");
    if (backend === "openai" && !model.base_url)
      throw new UserError(`${label(path)}: backend openai needs base_url: (the server's address)`);
    if (backend === "llama") {
      let isFile = false;
      try {
        isFile = statSync(model.model).isFile();
      } catch {
        isFile = false;
      }
      if (!isFile) throw new UserError(`${label([...path, "model"])}: no such GGUF file ${model.model}`);
    }
  }
}

/** Runs every check; the first mistake throws, naming the config's file, line and field. */
export function checkExperimentConfig(config: ExperimentConfig, label: FieldLabel): void {
  checkFiles(config, label);
  checkModels(config, label);
  checkPromptFiles(config, label);
  checkSelection(config, readQueries(config.queries), label);
}
