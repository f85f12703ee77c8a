/**
 * The T2S trigger phrases per field group (call drivers, moments, QA), as a zod-validated structure. Checks take
 * it as a parameter; a later issue moves the data into a file under data/plans/ and reads it with this schema.
 */
import { z } from "zod";

export const TRIGGER_GROUPS = ["call_drivers", "moments", "qa"] as const;
export type TriggerGroup = (typeof TRIGGER_GROUPS)[number];

const TriggerSchema = z.strictObject({
  /** The field as the tool description names it; one trigger however many of its variants appear. */
  phrase: z.string().trim().min(1),
  /** Other ways planners write the same field; matching is on stemmed words, so plurals need no variant. */
  variants: z.array(z.string().trim().min(1)).default([]),
});

export const ToolDescriptionsSchema = z.strictObject({
  triggers: z.strictObject({
    call_drivers: z.array(TriggerSchema),
    moments: z.array(TriggerSchema),
    qa: z.array(TriggerSchema),
  }),
});
export type ToolDescriptions = z.infer<typeof ToolDescriptionsSchema>;
export type ToolDescriptionsInput = z.input<typeof ToolDescriptionsSchema>;

/** Validates tool descriptions from outside (a data file); the issues name the field at fault. */
export function parseToolDescriptions(value: unknown) {
  return ToolDescriptionsSchema.safeParse(value);
}

/**
 * Field groups of the structured store, from the paper's tool description. Ids and metadata (channel,
 * duration, agent, team) are not triggers: "fetch call_ids" is expressly not one.
 */
const DEFAULT_INPUT: ToolDescriptionsInput = {
  triggers: {
    call_drivers: [
      {
        phrase: "payment issue",
        variants: ["payment problem", "payment failure", "failed payment", "payment", "billing"],
      },
      {
        phrase: "delivery delay",
        variants: ["delayed delivery", "late delivery", "shipping delay", "delayed order"],
      },
      { phrase: "missing item", variants: ["item missing", "missing product", "missing order"] },
      {
        phrase: "account access",
        variants: ["login", "log in", "locked account", "account locked", "password reset"],
      },
      { phrase: "order status", variants: ["order tracking", "track order", "where is my order"] },
      { phrase: "refund", variants: ["refund request", "reimbursement"] },
    ],
    moments: [
      { phrase: "escalation", variants: ["escalated", "escalate", "supervisor escalation"] },
      { phrase: "transfer", variants: ["transferred", "call transfer"] },
      { phrase: "sentiment", variants: ["sentiment tag", "customer sentiment"] },
      { phrase: "abusive interaction", variants: ["abusive", "abuse", "abusive language"] },
      {
        phrase: "issue resolved",
        variants: ["resolved", "unresolved", "resolution", "did we resolve", "dwr", "issue resolution"],
      },
      { phrase: "follow-up required", variants: ["follow up", "followup", "follow-up"] },
      { phrase: "hold", variants: ["on hold", "hold time", "placed on hold"] },
      { phrase: "silence", variants: ["dead air", "long silence"] },
    ],
    qa: [
      { phrase: "qa score", variants: ["qa", "quality score", "quality assurance score", "overall score"] },
      { phrase: "compliance & pii security", variants: ["compliance", "pii", "pii security", "compliant"] },
      { phrase: "case handling", variants: [] },
      { phrase: "timeliness", variants: ["timely"] },
      { phrase: "professionalism", variants: ["professional"] },
      { phrase: "empathy", variants: ["empathetic", "empathize", "empathise"] },
      { phrase: "closing", variants: ["call closing", "proper closing"] },
      { phrase: "communication clarity", variants: ["clarity", "clear communication"] },
      { phrase: "pass/fail check", variants: ["pass fail", "pass or fail"] },
    ],
  },
};

export const DEFAULT_TOOL_DESCRIPTIONS: ToolDescriptions = ToolDescriptionsSchema.parse(DEFAULT_INPUT);
