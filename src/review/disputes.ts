/** The disputed verdicts of a review database: each annotator's latest review of a record, where it is a dispute. */
import type { ReviewStore, VerdictLabel, VerdictPayload } from "./contract.js";
import { type DisputeLine, disputeLine } from "./kinds/verdict.js";

export function disputes(store: ReviewStore): DisputeLine[] {
  return store.labels("verdict").flatMap((stored) => {
    const label = stored.label as VerdictLabel;
    if (label.verdict !== "dispute") return [];
    const payload = store.getTask(stored.task_id)?.payload as VerdictPayload;
    return [disputeLine(payload, label, stored.annotator)];
  });
}
