import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "../../paths.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN } from "../paper-examples.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { buildPlanData } from "./build.js";
import { exportPlans, exportQueries } from "./export-release.js";
import { importPlans, importQueries } from "./import-release.js";
import { decodeLineage, encodeLineage } from "./lineage-cell.js";
import { canonicalPlan } from "./plan-forms.js";
import { QUERY_COLUMNS, RowErrors, writeCsv } from "./release-csv.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const queriesCsv = readFileSync(join(FIXTURES, "queries.csv"), "utf8");
const plansCsv = readFileSync(join(FIXTURES, "plans.csv"), "utf8");

function plan(text: string) {
  const converted = canonicalPlan(text);
  if (!converted.ok) throw new Error(converted.message);
  return converted.plan;
}

function problems(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof RowErrors) return error.problems;
    return [(error as Error).message];
  }
  return [];
}

describe("importQueries on the fixture (the paper's queries.csv shape)", () => {
  const queries = importQueries(queriesCsv, "queries.csv");

  it("reads every row, multi-line cells included, with split from Sample and flags in any spelling", () => {
    expect(
      queries.map((q) => [q.query_id, q.split, q.is_subjective, q.is_compound, q.steps, q.hops]),
    ).toEqual([
      ["1", "train", true, true, 4, 2],
      ["2", "train", false, false, 3, 2],
      ["101", "test", true, false, 2, 1],
      ["102", "test", false, false, 1, 0],
    ]);
  });

  it("turns best plans and lineages into canonical plans, and keeps `grouped` when given", () => {
    const [refund, billing, sentiment] = queries;
    expect(refund?.best_plan).toEqual(plan(REFUND_BEST_PLAN));
    expect(refund?.best_plan.steps.map((s) => s.tool)).toEqual(["T2S", "RAG", "T2S", "LLM"]);
    expect(refund?.lineage?.map((r) => r.fixes)).toEqual([[], [], []]);
    expect(refund?.lineage?.[0]?.plan.steps[0]?.prompt).toMatch(/^Fetch interaction_ids of interactions/);
    expect(billing?.lineage?.map((r) => r.fixes)).toEqual([
      [],
      ["complex prompt"],
      ["complex prompt", "missing dependency"],
    ]);
    expect(sentiment?.lineage).toBeNull();
    expect(queries.map((q) => q.grouped)).toEqual(["refunds", undefined, "deliveries", undefined]);
  });

  it("survives import → export → import unchanged", () => {
    const again = importQueries(exportQueries(queries), "again.csv");
    expect(again).toEqual(queries);
    expect(exportQueries(again)).toBe(exportQueries(queries));
  });
});

describe("importPlans on the fixture (the paper's plans.csv shape)", () => {
  const ids = new Set(["1", "2", "101", "102"]);
  const plans = importPlans(plansCsv, "plans.csv", ids);

  it("maps llm to planner and keeps each raw plan verbatim, fences and prose included", () => {
    expect(plans.map((p) => [p.query_id, p.planner, p.prompt_type])).toEqual([
      ["1", "model-a", "with lineage"],
      ["1", "model-b", "without lineage"],
      ["101", "model-a", "without lineage"],
      ["102", "model-b", "with lineage"],
    ]);
    expect(plans[0]?.plan).toMatch(/^```json\n\{ 1: /);
    expect(plans[2]?.plan).toBe("I'm sorry, I cannot produce a plan for this query.");
  });

  it("survives import → export → import unchanged", () => {
    expect(importPlans(exportPlans(plans), "again.csv", ids)).toEqual(plans);
  });

  it("renders a plan given as a JSON object in the paper's text form", () => {
    const csv = exportPlans([
      { query_id: 1, planner: "p", prompt_type: "t", plan: plan(REFUND_INITIAL_PLAN) },
    ]);
    expect(importPlans(csv, "x.csv", new Set(["1"]))[0]?.plan).toMatch(
      /^\{\n {2}1: \{"step": T2S\(\[\], "Fetch/,
    );
  });
});

describe("the committed benchmark in the release format", () => {
  it("survives export → import with every record equal", () => {
    const { records } = buildPlanData(join(CORPUS_DIR, "plans"), tools);
    expect(importQueries(exportQueries(records), "queries.csv")).toEqual(records);
  });
});

describe("bad rows", () => {
  const good = {
    query_id: "7",
    Sample: "test",
    query: "How many refund calls?",
    is_query_subjective: "False",
    is_query_compound: "False",
    "# steps in the BPP": "1",
    grouped: "",
    best_plan: '{1: {"step": T2S([], "How many refund calls were there?"), "depends_on": []}}',
    plan_lineage: "",
  };
  const csv = (...rows: Partial<typeof good>[]) =>
    writeCsv(
      QUERY_COLUMNS,
      rows.map((row) => ({ ...good, ...row })),
    );

  it("reports one line per bad row, naming file, row, column and what was expected", () => {
    const text = csv(
      {},
      { query_id: "8", Sample: "dev" },
      { query_id: "9", is_query_compound: "maybe" },
      { query_id: "10", "# steps in the BPP": "3" },
      { query_id: "11", best_plan: "no plan here" },
      { query_id: "12", plan_lineage: "[not json" },
      { query_id: "7" },
    );
    expect(problems(() => importQueries(text, "q.csv"))).toEqual([
      'q.csv:3: Sample: expected train or test, found "dev"',
      "q.csv:4: is_query_compound: expected True or False",
      "q.csv:5: # steps in the BPP: expected 1 (the steps of best_plan), found 3",
      "q.csv:6: best_plan: expected a readable plan with known tools (no plan found in the text)",
      'q.csv:7: plan_lineage: expected a JSON list of revisions ("plan text" or {"plan": "…", "fixes": […]}), or an empty cell; found text that is not JSON',
      "q.csv:8: query_id: expected a query_id not used before, found 7 again",
    ]);
  });

  it("counts rows as a spreadsheet does, however many lines a cell spans", () => {
    const multiLine = good.best_plan.replace("}}", "}\n}");
    const text = csv({ best_plan: multiLine }, { query_id: "8", query: "" });
    expect(problems(() => importQueries(text, "q.csv"))).toEqual(["q.csv:3: query: expected the query text"]);
  });

  it("names missing columns and unreadable CSV", () => {
    expect(problems(() => importQueries("query_id,query\n1,x\n", "q.csv"))).toEqual([
      'q.csv:1: expected the columns "Sample", "is_query_subjective", "is_query_compound", "# steps in the BPP", "grouped", "best_plan", "plan_lineage"',
    ]);
    expect(problems(() => importQueries(`${csv({})}"unclosed`, "q.csv"))[0]).toMatch(
      /^q\.csv: invalid CSV \(/,
    );
  });

  it("refuses plans for unknown queries and plans without a planner", () => {
    const text = 'query_id,llm,prompt_type,plan\n1,m,t,"{}"\n2,,t,x\n';
    expect(problems(() => importPlans(text, "p.csv", new Set(["1"])))).toEqual([
      'p.csv:3: query_id: expected a query_id of the queries file, found "2"',
    ]);
    expect(
      problems(() => importPlans("query_id,llm,prompt_type,plan\n1,,t,x\n", "p.csv", new Set(["1"]))),
    ).toEqual(["p.csv:2: llm: expected the name of the planner"]);
  });
});

describe("the plan_lineage cell", () => {
  it("reads a bare JSON list of plan texts as revisions without fixes", () => {
    const decoded = decodeLineage(JSON.stringify([REFUND_INITIAL_PLAN, REFUND_BEST_PLAN]));
    expect(decoded.ok && decoded.lineage?.map((r) => [r.plan.steps.length, r.fixes])).toEqual([
      [2, []],
      [4, []],
    ]);
  });

  it("writes revisions as objects with their fixes and reads them back", () => {
    const decoded = decodeLineage(
      JSON.stringify([
        { plan: REFUND_INITIAL_PLAN },
        { plan: REFUND_BEST_PLAN, fixes: ["missing dual-tool step"] },
      ]),
    );
    if (!decoded.ok) throw new Error(decoded.expected);
    expect(JSON.parse(encodeLineage(decoded.lineage))[1]).toEqual({
      plan: expect.stringMatching(/^\{\n {2}1: /),
      fixes: ["missing dual-tool step"],
    });
    expect(decodeLineage(encodeLineage(decoded.lineage))).toEqual(decoded);
  });

  it("is empty for no lineage, and names the revision that cannot be read", () => {
    expect(encodeLineage(null)).toBe("");
    expect(decodeLineage(" ")).toEqual({ ok: true, lineage: null });
    expect(decodeLineage(JSON.stringify([REFUND_BEST_PLAN, "nothing"]))).toEqual({
      ok: false,
      expected: "a readable plan in revision 2 (no plan found in the text)",
    });
    expect(decodeLineage("[]")).toMatchObject({ ok: false });
  });
});
