/** Types shared by the tool catalogue, the normalisers and everything that renders tools. */

/** The JSON Schema type keywords a parameter may use. */
export const JSON_TYPES = ["string", "number", "integer", "boolean", "array", "object", "null"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** One JSON Schema node. Keywords the grader does not read (`default`, `format`, …) are kept for the prompt. */
export interface JsonSchemaNode {
  type?: JsonType | JsonType[] | undefined;
  description?: string | undefined;
  enum?: unknown[] | undefined;
  items?: JsonSchemaNode | undefined;
  properties?: Record<string, JsonSchemaNode> | undefined;
  required?: string[] | undefined;
  [keyword: string]: unknown;
}

/** A normalised argument value: numbers compare with a relative tolerance, strings exactly. */
export type NormalisedValue = { kind: "number"; value: number } | { kind: "string"; value: string };

/** Why a value could not be normalised (e.g. an expression that is not evaluable). */
export type NormaliseFailure = { kind: "invalid"; reason: string };

/** Turns any JSON value a model produced into a comparable value, or says why it cannot. */
export type Normaliser = (value: unknown) => NormalisedValue | NormaliseFailure;

/** The names of the normalisers a parameter may declare; the registry maps each to a function. */
export type NormaliserName =
  | "expression"
  | "number"
  | "text"
  | "city"
  | "language"
  | "currency"
  | "unit"
  | "timezone"
  | "boolean"
  | "enum";

/** One parameter of a tool, declared once: it renders the prompt, the JSON Schema and the grader. */
export interface ToolParameter {
  name: string;
  type: "string" | "number" | "integer" | "boolean" | "array" | "object";
  description: string;
  required: boolean;
  normaliser: NormaliserName;
  enum?: readonly string[];
  /** Tools a case defines itself: the parameter's JSON Schema, rendered as is and compared structurally. */
  schema?: JsonSchemaNode;
}

/** A tool as offered to a model. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: readonly ToolParameter[];
  /** Other names a lenient runtime would resolve to this tool (`calc` → calculator). */
  aliases: readonly string[];
}

/** A tool call as extracted from a model's output. Arguments are raw JSON values, not yet normalised. */
export interface Call {
  name: string;
  arguments: Record<string, unknown>;
}
