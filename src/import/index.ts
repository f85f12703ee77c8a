/** Importers for public tool-calling benchmarks: each record becomes a case in the project's format. */
export { type BfclSources, bfclCategory, importBfcl } from "./bfcl.js";
export { casesJsonl, RecordError, type Source, type SourceFile, type SourceText } from "./records.js";
export {
  importWhen2Call,
  WHEN2CALL_BEHAVIOURS,
  type When2CallBehaviour,
  when2callCase,
} from "./when2call.js";
