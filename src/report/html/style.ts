/** The page's stylesheet: system fonts, no web fonts or images, so nothing is fetched. */
export const STYLE = `
:root { --ink: #1d2330; --muted: #5b6474; --line: #e2e6ee; --bg: #f6f7fa; --card: #fff; --accent: #1f5fa8;
  --pass: #1e7b3c; --fail: #b4232f; --error: #8a5a00; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: var(--bg); }
header { background: #18263c; color: #fff; padding: 18px 28px 12px; }
header h1 { margin: 0; font-size: 22px; font-weight: 650; }
header .sub { margin: 4px 0 10px; color: #c4cfdf; }
nav a { color: #fff; margin-right: 18px; text-decoration: none; border-bottom: 1px solid #6e86a8; }
main { max-width: 1240px; margin: 0 auto; padding: 16px 28px 40px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px;
  margin: 16px 0; }
h2 { margin: 0 0 4px; font-size: 18px; }
h3 { margin: 16px 0 6px; font-size: 15px; }
h4 { margin: 10px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.hint { margin: 0 0 12px; color: var(--muted); }
.warning { background: #fff4d6; border: 1px solid #e7c35a; border-radius: 8px; padding: 10px 14px; margin: 16px 0; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: middle; }
th { font-size: 12px; color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.score { font-weight: 650; }
.nowrap { white-space: nowrap; }
tr:hover td { background: #f3f6fb; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px;
  vertical-align: baseline; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 6px 0 10px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(500px, 1fr)); gap: 8px 24px; }
figure.chart { margin: 8px 0; overflow-x: auto; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
svg { max-width: 100%; height: auto; font-family: system-ui, sans-serif; }
svg .tick { font-size: 10px; fill: var(--muted); }
svg .key { font-size: 12px; fill: var(--ink); }
svg .value { font-size: 11px; fill: var(--ink); font-variant-numeric: tabular-nums; }
svg .cell { font-size: 11px; font-variant-numeric: tabular-nums; }
svg.whisker { vertical-align: middle; }
.metrics-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 8px 24px; }
.filters { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: end; margin: 8px 0; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
.filters select, .filters input { font: inherit; padding: 4px 6px; border: 1px solid #c9d0dc; border-radius: 5px;
  background: #fff; min-width: 110px; }
button { font: inherit; padding: 5px 12px; border: 1px solid #c9d0dc; border-radius: 5px; background: #fff;
  cursor: pointer; }
#case-count { color: var(--muted); margin: 6px 0; }
#case-notes { color: var(--error); margin: 4px 0; }
details.case { border-bottom: 1px solid var(--line); }
/* Speed with thousands of records: rows off screen are not laid out or painted until scrolled to (closed rows are one
   line tall, the size reserved for them), and the list's layout never reaches the rest of the page. */
#case-list { contain: layout; }
details.case:not([open]) { content-visibility: auto; contain-intrinsic-size: auto 33px; }
details.case > summary { cursor: pointer; padding: 6px 4px; display: flex; gap: 10px; align-items: baseline;
  list-style: none; }
details.case > summary::-webkit-details-marker { display: none; }
details.case[open] > summary { background: #f3f6fb; }
.badge { font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; color: #fff; min-width: 44px;
  text-align: center; }
.badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); }
.badge.error { background: var(--error); }
summary .id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; min-width: 190px; }
summary .proto { color: var(--muted); min-width: 44px; }
summary .who { min-width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 240px; }
summary .reason { color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
.case-body { padding: 4px 12px 14px 62px; }
.case-body pre { margin: 0; padding: 8px 10px; background: #f6f8fb; border: 1px solid var(--line); border-radius: 5px;
  white-space: pre-wrap; word-break: break-word; font-size: 12px; max-height: 320px; overflow: auto; }
.msg { margin: 6px 0; }
.msg .role { font-size: 11px; font-weight: 700; color: var(--muted); text-transform: uppercase; cursor: default; }
.msg details > summary { cursor: pointer; }
.msg.role-user pre { background: #eef5ff; } .msg.role-assistant pre { background: #f1f8ef; }
.empty { color: var(--muted); font-style: italic; margin: 2px 0; }
.filters label.check { flex-direction: row; align-items: center; gap: 6px; color: var(--ink); padding-bottom: 6px; }
.filters label.check input { min-width: 0; }
.views { display: flex; gap: 0; margin: 8px 0; }
.views button { border-radius: 0; } .views button:first-child { border-radius: 5px 0 0 5px; }
.views button:last-child { border-radius: 0 5px 5px 0; border-left: 0; }
.views button[aria-pressed="true"] { background: #18263c; color: #fff; border-color: #18263c; }
#case-link { background: #fff4d6; border: 1px solid #e7c35a; border-radius: 6px; padding: 6px 10px; }
details.case.linked > summary { outline: 2px solid var(--accent); outline-offset: -2px; }
#case-matrix { overflow-x: auto; contain: layout; }
.matrix { width: max-content; }
.matrix .mrow { display: grid; border-bottom: 1px solid var(--line); align-items: center; }
.matrix .mrow:not(.head) { content-visibility: auto; contain-intrinsic-size: auto 27px; }
.matrix .mrow:hover { background: #f3f6fb; }
.matrix [role="cell"], .matrix [role="columnheader"] { padding: 3px 6px; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.matrix .head { font-size: 12px; color: var(--muted); font-weight: 600; }
.matrix .id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.matrix .proto { color: var(--muted); }
button.cell { padding: 0; border: 0; background: none; } button.cell .badge { display: inline-block; }
#matrix-detail { margin-top: 10px; }
.usage dl { display: grid; grid-template-columns: max-content max-content; gap: 2px 14px; margin: 0; }
.usage dt { color: var(--muted); } .usage dd { margin: 0; font-variant-numeric: tabular-nums; }
footer { color: var(--muted); font-size: 12px; text-align: center; margin: 20px 0; }
`;
