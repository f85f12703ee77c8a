/** Every task kind, by name. */
import type { TaskKind } from "../contract.js";
import { answersKind } from "./answers.js";
import type { KindModule } from "./kind.js";
import { lineageKind } from "./lineage.js";
import { planRatingKind } from "./plan-rating.js";
import { stepTagsKind } from "./step-tags.js";
import { tripletKind } from "./triplet.js";
import { verdictKind } from "./verdict.js";

/**
 * Erased to unknown payloads and labels: the store parses a label with `labelSchema` before handing it to the
 * kind's functions, and payloads were parsed with `payloadSchema` when the task was added.
 */
type AnyKind = KindModule<unknown, unknown>;

export const KINDS: Readonly<Record<TaskKind, AnyKind>> = {
  lineage: lineageKind as unknown as AnyKind,
  "plan-rating": planRatingKind as unknown as AnyKind,
  "step-tags": stepTagsKind as unknown as AnyKind,
  triplet: tripletKind as unknown as AnyKind,
  answers: answersKind as unknown as AnyKind,
  verdict: verdictKind as unknown as AnyKind,
};
