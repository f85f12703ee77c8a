import { join } from "node:path";
import { CORPUS_DIR } from "../src/paths.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../src/plans/tool-descriptions.js";
import { readSources } from "../src/plans/data/source.js";
import { recordOf } from "../src/plans/data/entry-record.js";
import { compositionOf } from "../src/plans/data/composition.js";
import { findTriggers } from "../src/plans/triggers.js";
import { lineageProblems } from "../src/plans/data/lineage-check.js";

const prefix = process.argv[2] ?? "te";
const located = readSources(join(CORPUS_DIR, "plans")).filter((l) => l.entry.query_id.startsWith(prefix));
const records = [];
for (const l of located) {
  try {
    const r = recordOf(l, tools);
    records.push(r);
    const trig = r.best_plan.steps.filter((s) => s.tool === "T2S").map((s) => findTriggers(s.prompt, tools).length);
    const lp = lineageProblems(r, tools);
    console.log(`${r.query_id} steps=${r.steps} hops=${r.hops} subj=${+r.is_subjective} comp=${+r.is_compound} trig=${trig.join(",")}${lp.length ? " LINEAGE: " + lp.join("; ") : ""}`);
  } catch (e) {
    console.log("ERROR", (e as Error).message);
  }
}
const c = compositionOf(records);
console.log(JSON.stringify(c));
const pct = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round((v / c.queries) * 1000) / 10]));
console.log(JSON.stringify(pct));
