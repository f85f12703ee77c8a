/** The ToolUse.1 case format (a public interface): zod schemas, with the TypeScript types inferred from them. */
import { z } from "zod";
import { TOOL_NAMES } from "../tools/catalogue.js";

export const CATEGORIES = [
  "calculator",
  "get_weather",
  "translate",
  "convert_currency",
  "convert_units",
  "save_note",
  "negative",
  "clarification",
  "multi_step",
  "web_search",
  "set_timer",
  "get_time",
] as const;
export const LANGS = ["en", "ru"] as const;
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const NEGATIVE_KINDS = ["knowledge", "capability_trap", "instruction_trap"] as const;
export const PROTOCOLS = ["json", "xml", "plain", "native"] as const;

export type Category = (typeof CATEGORIES)[number];
export type Lang = (typeof LANGS)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];
export type Protocol = (typeof PROTOCOLS)[number];

const toolName = z.enum(TOOL_NAMES);
const jsonValue = z.json();

/** An expected argument: a plain value, or several accepted values. */
export const ExpectedValueSchema = z.union([
  z.strictObject({ one_of: z.array(jsonValue).min(1) }),
  jsonValue,
]);

export const CallSchema = z.strictObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), jsonValue),
});

const ExpectedCallSchema = z.strictObject({
  name: toolName,
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

export const ExpectSchema = z.union([
  z.strictObject({ call: ExpectedCallSchema }),
  z.strictObject({
    no_call: z.enum(["abstain", "clarify"]),
    answer_contains_all: z.array(z.string().min(1)).optional(),
    answer_contains_any: z.array(z.string().min(1)).min(1).optional(),
  }),
]);

export const CaseSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9_]+-[a-z]{2}-\d{2,}$/, "expected <category>-<lang>-<nn>"),
    lang: z.enum(LANGS),
    category: z.enum(CATEGORIES),
    difficulty: z.enum(DIFFICULTIES),
    kind: z.enum(NEGATIVE_KINDS).optional(),
    tools: z.array(toolName).min(1),
    messages: z.array(MessageSchema).min(1),
    expect: ExpectSchema,
  })
  .superRefine((c, ctx) => {
    const last = c.messages.at(-1);
    if (last?.role !== "user") {
      ctx.addIssue({ code: "custom", path: ["messages"], message: "the last message must be the user turn" });
    }
    if (new Set(c.tools).size !== c.tools.length) {
      ctx.addIssue({ code: "custom", path: ["tools"], message: "a tool is offered twice" });
    }
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
    if ("call" in c.expect && !c.tools.includes(c.expect.call.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["expect", "call", "name"],
        message: "the expected tool is not offered",
      });
    }
  });

export type ExpectedValue = z.infer<typeof ExpectedValueSchema>;
export type HistoryCall = z.infer<typeof HistoryCallSchema>;
export type Message = z.infer<typeof MessageSchema>;
export type Expect = z.infer<typeof ExpectSchema>;
export type Case = z.infer<typeof CaseSchema>;
