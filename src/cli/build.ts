/** `tooluse build`: regenerate data/tooluse1.jsonl and data/manifest.json from corpus/. */
import { join } from "node:path";
import { buildCorpus } from "../cases/build.js";
import { writeOutput } from "../io/output.js";
import { CORPUS_DIR, DATA_DIR } from "../paths.js";
import type { Io } from "./io.js";

export interface BuildOptions {
  corpus?: string | undefined;
  data?: string | undefined;
}

/** Nothing is written unless every case builds: the corpus is checked whole before the first file is replaced. */
export function runBuild(options: BuildOptions, io: Io): number {
  const built = buildCorpus(options.corpus ?? CORPUS_DIR);
  const dataDir = options.data ?? DATA_DIR;
  const manifest = `${JSON.stringify(built.manifest, null, 2)}\n`;
  writeOutput(join(dataDir, "tooluse1.jsonl"), built.jsonl);
  writeOutput(join(dataDir, "manifest.json"), manifest);
  const m = built.manifest;
  io.stdout(`built ${m.cases} cases (ToolUse.1 ${m.version}, ${m.digest}) into data/tooluse1.jsonl\n`);
  return 0;
}
