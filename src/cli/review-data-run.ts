/** The work of `tooluse review add` and `tooluse review export` (defined in commands/review/add.ts and export.ts). */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { TASK_KINDS, type TaskKind } from "../review/contract.js";
import { exportLabels } from "../review/export.js";
import { chooseFormat } from "../review/export-format.js";
import { KINDS } from "../review/kinds/index.js";
import type { ImportSources } from "../review/kinds/kind.js";
import { verdictTasks } from "../review/kinds/verdict.js";
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
  const { required, optional } = KINDS[kind].sources;
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

/** Reads every input before the database is opened or created: a bad file adds nothing and creates nothing. */
export function runReviewAdd(options: ReviewAddOptions, io: Io): number {
  try {
    const db = dbOf(options.db);
    const kind = choice("--kind", options.kind, TASK_KINDS);
    const failuresOnly = options.failuresOnly === true;
    if (failuresOnly && kind !== "verdict")
      throw new UserError(`--failures-only: --kind ${kind} does not read it`, {
        hint: "it picks verdict records: --kind verdict --results FILE --failures-only",
      });
    const sources = sourcesFor(kind, db, options);
    const verdicts = kind === "verdict" ? verdictTasks(sources.results as string, { failuresOnly }) : null;
    for (const note of verdicts?.notes ?? []) io.stderr(`warning: ${terminalText(note)}\n`);
    const tasks = verdicts ? verdicts.tasks : KINDS[kind].importTasks(sources);
    const store = openReviewStore(db);
    try {
      const { added, skipped } = store.addTasks(kind, tasks);
      io.stdout(
        `added ${added} ${kind} task(s) to ${db}${skipped > 0 ? ` (${skipped} already there)` : ""}${verdicts && verdicts.errored > 0 ? `; ${verdicts.errored} errored record(s) left out: no verdict to review` : ""}${verdicts && verdicts.passedLeftOut > 0 ? `; ${verdicts.passedLeftOut} passing record(s) left out (--failures-only)` : ""}\n`,
      );
    } finally {
      store.close();
    }
    if (verdicts?.withoutCase)
      io.stderr(
        `warning: ${verdicts.withoutCase.count} verdict task(s) show no case (question, expectation): ${terminalText(verdicts.withoutCase.reason)}\n`,
      );
    return 0;
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
}

export function runReviewExport(options: ReviewExportOptions, io: Io): number {
  try {
    const db = dbOf(options.db);
    const kind = choice("--kind", options.kind, TASK_KINDS);
    const spec = KINDS[kind];
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
