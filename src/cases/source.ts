/** The authored corpus source format: readable YAML with two shorthands, expanded into full cases by the build. */
import { z } from "zod";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { DIFFICULTIES, ExpectSchema, MessageSchema, NEGATIVE_KINDS } from "./schema.js";

/**
 * One entry of `corpus/<category>.<lang>.yaml`. Category and language come from the file name;
 * `tools` defaults to all nine in catalogue order; `user` stands for a single user message.
 */
export const SourceEntrySchema = z
  .strictObject({
    id: z.string(),
    difficulty: z.enum(DIFFICULTIES),
    kind: z.enum(NEGATIVE_KINDS).optional(),
    tools: z.array(z.enum(TOOL_NAMES)).min(1).optional(),
    user: z.string().min(1).optional(),
    messages: z.array(MessageSchema).min(1).optional(),
    expect: ExpectSchema,
    /** A reviewer's note on why the expectation is right; kept out of the built file. */
    note: z.string().optional(),
  })
  .refine((entry) => (entry.user === undefined) !== (entry.messages === undefined), {
    message: "give exactly one of `user` (a single turn) or `messages` (a conversation)",
    path: ["user"],
  });

export type SourceEntry = z.infer<typeof SourceEntrySchema>;
