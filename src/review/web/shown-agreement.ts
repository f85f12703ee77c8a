/**
 * Agreement as the workbench shows it (the index page and GET /api/kinds). A figure over one or two shared tasks
 * gives an annotator another's label: alice, who knows her own label, reads bob's from "n 1, exact 1.00" (or 0.00).
 * So a pair's figures are shown only over at least MIN_SHARED_TASKS shared tasks, else hidden (n stays: label counts
 * are shown anyway); `plan agree` on the exported files gives every figure to whoever runs the study.
 */
import type { KindAgreement, PairAgreement } from "../contract.js";

/** Fewer shared tasks than this and a figure could give away another annotator's single label. */
export const MIN_SHARED_TASKS = 3;

type Figures = "exact" | "kappa" | "weighted_kappa";

/** A pair's figures, or none: `hidden` says which, so a hidden figure is never read as "no agreement". */
export type ShownPair =
  | (PairAgreement & { hidden: false })
  | (Omit<PairAgreement, Figures> & { [figure in Figures]: null } & { hidden: true });

export interface ShownKindAgreement extends Omit<KindAgreement, "pairs"> {
  pairs: ShownPair[];
}

export function shownPair(pair: PairAgreement): ShownPair {
  if (pair.n >= MIN_SHARED_TASKS) return { ...pair, hidden: false };
  return { ...pair, exact: null, kappa: null, weighted_kappa: null, hidden: true };
}

export function shownAgreement(agreement: KindAgreement): ShownKindAgreement {
  return { ...agreement, pairs: agreement.pairs.map(shownPair) };
}
