/**
 * `tooluse plan lint`: every query, best plan and lineage revision of the authored sources checked against the
 * mechanical part of docs/plan-conventions.md; one violation per line as `file:line: rule: message`.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isMap, isSeq, type LineCounter, type Node as YamlNode } from "yaml";
import { UserError } from "../../errors.js";
import { readYamlFile } from "../../input/yaml.js";
import { recordOf } from "../data/entry-record.js";
import { SourceEntrySchema } from "../data/schema.js";
import { SOURCE_FILE } from "../data/source.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import {
  diffFindings,
  type LintRevision,
  revisionScores,
  scoreFindings,
  undoFindings,
} from "./lineage-rules.js";
import { lintBestPlan } from "./plan-rules.js";

export { LINEAGE_RULES, type RevisionScores, revisionScores } from "./lineage-rules.js";
export { PLAN_RULES } from "./plan-rules.js";

export interface LintViolation {
  file: string;
  line: number;
  query_id: string;
  rule: string;
  message: string;
}

/** `corpus/plans/tr-01.yaml:123: fix-not-in-diff: tr-004 revision 3: …` */
export function formatViolation(v: LintViolation): string {
  return `${v.file}:${v.line}: ${v.rule}: ${v.query_id}: ${v.message}`;
}

interface Located {
  text: string;
  lines: LineCounter;
}

function lineOf(where: Located, offset: number): number {
  return where.lines.linePos(offset).line;
}

/** The line of step `id` inside a plan node, else the node's own line. */
function stepLine(where: Located, node: YamlNode | null | undefined, id: number | null): number {
  const start = node?.range?.[0] ?? 0;
  if (id === null) return lineOf(where, start);
  const end = node?.range?.[2] ?? where.text.length;
  const match = new RegExp(`(?:^|[{,\\s])${id}\\s*:\\s*\\{`).exec(where.text.slice(start, end));
  return lineOf(where, start + (match ? match.index + match[0].indexOf(String(id)) : 0));
}

function child(node: unknown, key: string | number): YamlNode | null {
  if (isMap(node) || isSeq(node)) return (node.get(key, true) as YamlNode | undefined) ?? null;
  return null;
}

function lintFile(path: string, shown: string, tools: ToolDescriptions): LintViolation[] {
  const { text, lines, doc } = readYamlFile(path, shown, { prettyErrors: true });
  const where: Located = { text, lines };
  const firstError = doc.errors[0];
  if (firstError)
    return [
      {
        file: shown,
        line: firstError.linePos?.[0]?.line ?? 1,
        query_id: "-",
        rule: "yaml",
        message: firstError.message,
      },
    ];
  const entries = doc.contents;
  if (!isSeq(entries))
    return [{ file: shown, line: 1, query_id: "-", rule: "yaml", message: "expected a list of queries" }];
  const split = shown.split("/").at(-1)?.startsWith("tr-") ? "train" : "test";
  const out: LintViolation[] = [];
  entries.items.forEach((item, index) => {
    const raw = (item as YamlNode).toJSON() as unknown;
    const entryLine = lineOf(where, (item as YamlNode).range?.[0] ?? 0);
    const parsed = SourceEntrySchema.safeParse(raw);
    const id = typeof raw === "object" && raw && "query_id" in raw ? String(raw.query_id) : `#${index + 1}`;
    const push = (line: number, rule: string, message: string) =>
      out.push({ file: shown, line, query_id: id, rule, message });
    if (!parsed.success) {
      push(entryLine, "entry", parsed.error.issues[0]?.message ?? "invalid entry");
      return;
    }
    let record: ReturnType<typeof recordOf>;
    try {
      record = recordOf({ where: `${shown}: entry #${index + 1} (${id})`, split, entry: parsed.data }, tools);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      push(entryLine, "entry", error.message);
      return;
    }
    const bestNode = child(item, "best_plan");
    for (const finding of lintBestPlan(record.best_plan, parsed.data, tools)) {
      const node = finding.rule.startsWith("label-")
        ? child(item, finding.rule === "label-subjective" ? "is_subjective" : "is_compound")
        : bestNode;
      push(
        stepLine(where, node, finding.step),
        finding.rule,
        finding.step === null ? finding.message : `step ${finding.step}: ${finding.message}`,
      );
    }
    const lineage: LintRevision[] = (record.lineage ?? []).map((revision, at) => ({
      ...revision,
      judge_only: parsed.data.lineage?.[at]?.judge_only,
    }));
    if (lineage.length === 0) return;
    const scores = lineage.map((revision) => revisionScores(revision.plan, record.best_plan, tools));
    const revisionNode = (at: number) => child(child(child(item, "lineage"), at), "plan");
    for (const finding of [
      ...diffFindings(lineage),
      ...undoFindings(lineage),
      ...scoreFindings(lineage, scores),
    ])
      push(
        stepLine(where, revisionNode(finding.revision), finding.step),
        finding.rule,
        `revision ${finding.revision + 1}: ${finding.message}`,
      );
  });
  return out;
}

/** Lints every `<dir>/<tr|te>-NN.yaml`, files in name order; `shownDir` is how paths are printed. */
export function lintPlanSources(
  dir: string,
  tools: ToolDescriptions,
  shownDir = "corpus/plans",
): LintViolation[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new UserError(`${dir}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const files = names.filter((file) => SOURCE_FILE.test(file)).sort();
  // Nothing to check is not "0 violations": a wrong folder would pass a CI gate.
  if (files.length === 0)
    throw new UserError(`${dir}: no planning source files (tr-NN.yaml, te-NN.yaml) to lint`, {
      hint: "give --dir the folder that holds the planning sources (corpus/plans in this package)",
    });
  return files.flatMap((file) => lintFile(join(dir, file), `${shownDir}/${file}`, tools));
}
