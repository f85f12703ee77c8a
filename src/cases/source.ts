/** The authored corpus source format: readable YAML with two shorthands, expanded into full cases by the build. */
import { z } from "zod";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { DIFFICULTIES, type Difficulty, ExpectSchema, MessageSchema, NEGATIVE_KINDS } from "./schema.js";

/**
 * What can make a case harder than its task itself (docs/corpus.md, "Difficulty"): the tool must be inferred
 * because the action is never named; an argument must be composed or converted rather than copied; the message
 * carries noise (typos, slang, mixed languages, sentences the task does not need); a wrong behaviour is made
 * tempting (a misleading word, a withheld or forbidden tool, an invitation to a second call).
 */
export const COMPLICATIONS = ["inferred", "rewritten", "noise", "distractor"] as const;
export type Complication = (typeof COMPLICATIONS)[number];

/** The written rule: no complication is easy, one is medium, two or more are hard. */
export function difficultyOf(complications: readonly Complication[]): Difficulty {
  return complications.length === 0 ? "easy" : complications.length === 1 ? "medium" : "hard";
}

/**
 * One entry of `corpus/<category>.<lang>.yaml`. Category and language come from the file name;
 * `tools` defaults to all nine in catalogue order; `user` stands for a single user message.
 */
export const SourceEntrySchema = z
  .strictObject({
    id: z.string(),
    difficulty: z.enum(DIFFICULTIES),
    /** Why the case has its difficulty; kept out of the built file, checked against `difficulty`. */
    complications: z.array(z.enum(COMPLICATIONS)).optional(),
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
  })
  .superRefine((entry, ctx) => {
    const listed = entry.complications ?? [];
    if (new Set(listed).size !== listed.length) {
      ctx.addIssue({ code: "custom", path: ["complications"], message: "a complication is listed twice" });
    }
    const rule = difficultyOf(listed);
    if (rule !== entry.difficulty) {
      ctx.addIssue({
        code: "custom",
        path: ["difficulty"],
        message: `expected ${rule}: ${listed.length} complication(s) listed (docs/corpus.md, "Difficulty")`,
      });
    }
  });

export type SourceEntry = z.infer<typeof SourceEntrySchema>;
