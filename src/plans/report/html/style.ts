/** The planner page's stylesheet: the ToolUse.1 report's, plus heat-map cells and stacked cells of its own. */
import { heatColor } from "../../../report/html/charts.js";
import { STYLE } from "../../../report/html/style.js";

/** Heat-map cells are coloured by class, in steps of 5% of the scale: the page allows no style attributes. */
export const HEAT_STEPS = 20;

/** The heat class of a value's place on its scale (0–1). */
export const heatClass = (place: number) => `heat-${Math.round(place * HEAT_STEPS)}`;

function heatRules(): string {
  return Array.from({ length: HEAT_STEPS + 1 }, (_, i) => {
    const place = i / HEAT_STEPS;
    const ink = Math.abs(place - 0.5) > 0.3 ? "#fff" : "#111";
    return `td.heat-${i} { background: ${heatColor(place)}; color: ${ink}; }`;
  }).join("\n");
}

const PLAN_STYLE = `
.cell-mean { display: block; font-weight: 650; font-variant-numeric: tabular-nums; }
.cell-note { display: block; font-size: 11px; opacity: .85; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.who { min-width: 150px; max-width: 260px; overflow-wrap: anywhere; }
td.who .planner { display: block; font-weight: 600; }
td.metric { min-width: 100px; }
td.metric svg { display: block; margin: 2px 0 0 auto; }
.table-wrap { overflow-x: auto; }
table.heat { width: auto; }
table.heat td.cell { text-align: center; min-width: 92px; }
table.heat td.none { background: #f1f2f5; color: var(--muted); }
.breakdowns { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 8px 24px; }
svg.ratings { vertical-align: middle; }
svg.swatch { display: inline-block; }
dl.inputs { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.inputs dt { color: var(--muted); }
dl.inputs dd { margin: 0; }
.plan-view { display: none; border-top: 1px solid var(--line); margin-top: 12px; padding-top: 8px; }
.plan-view:target { display: block; }
.plan-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 8px 24px; }
pre.plan { margin: 0; padding: 8px 10px; background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
  font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
tr.unmatched td { color: var(--fail); }
dl.rationale dt { font-weight: 600; }
dl.rationale dd { margin: 0 0 6px; }
`;

export const PLANNER_STYLE = `${STYLE}${PLAN_STYLE}${heatRules()}\n`;
