/** `tooluse import bfcl|when2call`: convert a public benchmark's files into a cases JSONL file, written atomically. */
import type { Case } from "../cases/schema.js";
import { casesJsonl, importBfcl, importWhen2Call, type SourceFile } from "../import/index.js";
import { writeOutput } from "../io/output.js";
import { type Io, outputOptions } from "./io.js";

export interface ImportBfclOptions {
  questions: string;
  answers?: string | undefined;
  out: string;
}

/** A file to read line by line: a benchmark file may be large, and one huge line is refused, never held whole. */
function readSource(file: string): SourceFile {
  return { file, path: file };
}

function expectationKind(c: Case): string {
  const expect = c.expect;
  if ("call" in expect) return "call";
  if ("calls" in expect) return "calls";
  if ("any_call" in expect) return "any_call";
  return expect.no_call;
}

function report(cases: readonly Case[], out: string, io: Io): number {
  writeOutput(out, casesJsonl(cases), outputOptions(io));
  const kinds = new Map<string, number>();
  for (const c of cases) kinds.set(expectationKind(c), (kinds.get(expectationKind(c)) ?? 0) + 1);
  const breakdown = [...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ");
  io.stdout(`imported ${cases.length} cases (${breakdown}) → ${out}\n`);
  const unpassable = cases.filter((c) => c.bfcl?.unpassable).map((c) => c.id);
  if (unpassable.length > 0) {
    io.stdout(
      `${unpassable.length} unpassable (an argument with no accepted value; BFCL fails every output): ${unpassable.join(", ")}\n`,
    );
  }
  return 0;
}

/** `tooluse import bfcl --questions FILE [--answers FILE] --out FILE` */
export function runImportBfcl(options: ImportBfclOptions, io: Io): number {
  const questions = readSource(options.questions);
  const answers = options.answers === undefined ? undefined : readSource(options.answers);
  return report(importBfcl({ questions, answers }), options.out, io);
}

/** `tooluse import when2call FILE --out FILE` */
export function runImportWhen2Call(file: string, options: { out: string }, io: Io): number {
  return report(importWhen2Call(readSource(file)), options.out, io);
}
