/**
 * The tool descriptions of the contact-center planner: what T2S, RAG and LLM can answer (for prompts) and the T2S
 * trigger phrases per field group (for the executability check). The data lives in corpus/plans/tools.yaml.
 */
import { join } from "node:path";
import { z } from "zod";
import { formatPath } from "../errors.js";
import { readYamlFile, yamlValue } from "../input/yaml.js";
import { CORPUS_DIR } from "../paths.js";

export const TRIGGER_GROUPS = ["call_drivers", "moments", "qa"] as const;
export type TriggerGroup = (typeof TRIGGER_GROUPS)[number];

const Text = z.string().trim().min(1);

const TriggerSchema = z.strictObject({
  /** The field as the tool description names it; one trigger however many of its variants appear. */
  phrase: Text,
  /** Other ways planners write the same field; matching is on stemmed words, so plurals need no variant. */
  variants: z.array(Text).default([]),
});

const ColumnSchema = z.strictObject({
  name: Text,
  type: Text,
  description: Text,
  /** The column holds the phrases of this trigger group (the call-driver column holds the call drivers). */
  values_from: z.enum(TRIGGER_GROUPS).optional(),
});

const TableSchema = z.strictObject({ name: Text, description: Text, columns: z.array(ColumnSchema).min(1) });

/** What every tool's description says, in the words a prompt can quote. */
const toolCard = {
  signature: Text,
  summary: Text,
  inputs: Text,
  returns: Text,
  can_answer: z.array(Text).min(1),
  cannot_answer: z.array(Text).min(1),
  rules: z.array(Text).default([]),
};

export const ToolCardsSchema = z.strictObject({
  T2S: z.strictObject({ ...toolCard, tables: z.array(TableSchema).min(1) }),
  RAG: z.strictObject({
    ...toolCard,
    /** Columns of the "data insights" table every RAG answer carries. */
    insights_columns: z.array(ColumnSchema).min(1),
    /** About how many transcripts one RAG step reads. */
    sample_size: z.number().int().positive(),
  }),
  LLM: z.strictObject(toolCard),
});
export type ToolCards = z.infer<typeof ToolCardsSchema>;

/**
 * `tools` is optional so a check can be handed trigger phrases alone (tests, experiments with other lists);
 * the packaged file must have it (see `loadToolDescriptions`).
 */
export const ToolDescriptionsSchema = z.strictObject({
  tools: ToolCardsSchema.optional(),
  triggers: z.strictObject({
    call_drivers: z.array(TriggerSchema),
    moments: z.array(TriggerSchema),
    qa: z.array(TriggerSchema),
  }),
});
export type ToolDescriptions = z.infer<typeof ToolDescriptionsSchema>;
export type ToolDescriptionsInput = z.input<typeof ToolDescriptionsSchema>;

/** The complete descriptions, as the packaged data file holds them. */
export const CompleteToolDescriptionsSchema = ToolDescriptionsSchema.extend({ tools: ToolCardsSchema });
export type CompleteToolDescriptions = z.infer<typeof CompleteToolDescriptionsSchema>;

/** Validates tool descriptions from outside (a data file); the issues name the field at fault. */
export function parseToolDescriptions(value: unknown) {
  return ToolDescriptionsSchema.safeParse(value);
}

/** The packaged data file; the same relative place from src/ (tests, tsx) and from dist/ (the built CLI). */
export const TOOL_DESCRIPTIONS_FILE = join(CORPUS_DIR, "plans", "tools.yaml");

/**
 * Reads and validates a complete tool-descriptions file. Throws with the file and the field at fault: at module
 * load a broken packaged file is a bug of the package, not something a user could fix with a flag.
 */
export function loadToolDescriptions(file: string = TOOL_DESCRIPTIONS_FILE): CompleteToolDescriptions {
  let value: unknown;
  try {
    value = yamlValue(readYamlFile(file), file);
  } catch (error) {
    throw new Error(`${file}: cannot read tool descriptions (${(error as Error).message})`);
  }
  const parsed = CompleteToolDescriptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${file}: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
}

/** The descriptions every prompt and every deterministic check uses unless told otherwise. */
export const DEFAULT_TOOL_DESCRIPTIONS: CompleteToolDescriptions = loadToolDescriptions();
