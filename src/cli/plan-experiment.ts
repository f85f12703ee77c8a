/**
 * `tooluse plan experiment --config experiment.yaml`: the paper's experiment end to end, one report in the terminal,
 * Markdown and HTML. `--dry-run` prints the requests and the cost estimate per model and sends nothing.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOutput } from "../io/output.js";
import { renderTable } from "../report/table.js";
import { readExperimentConfig } from "../workflows/experiment/config.js";
import type { ExperimentConfig } from "../workflows/experiment/config-schema.js";
import { estimateExperiment } from "../workflows/experiment/estimate.js";
import {
  clean,
  experimentCharts,
  experimentSections,
  renderHtml,
  renderText,
} from "../workflows/experiment/report.js";
import { experimentPrompts, failureCount, runExperiment } from "../workflows/experiment/run.js";
import { PROMPT_ROLES } from "../workflows/templates.js";
import { interruptOnSigint, reportExpected } from "./boundary.js";
import type { CommandEntry, Io } from "./io.js";
import { progressFor } from "./model-session.js";

export interface PlanExperimentOptions {
  config: string;
  dryRun?: boolean;
}

function dryRun(config: ExperimentConfig, io: Io): number {
  const rows = estimateExperiment(config);
  const money = (v: number | null) => (v === null ? "no price given" : `$${v.toFixed(2)}`);
  io.stdout(
    `Dry run: nothing is sent. Requests and an estimate per model (prompt tokens ≈ characters / 4; output at the max_tokens ceiling).\n\n${renderTable(
      ["role", "model", "requests", "prompt tokens", "max output tokens", "cost (upper bound)"].map(
        (header, i) => ({
          header,
          align: i < 2 ? ("left" as const) : ("right" as const),
        }),
      ),
      rows.map((r) => [
        r.role,
        clean(r.model),
        r.requests,
        String(r.prompt_tokens),
        String(r.max_output_tokens),
        money(r.cost),
      ]),
      { color: false, markdown: false },
    )}`,
  );
  const priced = rows.filter((r) => r.cost !== null);
  if (priced.length > 0)
    io.stdout(`\ntotal (priced rows): $${priced.reduce((s, r) => s + (r.cost ?? 0), 0).toFixed(2)}\n`);
  io.stdout(
    "Judge and refine requests repeat once per unusable answer (one repair); the refine row is a range (one pass … the cap).\n",
  );
  return 0;
}

/**
 * Exit 0 when every stage's answers were usable; 1 when any failed (all counted in the report: a failed plan or R1
 * answer too); 2 on bad input; 130 on Ctrl-C (the model's answers are cached and the execute stage's finished steps
 * are in its journal: the same command continues).
 */
export const runPlanExperiment: CommandEntry<PlanExperimentOptions> = async (
  options,
  io,
  env = process.env,
) => {
  let config: ExperimentConfig;
  try {
    config = readExperimentConfig(options.config);
    experimentPrompts(config);
    if (options.dryRun) return dryRun(config, io);
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
  const interrupt = interruptOnSigint();
  try {
    const execute = config.execute
      ? (await import("../planning/experiment-execute.js")).experimentExecuteStage
      : undefined;
    const outcome = await runExperiment(config, {
      env,
      signal: interrupt.signal,
      log: (line) => io.stderr(`${line}\n`),
      reporters: [progressFor(io)],
      ...(execute ? { execute } : {}),
    });
    const sections = experimentSections(outcome);
    const text = renderText(sections, false);
    const files = {
      markdown: join(config.out, "report.md"),
      html: join(config.out, "report.html"),
      manifest: join(config.out, "experiment.json"),
    };
    writeOutput(files.markdown, renderText(sections, true));
    writeOutput(files.html, renderHtml(sections, { charts: experimentCharts(outcome) }));
    const prompts = experimentPrompts(config);
    writeOutput(
      files.manifest,
      `${JSON.stringify(
        {
          config: options.config,
          config_sha256: createHash("sha256").update(readFileSync(options.config)).digest("hex"),
          prompts: Object.fromEntries(
            PROMPT_ROLES.map((role) => [
              role,
              { sha256: prompts.get(role).sha256, source: prompts.get(role).source },
            ]),
          ),
          stages: outcome.stages,
          files: outcome.files,
          failures: failureCount(outcome),
        },
        null,
        2,
      )}\n`,
    );
    io.stdout(text);
    // One file per line, so the paths alone decide the width.
    io.stdout(`report: ${files.markdown}\nreport: ${files.html}\nevery stage's lines: ${config.out}\n`);
    const failures = failureCount(outcome);
    if (failures === 0) return 0;
    io.stderr(
      `tooluse: ${failures} failures across the stages (see the stages table); their values are null, never guessed\n`,
    );
    return 1;
  } catch (error) {
    if (interrupt.signal.aborted) {
      io.stderr(
        "tooluse: interrupted; answers so far are cached (at temperature 0) and executed steps journaled: run the same command again to continue\n",
      );
      return 130;
    }
    return reportExpected(io.stderr, error);
  } finally {
    interrupt.release();
  }
};
