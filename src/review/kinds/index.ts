/**
 * The registry of task kinds: adding a kind is its module and one line here. The store, the pages, export, agreement
 * and the CLI's `--kind` choices all read this list, in this order (the index page numbers the kinds by it).
 */
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
export type AnyKind = KindModule<unknown, unknown>;

const erased = <P, L>(kind: KindModule<P, L>) => kind as unknown as AnyKind;

/** By name, in the order the pages list them; the key is the module's `kind`. */
export const KINDS = {
  lineage: erased(lineageKind),
  "plan-rating": erased(planRatingKind),
  "step-tags": erased(stepTagsKind),
  triplet: erased(tripletKind),
  answers: erased(answersKind),
  verdict: erased(verdictKind),
} satisfies Readonly<Record<string, AnyKind>>;

/** The kinds this tooluse ships, by name (tests and samples that cover each of them). */
export type BuiltInKind = keyof typeof KINDS;
