/**
 * The oracle: executors that need no model. T2S runs each step's reference SQL (data/plans/references.jsonl) on
 * the same engine, under the same limits; RAG retrieves exactly as the model executor does and builds the data
 * insights table from the generator's labels of the retrieved lines; LLM passes on what its inputs say (their ids
 * for an extraction step). Executing a best plan this way must reproduce its reference answer.
 */
import type { ReferenceSql } from "../../plans/data/references.js";
import { labelDescription } from "../../workspace/labels.js";
import type { Workspace } from "../../workspace/open.js";
import { formatNumber, type Insight, insightRows, insightsText } from "./output.js";
import { DEFAULT_RAG, type RagOptions, ragStepExecutor } from "./rag.js";
import { type Executor, type Executors, emptyDetails } from "./step.js";
import { runTraced, type SqlLimits, t2sResult } from "./t2s.js";

/** Topics in an oracle RAG answer at most. */
const TOPICS = 5;

function t2sOracle(
  workspace: Workspace,
  references: ReadonlyMap<string, ReferenceSql>,
  limits: SqlLimits,
): Executor {
  return {
    async run(request) {
      const details = emptyDetails();
      const sql = references.get(request.queryId)?.steps[String(request.step.id)];
      if (!sql)
        return {
          ok: false,
          error: `no reference SQL for ${request.queryId} step ${request.step.id}`,
          details,
        };
      return t2sResult(await runTraced(workspace.engine, sql, request, limits, details), details);
    },
  };
}

function ragOracle(workspace: Workspace, options: RagOptions): Executor {
  return ragStepExecutor(workspace, options, (_request, retrieval, details) => {
    const byLabel = new Map<string, Set<string>>();
    for (const passage of retrieval.passages) {
      const ids = byLabel.get(passage.label) ?? new Set<string>();
      ids.add(passage.interactionId);
      byLabel.set(passage.label, ids);
    }
    const insights: Insight[] = [...byLabel]
      .sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))
      .slice(0, TOPICS)
      .map(([label, ids]) => ({
        topic: labelDescription(label),
        description: `lines labelled ${label} by the generator`,
        interaction_ids: [...ids].sort(),
        share: ids.size / retrieval.sample.length,
      }));
    const summary = insights.map((i) => `${i.topic} (${formatNumber(i.share ?? 0)})`).join("; ");
    const text = `Read ${retrieval.sample.length} sampled interactions: ${summary}.\n\n${insightsText(insights)}`;
    return { ok: true, output: { text, rows: insightRows(insights), insights }, details };
  });
}

const llmOracle: Executor = {
  async run(request) {
    const details = emptyDetails();
    if (request.feedsIds) {
      const rows = request.inputs.flatMap((input) => input.output.rows?.rows ?? []);
      const byTopic: Record<string, string[]> = {};
      for (const [id, topic] of rows) {
        const name = String(topic ?? "ids");
        byTopic[name] = [...(byTopic[name] ?? []), String(id)];
      }
      return {
        ok: true,
        output: {
          text: JSON.stringify(byTopic),
          rows: { columns: ["interaction_id", "topic"], rows },
          insights: null,
        },
        details,
      };
    }
    const parts = request.inputs.map(
      (input) => `Step ${input.step} (${input.tool} "${input.prompt}"):\n${input.output.text}`,
    );
    return { ok: true, output: { text: parts.join("\n\n"), rows: null, insights: null }, details };
  },
};

export function oracleExecutors(
  workspace: Workspace,
  references: readonly ReferenceSql[],
  limits: SqlLimits,
  rag: RagOptions = DEFAULT_RAG,
): Executors {
  const byQuery = new Map(references.map((r) => [r.query_id, r]));
  return { T2S: t2sOracle(workspace, byQuery, limits), RAG: ragOracle(workspace, rag), LLM: llmOracle };
}
