/** One definition: the store the generator fills is exactly the store the T2S tool description promises. */
import { describe, expect, it } from "vitest";
import { storeDescriptionOf } from "../../planning/store-description.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import type { StoreDescription } from "../description.js";
import { storeSchema } from "../description.js";
import { QA_CHECKS, SITES, TEAMS } from "../domain.js";
import { domainProblems } from "./check.js";
import { PRODUCED_COLUMNS, PRODUCED_MOMENTS } from "./rows.js";

const description = storeDescriptionOf();
const schema = storeSchema(description);
const tables = DEFAULT_TOOL_DESCRIPTIONS.tools?.T2S.tables ?? [];

/** The names a description lists in parentheses or after "for example": "(identity verified, disclosure read, …)". */
function listed(text: string): string[] {
  const inside = /\(([^)]*)\)/.exec(text)?.[1] ?? "";
  return inside
    .replace(/^for example\s+/i, "")
    .split(/,|\bor\b/)
    .map((s) => s.replace(/…|"/g, "").trim())
    .filter((s) => s.length > 0);
}

describe("the generator and corpus/plans/tools.yaml", () => {
  it("agree on every table, column, enum value and term (no problem reported)", () => {
    expect(domainProblems(description, schema)).toEqual([]);
    expect(Object.keys(PRODUCED_COLUMNS).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const table of tables)
      expect([...(PRODUCED_COLUMNS[table.name] ?? [])].sort()).toEqual(
        table.columns.map((c) => c.name).sort(),
      );
  });

  it("hold every check, team and site the descriptions name as examples", () => {
    const table = (name: string) => tables.find((t) => t.name === name);
    const column = (t: string, c: string) => table(t)?.columns.find((x) => x.name === c)?.description ?? "";
    const checks = Object.values(QA_CHECKS).flat();
    for (const check of listed(table("qa_checks")?.description ?? "")) expect(checks).toContain(check);
    for (const team of listed(column("interactions", "team")))
      expect(TEAMS.map((t) => t.name)).toContain(team);
    for (const site of listed(column("interactions", "site"))) expect(SITES).toContain(site);
    const dimensions = listed(column("qa_dimension_scores", "dimension")).map((d) => d.toLowerCase());
    expect(dimensions.sort()).toEqual(Object.keys(QA_CHECKS).sort());
    expect(PRODUCED_MOMENTS).toEqual(expect.arrayContaining([...description.terms.moments]));
  });

  it("report a drift in either direction (negative controls)", () => {
    const interactions = description.tables.find((t) => t.name === "interactions");
    if (!interactions) throw new Error("no interactions table");
    const withColumn: StoreDescription = {
      ...description,
      tables: description.tables.map((t) =>
        t === interactions
          ? {
              ...t,
              columns: [
                ...t.columns,
                { name: "shift", type: "string", description: "Day, evening or night." },
              ],
            }
          : t,
      ),
    };
    expect(domainProblems(withColumn, storeSchema(withColumn))).toEqual([
      'table interactions: the description names "shift", the generator has none',
    ]);
    const withoutDriver: StoreDescription = {
      ...description,
      terms: {
        ...description.terms,
        call_drivers: description.terms.call_drivers.filter((d) => d !== "refund"),
      },
    };
    expect(domainProblems(withoutDriver, schema)).toEqual([
      'call drivers: the generator makes "refund", the description never names it',
    ]);
    const newMoment: StoreDescription = {
      ...description,
      terms: { ...description.terms, moments: [...description.terms.moments, "callback"] },
    };
    expect(domainProblems(newMoment, schema)).toEqual([
      'moments: the description names "callback", the generator has none',
    ]);
  });
});
