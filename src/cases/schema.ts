/** The case format (a public interface): zod schemas for any suite, the stricter ToolUse.1 refinement, and the inferred types. */
import { z } from "zod";
import { TOOL_NAMES } from "../tools/catalogue.js";
import type { ToolDefinition } from "../tools/definition.js";
import { JSON_TYPES, type JsonSchemaNode } from "../tools/types.js";
import { caseRuleIssues } from "./case-rules.js";
import { ConstraintError, compileConstraint } from "./constraint.js";
import { isMentions } from "./mentions.js";
import {
  CASE_KEYS,
  DIFFICULTIES,
  NEGATIVE_KINDS,
  NO_CALL_BEHAVIOURS,
  TOOLUSE1_CATEGORIES,
  TOOLUSE1_LANGS,
} from "./vocabulary.js";

export { obeysCaseRules, offeredName } from "./case-rules.js";
export {
  CASE_KEYS,
  CATEGORIES,
  type Category,
  DEFAULT_PROTOCOLS,
  DIFFICULTIES,
  type Difficulty,
  LANGS,
  type Lang,
  NEGATIVE_KINDS,
  NO_CALL_BEHAVIOURS,
  type NoCallBehaviour,
  PROTOCOLS,
  type Protocol,
  TOOLUSE1_CATEGORIES,
  TOOLUSE1_LANGS,
} from "./vocabulary.js";

const toolName = z.enum(TOOL_NAMES);
const jsonValue = z.json();

/** Alternatives: any listed value matches; `optional` also accepts the argument left out (an empty list then means "absent"). */
const AlternativesSchema = z
  .strictObject({ one_of: z.array(jsonValue), optional: z.literal(true).optional() })
  .refine((v) => v.one_of.length > 0 || v.optional === true, {
    message: "expected at least one value in one_of (an empty list only with optional: true)",
    path: ["one_of"],
  });

/** Free text given by what it must mention (src/cases/mentions.ts): each entry a phrase or alternatives. */
const MentionsSchema = z.strictObject({ mentions: z.array(z.lazy(() => ConstraintSchema)).min(1) });

/**
 * An expected argument: a plain value, alternatives, or the phrases free text must mention. Inside objects and
 * arrays, alternatives may nest.
 */
export const ExpectedValueSchema = z.union([
  AlternativesSchema,
  MentionsSchema,
  // A `mentions` object that failed its own schema must not pass as a plain value.
  jsonValue.refine((value) => !isMentions(value), { message: "expected mentions: a list of phrases" }),
]);

export const CallSchema = z.strictObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), jsonValue),
});

const ToolUse1ExpectedCallSchema = z.strictObject({
  name: toolName,
  arguments: z.record(z.string(), ExpectedValueSchema),
});

const ExpectedCallSchema = z.strictObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), ExpectedValueSchema),
});

/** A call in the history: a concrete call the assistant made earlier (plain values only). */
export const HistoryCallSchema = z.strictObject({
  name: toolName,
  arguments: z.record(z.string(), jsonValue),
});

export const MessageSchema = z.union([
  z.strictObject({ role: z.literal("user"), content: z.string().min(1) }),
  z.strictObject({ role: z.literal("assistant"), tool_call: HistoryCallSchema }),
  z.strictObject({ role: z.literal("assistant"), content: z.string().min(1) }),
  z.strictObject({ role: z.literal("tool"), name: toolName, content: z.string() }),
]);

/** One answer constraint: a phrase, or alternatives (one per script, say); it must compile (see constraint.ts). */
const ConstraintSchema = z
  .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
  .superRefine((value, ctx) => {
    try {
      compileConstraint(value);
    } catch (error) {
      if (!(error instanceof ConstraintError)) throw error;
      ctx.addIssue({ code: "custom", message: `constraint cannot be compiled: ${error.message}` });
    }
  });

const NoCallSchema = z.strictObject({
  no_call: z.enum(NO_CALL_BEHAVIOURS),
  answer_contains_all: z.array(ConstraintSchema).optional(),
  answer_contains_any: z.array(ConstraintSchema).min(1).optional(),
});

/** ToolUse.1's expectation (the authored corpus): exactly one call to a catalogue tool, or no call. */
export const ExpectSchema = z.union([z.strictObject({ call: ToolUse1ExpectedCallSchema }), NoCallSchema]);

/**
 * Any suite's expectation: one call (exactly one must be made), several calls matched as a set
 * (`calls`), some call to an offered tool whatever its arguments (`any_call`), or no call.
 */
export const CaseExpectSchema = z.union([
  z.strictObject({ call: ExpectedCallSchema }),
  z.strictObject({ calls: z.array(ExpectedCallSchema).min(1) }),
  z.strictObject({ any_call: z.literal(true) }),
  NoCallSchema,
]);

const JsonSchemaNodeSchema: z.ZodType<JsonSchemaNode> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.enum(JSON_TYPES), z.array(z.enum(JSON_TYPES)).min(1)]).optional(),
    description: z.string().optional(),
    enum: z.array(jsonValue).optional(),
    items: JsonSchemaNodeSchema.optional(),
    properties: z.record(z.string(), JsonSchemaNodeSchema).optional(),
    required: z.array(z.string()).optional(),
  }),
);

/** A tool the case defines itself; its parameters are JSON Schema (BFCL's dialect is mapped on import). */
export const ToolDefinitionSchema: z.ZodType<ToolDefinition> = z.strictObject({
  name: z.string().regex(/^\S+$/, "expected a tool name without spaces"),
  description: z.string().optional(),
  parameters: z.looseObject({
    type: z.literal("object"),
    properties: z.record(z.string(), JsonSchemaNodeSchema),
    required: z.array(z.string()).optional(),
  }),
});

/**
 * An imported BFCL question as BFCL's own checker sees it; the `bfcl` grading profile reads this instead of
 * `expect`. The possible answer stays JSON text because BFCL tells `5.0` from `5` and JSON values do not.
 */
export const BfclSourceSchema = z.strictObject({
  category: z.string().min(1),
  /** The function documents as far as BFCL's checker reads them: name, parameter types, `required`. */
  function: z.array(z.unknown()),
  ground_truth: z.string().optional(),
  /** Arguments (`call#.name.argument`) whose list of accepted values is empty: no output can pass the question. */
  unpassable: z.array(z.string()).min(1).optional(),
});

const CaseObject = z.strictObject({
  id: z.string().min(1),
  lang: z.string().regex(/^[a-z]{2}$/, "expected an ISO 639-1 language code such as en"),
  category: z.string().min(1),
  difficulty: z.enum(DIFFICULTIES).optional(),
  kind: z.enum(NEGATIVE_KINDS).optional(),
  /** A catalogue name, or a tool the case defines itself. */
  tools: z.array(z.union([toolName, ToolDefinitionSchema])),
  messages: z.array(MessageSchema).min(1),
  expect: CaseExpectSchema,
  bfcl: BfclSourceSchema.optional(),
});

type CaseShape = z.infer<typeof CaseObject>;

// The quick check (quick-check.ts) reads a case's keys from CASE_KEYS: a shape that disagrees is a bug, seen at once.
if (Object.keys(CaseObject.shape).join() !== CASE_KEYS.join())
  throw new Error(
    `cases/vocabulary.ts: CASE_KEYS is not the case schema's key order (${Object.keys(CaseObject.shape).join(", ")})`,
  );

type Issues = z.core.$RefinementCtx<CaseShape>;

/** Rules for every suite: the user speaks last, each tool is offered once, every expected tool is offered. */
function checkCase(c: CaseShape, ctx: Issues): void {
  caseRuleIssues(c, (path, message) => ctx.addIssue({ code: "custom", path, message }));
}

/** Any suite's case: what `loadCases` accepts. */
export const CaseSchema = CaseObject.superRefine(checkCase);

/** ToolUse.1's stricter form, applied by `tooluse build`: its id pattern, categories, languages and catalogue tools. */
export const ToolUse1CaseSchema = CaseObject.extend({
  id: z.string().regex(/^[a-z0-9_]+-[a-z]{2}-\d{2,}$/, "expected <category>-<lang>-<nn>"),
  lang: z.enum(TOOLUSE1_LANGS),
  category: z.enum(TOOLUSE1_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  tools: z.array(toolName).min(1),
  expect: ExpectSchema,
}).superRefine((c, ctx) => {
  checkCase(c, ctx as unknown as Issues);
  if ((c.category === "negative") !== (c.kind !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["kind"], message: "kind is required on negative cases only" });
  }
  if (!c.id.startsWith(`${c.category}-${c.lang}-`)) {
    ctx.addIssue({
      code: "custom",
      path: ["id"],
      message: `expected the id to start with ${c.category}-${c.lang}-`,
    });
  }
});

export type BfclSource = z.infer<typeof BfclSourceSchema>;
export type ExpectedValue = z.infer<typeof ExpectedValueSchema>;
export type HistoryCall = z.infer<typeof HistoryCallSchema>;
export type Message = z.infer<typeof MessageSchema>;
export type Expect = z.infer<typeof CaseExpectSchema>;
export type AnswerConstraint = z.infer<typeof ConstraintSchema>;
export type ExpectedCall = z.infer<typeof ExpectedCallSchema>;
export type OfferedTool = CaseShape["tools"][number];
/**
 * One test case. Never changed once loaded: the grader prepares what depends on the case alone (offered tools,
 * normalised expected values, compiled constraints, BFCL's question) once per case object and reuses it, so a case
 * edited in place would be graded by its old expectation. Build a new case object instead.
 */
export type Case = z.infer<typeof CaseSchema>;
export type ToolUse1Case = z.infer<typeof ToolUse1CaseSchema>;
