/** The review workbench's data layer: the store, the kinds and their facts, for the web layer and the CLI. */
export * from "./contract.js";
export { KINDS } from "./kinds/index.js";
export { type PreviewScore, previewScore } from "./kinds/lineage.js";
export { openReviewStore } from "./store.js";
