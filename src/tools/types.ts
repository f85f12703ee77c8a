/** Types shared by the tool catalogue, the normalisers and everything that renders tools. */
import type { JsonSchemaNode } from "./definition.js";

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
