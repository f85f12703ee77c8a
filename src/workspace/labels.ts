/** What each transcript label means, in the words a data insights table would use. */
import {
  COMPLAINTS,
  CONTACT_REASONS,
  ESCALATION_TRIGGERS,
  LINES,
  PRAISE,
  type Topic,
  UNRESOLVED_REASONS,
} from "./generate/templates.js";

const SYSTEM: Record<string, string> = {
  "system.hold": "Customer placed on hold",
  "system.silence": "Long silence",
  "system.overtalk": "Agent and customer talk over each other",
  "system.escalation": "Escalated to a supervisor",
  "system.transfer": "Transferred to another team",
};

const DESCRIPTIONS: ReadonlyMap<string, string> = new Map([
  ...[
    ...Object.values(CONTACT_REASONS).flat(),
    ...Object.values(COMPLAINTS).flat(),
    ...Object.values(LINES),
    ...ESCALATION_TRIGGERS,
    ...UNRESOLVED_REASONS,
    ...PRAISE,
  ].map((t: Topic) => [t.label, t.description] as const),
  ...Object.entries(SYSTEM),
]);

/** The description of a label; the label itself for one the templates do not know. */
export function labelDescription(label: string): string {
  return DESCRIPTIONS.get(label) ?? label;
}
