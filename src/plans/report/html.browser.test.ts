/** End to end: plans scored by `plan score`, the planner report's page from `plan report --html`, opened offline. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runPlanReport } from "../../cli/plan-report.js";
import { runPlanScore } from "../../cli/plan-score.js";
import {
  chromiumUnavailable,
  injectHostileMarkup,
  launchOffline,
  type OfflineBrowser,
} from "../../report/test-support/chromium.js";
import { captureIo } from "../../test-support/capture-io.js";
import { describeWith } from "../../test-support/requirements.js";
import { tempDir } from "../../test-support/temp.js";
import { JUDGE_METRICS } from "../judge-metrics.js";
import { RATINGS } from "../rating.js";
import type { ScoreLine } from "../score-line.js";
import type { PlannerReport } from "./build.js";
import { rankGroups } from "./html/sections.js";

const unavailable = await chromiumUnavailable();

const QUERIES = "data/plans/queries.jsonl";
const HOSTILE = "<img src=x onerror=window.__pwned=1>";
/** RIGHT-TO-LEFT OVERRIDE: shown as a visible stand-in, never reordering the text after it. */
const BIDI = "\u202e";

interface Query {
  query_id: string;
  best_plan: { steps: { id: number }[] };
}

/**
 * Ten test queries (1–7 steps, 0–3 hops), planned three ways: the best plan itself; the best plan without its last
 * step, by a planner with a hostile name; and, from the same planner, one answer that is not a plan at all.
 */
function planLines(): unknown[] {
  const all = readFileSync(QUERIES, "utf8")
    .trim()
    .split("\n")
    .map((text) => JSON.parse(text) as Query & { hops: number });
  // The first query of every hop bucket, then the earliest others: every breakdown slice has data.
  const firsts = [0, 1, 2, 3].flatMap((h) => all.find((q) => Math.min(q.hops, 3) === h) ?? []);
  const queries = [...firsts, ...all.filter((q) => !firsts.includes(q))].slice(0, 10);
  return queries.flatMap((q, i) => {
    const steps = q.best_plan.steps;
    const truncated =
      i === 0
        ? `Sorry, I cannot ${BIDI}plan this.`
        : { steps: steps.slice(0, Math.max(1, steps.length - 1)) };
    return [
      { query_id: q.query_id, planner: "oracle", prompt_type: "with_lineage", plan: q.best_plan },
      { query_id: q.query_id, planner: HOSTILE, prompt_type: "without_lineage", plan: truncated },
    ];
  });
}

describeWith(
  { name: "Chromium", missing: unavailable, requiredInCi: false },
  "the planner report's HTML page in Chromium",
  () => {
    let dir: ReturnType<typeof tempDir>;
    let browser: OfflineBrowser;
    let page: Page;
    let report: PlannerReport;
    let scoreLines: ScoreLine[];
    const problems: string[] = [];

    beforeAll(async () => {
      dir = tempDir();
      const plans = join(dir.path, "plans.jsonl");
      writeFileSync(
        plans,
        planLines()
          .map((line) => JSON.stringify(line))
          .join("\n"),
      );
      const scores = join(dir.path, "scores.jsonl");
      expect(await runPlanScore({ queries: QUERIES, plans, out: scores }, captureIo())).toBe(0);
      const html = join(dir.path, "report.html");
      const io = captureIo();
      expect(await runPlanReport({ scores, queries: QUERIES, json: true, html, plans }, io)).toBe(0);
      scoreLines = readFileSync(scores, "utf8")
        .trim()
        .split("\n")
        .map((text) => JSON.parse(text) as ScoreLine);
      report = JSON.parse(io.out) as PlannerReport;
      browser = await launchOffline();
      page = await browser.context.newPage();
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      await page.goto(pathToFileURL(html).href);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      dir?.remove();
    });

    const texts = (selector: string) => page.locator(selector).allTextContents();

    it("renders the leaderboard ranked by score, with the report's numbers and the hostile name as text", async () => {
      expect(report.score_field).toBe("subtotal");
      const rows = page.locator("#leaderboard tbody tr");
      await expect(rows.count()).resolves.toBe(2);
      await expect(texts("#leaderboard tbody .planner")).resolves.toEqual(["oracle", HOSTILE]);
      const hostile = report.groups.find((g) => g.planner === HOSTILE);
      const m = hostile?.metrics.subtotal;
      if (!hostile || m?.mean == null || m.low == null || m.high == null) throw new Error("no hostile group");
      const row = rows.nth(1);
      await expect(row.locator('[data-field="score"]').textContent()).resolves.toBe(m.mean.toFixed(1));
      await expect(row.locator('[data-field="interval"]').textContent()).resolves.toBe(
        `${m.low.toFixed(1)}–${m.high.toFixed(1)}`,
      );
      await expect(row.locator('[data-field="parse_ok"]').textContent()).resolves.toBe("90%");
      await expect(rows.first().locator('[data-field="A+"]').textContent()).resolves.toBe("100%");
      expect(await page.locator("#leaderboard svg.whisker circle").count()).toBe(2);
    });

    it("renders the metric table: a mean, an interval and a whisker per planner and metric", async () => {
      const cells = page.locator("#metrics td.metric");
      expect(await cells.count()).toBe(2 * report.metrics.length);
      expect(await page.locator("#metrics td.metric svg.whisker line").count()).toBe(
        6 * report.metrics.length,
      );
      const oracle = report.groups.find((g) => g.planner === "oracle");
      await expect(
        page.locator("#metrics tbody tr").first().locator('[data-metric="f1"] .cell-mean').textContent(),
      ).resolves.toBe(oracle?.metrics.f1?.mean?.toFixed(2));
    });

    it("renders the rating distribution as stacked bars and shares", async () => {
      expect(await page.locator("#ratings svg.ratings rect.segment").count()).toBeGreaterThanOrEqual(3);
      const hostile = report.groups.find((g) => g.planner === HOSTILE);
      const shares = await texts("#ratings tbody tr:nth-child(2) td[data-rating]");
      expect(shares).toEqual(RATINGS.map((r) => `${Math.round((hostile?.ratings?.[r] ?? 0) * 100)}%`));
    });

    it("renders the four breakdowns as coloured heat maps with the report's slices", async () => {
      await expect(texts("#breakdowns h3")).resolves.toEqual([
        "By objective vs subjective",
        "By simple vs compound",
        "By steps in the best plan",
        "By hops",
      ]);
      const hops = report.breakdowns[3];
      const heads = await texts('[data-dimension="hops"] thead th.num');
      expect(heads).toEqual(
        hops?.slices.map((s) => `${s.name} ${s.queries} quer${s.queries === 1 ? "y" : "ies"}`),
      );
      const first = hops?.groups[report.groups.findIndex((g) => g.planner === "oracle")]?.cells[0];
      await expect(
        page
          .locator('[data-dimension="hops"] tbody tr')
          .first()
          .locator("td.cell .cell-mean")
          .first()
          .textContent(),
      ).resolves.toBe(first?.score?.mean?.toFixed(1));
      // The stylesheet applies (its hash matches the policy): a full-scale cell is dark blue, not transparent.
      const background = await page.evaluate(
        `getComputedStyle(document.querySelector("td.heat-20")).backgroundColor`,
      );
      expect(background).toBe("rgb(33, 102, 172)");
    });

    it("charts every group's ratings as a stacked bar and its code metrics as bars, with the report's counts", async () => {
      const rows = page.locator("#chart-ratings g.rating-row");
      expect(await rows.count()).toBe(2);
      for (const [i, r] of rankGroups(report).entries()) {
        const nonzero = RATINGS.filter((rating) => (r.group.ratings?.[rating] ?? 0) > 0);
        await expect(
          rows
            .nth(i)
            .locator("rect.segment")
            .evaluateAll((rects) => rects.map((e) => e.getAttribute("data-rating"))),
        ).resolves.toEqual(nonzero);
      }
      // Code scores carry five of the seven metrics (alignment and adherence need a judge): 2 groups × 5 bars.
      const seven = JUDGE_METRICS.filter((m) => report.metrics.includes(m));
      expect(seven).toHaveLength(5);
      expect(await page.locator("#chart-metrics g.metric-bar").count()).toBe(2 * seven.length);
      const oracle = report.groups.findIndex((g) => g.planner === "oracle");
      await expect(
        page
          .locator(`#chart-metrics g.metric-bar[data-metric="format"][data-group="${oracle}"] text`)
          .textContent(),
      ).resolves.toBe(report.groups[oracle]?.metrics.format?.mean?.toFixed(1));
      await expect(page.locator('header nav a[href="#charts"]').count()).resolves.toBe(1);
    });

    it("lists every plan, each row opening its own viewer: candidate, reference, mapping, violations", async () => {
      const rows = page.locator("#plans > .table-wrap tbody tr");
      expect(await rows.count()).toBe(20);
      expect(await page.locator(".plan-view:visible").count()).toBe(0);
      // The second query, as the hostile planner wrote it: the best plan without its last step.
      const line = scoreLines[3];
      if (!line) throw new Error("no score line");
      const row = rows.nth(3);
      await expect(row.locator("td").nth(1).textContent()).resolves.toBe(HOSTILE);
      await row.locator("a.plan-link").click();
      const view = page.locator(".plan-view:visible");
      expect(await view.count()).toBe(1);
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe(
        `#plan=${line.query_id}/${HOSTILE}/without_lineage`,
      );
      await expect(view.locator("h3").textContent()).resolves.toBe(
        `${line.query_id} · ${HOSTILE} · without_lineage`,
      );
      const candidate = JSON.parse((await view.locator("pre.candidate").textContent()) ?? "") as {
        steps: unknown[];
      };
      const reference = (await view.locator("pre.reference").textContent()) ?? "";
      expect(reference.split("\n").filter((l) => l.includes('"step"'))).toHaveLength(
        candidate.steps.length + 1,
      );
      // Every step of both plans in the mapping; the reference's last step has no partner.
      expect(await view.locator("table.mapping tbody tr").count()).toBe(2 * candidate.steps.length + 1);
      expect(await view.locator("table.mapping tr.unmatched").count()).toBeGreaterThanOrEqual(1);
      expect(await view.locator("ul.violations li").count()).toBe(line.violations.length);
    });

    it("shows an answer that is not a plan as text, with its violations, and neutralises a bidi override", async () => {
      await page.locator("#plans > .table-wrap tbody tr").nth(1).locator("a.plan-link").click();
      const view = page.locator(".plan-view:visible");
      const text = (await view.locator("pre.candidate").textContent()) ?? "";
      expect(text.startsWith("Sorry, I cannot ")).toBe(true);
      expect(text).not.toContain(BIDI);
      expect(await view.locator("ul.violations li").count()).toBe(scoreLines[1]?.violations.length);
      expect(scoreLines[1]?.violations.length).toBeGreaterThan(0);
    });

    it("fits a 1280×720 window: no horizontal page scroll", async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const [scroll, client] = (await page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
      )) as [number, number];
      expect(scroll).toBeLessThanOrEqual(client);
    });

    it("lists its inputs with their counts", async () => {
      const inputs = await page.locator("#inputs").textContent();
      expect(inputs).toContain("scores.jsonl · 20 line(s) in 2 planner × prompt-type group(s)");
      expect(inputs).toContain(`${QUERIES} · 200 queries`);
    });

    it("ran nothing from the data, loaded nothing and logged no error", async () => {
      expect(await page.locator("script, img, iframe, object, embed").count()).toBe(0);
      expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
      expect(browser.blocked).toEqual([]);
      expect(problems).toEqual([]);
      expect(problems.filter((p) => p.includes("Content Security Policy"))).toEqual([]);
    });

    it("would block an injection that got through: no script runs under its policy", async () => {
      await injectHostileMarkup(page);
      await page.waitForTimeout(200);
      expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
      expect(problems.some((p) => p.includes("Content Security Policy"))).toBe(true);
    });
  },
);
