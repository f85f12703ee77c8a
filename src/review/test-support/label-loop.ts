/**
 * A child process for the durability test: opens the review database given as the first argument, adds one verdict
 * task, then adds labels in a loop and prints each label's id after its transaction returned. The test kills it.
 */
import { openReviewStore } from "../store.js";
import { verdictTask } from "./tasks.js";

const store = openReviewStore(process.argv[2] as string);
store.addTasks("verdict", [verdictTask("case-1")]);
const taskId = store.listTasks({ kind: "verdict" })[0]?.id as number;
for (let i = 0; ; i++) {
  const label = store.addLabel(taskId, `annotator-${i % 3}`, { verdict: "dispute", reason: `reason ${i}` });
  process.stdout.write(`${label.id}\n`);
}
