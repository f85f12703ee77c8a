/** The store the web layer's browser test drives: in memory until the SQLite store is merged in. */
import type { ReviewStore } from "../../contract.js";
import { memoryStore } from "./memory-store.js";

export function reviewStoreForTests(): ReviewStore & { dispose(): void } {
  const store = memoryStore();
  return Object.assign(store, { dispose: () => store.close() });
}
