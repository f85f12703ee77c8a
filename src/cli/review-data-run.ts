/** The work of `tooluse review add` and `tooluse review export` (defined in commands/review/add.ts and export.ts). */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import type { TaskKind } from "../review/contract.js";
import { exportLabels } from "../review/export.js";
import { chooseFormat } from "../review/export-format.js";
import type { AnyKind } from "../review/kinds/index.js";
import type { ImportSources, KindImport } from "../review/kinds/kind.js";
import { kindNamed, taskKinds } from "../review/kinds/lookup.js";
import { openReviewStore } from "../review/store.js";
import { terminalText } from "../sanitize.js";
import { reportExpected } from "./boundary.js";
import { checkInput, checkOutputs, flagName } from "./file-flags.js";
import { choice } from "./flags.js";
import { type Io, outputOptions } from "./io.js";

const SOURCE_FLAGS = ["queries", "plans", "lineages", "responses", "answers", "results"] as const;

export interface ReviewAddOptions extends ImportSources {
  db?: string;
  kind: string;
  failuresOnly?: boolean;
}

export interface ReviewExportOptions {
  db?: string;
  kind: string;
  out: string;
  format?: string;
  annotator?: string;
  force?: boolean;
}

function dbOf(db: string | undefined): string {
  if (typeof db !== "string" || db.trim() === "")
    throw new UserError("--db: expected the review database file");
  return db;
}

/** The files given for this kind: each one it needs, none it does not read. */
function sourcesFor(kind: TaskKind, db: string, options: ReviewAddOptions): ImportSources {
  const { required, optional } = kindNamed(kind).sources;
  const sources: ImportSources = {};
  for (const name of SOURCE_FLAGS) {
    const value = options[name];
    if (value === undefined) continue;
    if (!required.includes(name) && !optional.includes(name))
      throw new UserError(`${flagName(name)}: --kind ${kind} does not read it`, {
        hint: `it reads ${[...required, ...optional].map(flagName).join(", ")}`,
      });
    // Each input file was checked (it exists, it is a file) before any command ran: INPUT_OPTIONS in file-flags.ts.
    sources[name] = value;
  }
  // The database is written, never replaced: an input it is not, a folder it is not, and its folder is writable.
  const inputs = Object.entries(sources).map(([name, path]) => ({ flag: flagName(name), path }));
  checkOutputs([{ flag: "--db", path: db }], inputs, { force: true });
  const missing = required.find((name) => sources[name] === undefined);
  if (missing) throw new UserError(`--kind ${kind} needs ${flagName(missing)} FILE`);
  return sources;
}

/** `--failures-only` is for the kinds whose items pass or fail; any other kind refuses it, naming one that reads it. */
function checkFailuresOnly(spec: AnyKind, failuresOnly: boolean): void {
  if (!failuresOnly || spec.failuresOnly) return;
  const reader = taskKinds()
    .map(kindNamed)
    .find((other) => other.failuresOnly);
  const example = reader
    ? `: --kind ${reader.kind} ${reader.sources.required.map((name) => `${flagName(name)} FILE`).join(" ")} --failures-only`
    : "";
  throw new UserError(`--failures-only: --kind ${spec.kind} does not read it`, {
    hint: `it picks ${reader?.kind ?? "pass/fail"} records${example}`,
  });
}

/** What the import added, and what it left out and why, on one line. */
function addedLine(kind: TaskKind, db: string, added: number, skipped: number, found: KindImport): string {
  const leftOut = (found.leftOut ?? []).map((clause) => `; ${clause}`).join("");
  return `added ${added} ${kind} task(s) to ${db}${skipped > 0 ? ` (${skipped} already there)` : ""}${leftOut}\n`;
}

/** Reads every input before the database is opened or created: a bad file adds nothing and creates nothing. */
export function runReviewAdd(options: ReviewAddOptions, io: Io): number {
  try {
    const db = dbOf(options.db);
    const spec = kindNamed(choice("--kind", options.kind, taskKinds()));
    const failuresOnly = options.failuresOnly === true;
    checkFailuresOnly(spec, failuresOnly);
    const found = spec.importTasks(sourcesFor(spec.kind, db, options), { failuresOnly });
    for (const note of found.notes ?? []) io.stderr(`warning: ${terminalText(note)}\n`);
    const store = openReviewStore(db);
    try {
      const { added, skipped } = store.addTasks(spec.kind, found.tasks);
      io.stdout(addedLine(spec.kind, db, added, skipped, found));
    } finally {
      store.close();
    }
    for (const warning of found.warnings ?? []) io.stderr(`warning: ${terminalText(warning)}\n`);
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}

export function runReviewExport(options: ReviewExportOptions, io: Io): number {
  try {
    const db = dbOf(options.db);
    const kind = choice("--kind", options.kind, taskKinds());
    const spec = kindNamed(kind);
    const format = chooseFormat({
      out: options.out,
      flag: options.format,
      native: spec.nativeFormat,
      csvColumns: spec.csvColumns,
      kind,
    });
    checkInput({ flag: "--db", path: db });
    // --out was checked before the command ran; --db is the parent command's flag, so only here is it an input.
    checkOutputs([{ flag: "--out", path: options.out }], [{ flag: "--db", path: db }], {
      force: options.force === true,
    });
    const store = openReviewStore(db, { mustExist: true });
    let result: ReturnType<typeof exportLabels>;
    try {
      result = exportLabels(store, kind, options.annotator, format);
    } finally {
      store.close();
    }
    writeOutput(options.out, result.text, outputOptions(io));
    io.stdout(
      `exported ${result.labels} ${kind} label(s) by ${result.annotators.join(", ")} to ${options.out}: ${result.format}\n`,
    );
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}
