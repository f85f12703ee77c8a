/** The store the browser test drives: the real SQLite store, in a temporary folder removed afterwards. */
import { join } from "node:path";
import { tempDir } from "../../../test-support/temp.js";
import type { ReviewStore } from "../../contract.js";
import { openReviewStore } from "../../store.js";

export function reviewStoreForTests(): ReviewStore & { dispose(): void } {
  const dir = tempDir("tooluse-review-web-");
  const store = openReviewStore(join(dir.path, "review.sqlite"));
  return Object.assign(store, {
    dispose: () => {
      store.close();
      dir.remove();
    },
  });
}
