/** `tooluse plan build | import | export`: the planning benchmark's data files and the paper's CSV release format. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "../errors.js";
import { readInputText } from "../input/read.js";
import { writeOutput } from "../io/output.js";
import { readJsonl, toJsonLines } from "../jsonl.js";
import { CORPUS_DIR, DATA_DIR } from "../paths.js";
import {
  buildPlanData,
  exportPlans,
  exportQueries,
  importPlans,
  importQueries,
  manifestText,
  QueryRecordSchema,
  RowErrors,
} from "../plans/data/index.js";
import { DEFAULT_TOOL_DESCRIPTIONS, PlanRecordSchema } from "../plans/index.js";
import { terminalText } from "../sanitize.js";
import { reportExpected } from "./boundary.js";
import { outputOptions, type Streams } from "./io.js";
import { lintAndPrint } from "./plan-lint.js";

/** Where the build reads and writes; the defaults are the package's own corpus/plans/ and data/plans/. */
export interface PlanBuildOptions {
  sourceDir?: string;
  outDir?: string;
}

export interface PlanImportOptions {
  /** The paper's queries.csv. */
  queries: string;
  /** The paper's plans.csv (optional). */
  plans?: string;
  /** Default: the queries file with .jsonl for .csv. */
  outQueries?: string;
  /** Default: the plans file with .jsonl for .csv. */
  outPlans?: string;
}

export interface PlanExportOptions {
  /** Query lines (data/plans/queries.jsonl, or an imported file). */
  queries: string;
  out: string;
  /** Plan lines `{query_id, planner, prompt_type, plan}`; needs `outPlans`. */
  plans?: string;
  outPlans?: string;
}

function readText(file: string): string {
  return readInputText(file);
}

function jsonlBeside(csv: string): string {
  return csv.toLowerCase().endsWith(".csv") ? `${csv.slice(0, -4)}.jsonl` : `${csv}.jsonl`;
}

/** User errors end the command with exit code 2 and one line each on stderr; bugs keep their stack. */
function guarded(io: Streams, run: () => void): number {
  try {
    run();
    return 0;
  } catch (error) {
    if (!(error instanceof RowErrors)) return reportExpected(io.stderr, error);
    for (const problem of error.problems) io.stderr(`tooluse: ${terminalText(problem)}\n`);
    return 2;
  }
}

/** Regenerates data/plans/queries.jsonl and data/plans/manifest.json; composition and lineage warnings go to stderr. */
export function runPlanBuild(io: Streams, options: PlanBuildOptions = {}): number {
  return guarded(io, () => {
    const built = buildPlanData(options.sourceDir ?? join(CORPUS_DIR, "plans"), DEFAULT_TOOL_DESCRIPTIONS);
    const violations = lintAndPrint(io, { ...(options.sourceDir ? { dir: options.sourceDir } : {}) });
    if (violations.length > 0)
      throw new UserError(
        `plan lint: ${violations.length} violation(s); nothing written (docs/plan-conventions.md)`,
      );
    const outDir = options.outDir ?? join(DATA_DIR, "plans");
    mkdirSync(outDir, { recursive: true });
    writeOutput(join(outDir, "queries.jsonl"), built.jsonl);
    if (built.references) writeOutput(join(outDir, "references.jsonl"), built.references.jsonl);
    writeOutput(join(outDir, "manifest.json"), manifestText(built.manifest));
    for (const warning of built.warnings) io.stderr(`warning: ${terminalText(warning)}\n`);
    const { version, digest, composition } = built.manifest;
    io.stdout(
      `built ${composition.all.queries} planning queries (train ${composition.train.queries}, test ${composition.test.queries}; ` +
        `${version}, ${digest}) into ${join(outDir, "queries.jsonl")}\n`,
    );
  });
}

/** Converts the paper's release CSV files into query lines and plan lines. */
export function runPlanImport(options: PlanImportOptions, io: Streams): number {
  return guarded(io, () => {
    const queries = importQueries(readText(options.queries), options.queries);
    const plans = options.plans
      ? importPlans(readText(options.plans), options.plans, new Set(queries.map((q) => q.query_id)))
      : null;
    const outQueries = options.outQueries ?? jsonlBeside(options.queries);
    writeOutput(outQueries, toJsonLines(queries), outputOptions(io));
    const train = queries.filter((q) => q.split === "train").length;
    io.stdout(
      `imported ${queries.length} queries (train ${train}, test ${queries.length - train}) into ${outQueries}\n`,
    );
    if (plans && options.plans) {
      const outPlans = options.outPlans ?? jsonlBeside(options.plans);
      writeOutput(outPlans, toJsonLines(plans), outputOptions(io));
      io.stdout(`imported ${plans.length} plans into ${outPlans}\n`);
    }
  });
}

/** Writes query lines (and plan lines) back in the paper's CSV shape. */
export function runPlanExport(options: PlanExportOptions, io: Streams): number {
  return guarded(io, () => {
    if ((options.plans === undefined) !== (options.outPlans === undefined))
      throw new UserError("--plans and --out-plans go together: give both or neither");
    const queries = readJsonl(options.queries, QueryRecordSchema);
    const plans = options.plans ? readJsonl(options.plans, PlanRecordSchema) : null;
    writeOutput(options.out, exportQueries(queries), outputOptions(io));
    io.stdout(`exported ${queries.length} queries into ${options.out}\n`);
    if (plans && options.outPlans) {
      writeOutput(options.outPlans, exportPlans(plans), outputOptions(io));
      io.stdout(`exported ${plans.length} plans into ${options.outPlans}\n`);
    }
  });
}
