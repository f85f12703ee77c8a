/**
 * What a reply without a call does: it asks the user for something (`question`), declines for want of a capability
 * (`refusal`), or says something itself (`answer`). English and Russian. Read from the roles of the reply's units
 * (docs/reply-roles.md; the rules, one per role, are in src/grade/roles/), not from punctuation.
 */
import { type Behaviour, type ReplyReading, readBehaviour, readReply } from "./roles/reply-roles.js";

export type { Behaviour, ReplyReading };
export { readBehaviour, readReply };

/**
 * Classifies a reply that made no call.
 * @example classifyBehaviour("Which city do you mean?") // "question"
 * @example classifyBehaviour("Я не могу заказать пиццу.") // "refusal"
 * @example classifyBehaviour("Canberra is the capital. Anything else?") // "answer"
 */
export function classifyBehaviour(prose: string): Behaviour {
  return readBehaviour(prose).behaviour;
}
