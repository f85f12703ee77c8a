/**
 * End to end: `tooluse plan experiment` through main() against a scripted planner on 127.0.0.1, then its report.html
 * opened offline in Chromium at 1280×720: the planner report's shell and stylesheet apply, the charts carry the
 * experiment's counts, every table scrolls inside its own box and never the page, and nothing breaks the policy.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { queryOf, scriptedModel } from "../../mock-server/plan-prompts.js";
import { JUDGE_METRICS } from "../../plans/judge-metrics.js";
import {
  chromiumUnavailable,
  launchOffline,
  type OfflineBrowser,
} from "../../report/test-support/chromium.js";
import { captureIo } from "../../test-support/capture-io.js";
import { describeWith } from "../../test-support/requirements.js";
import { tempDir } from "../../test-support/temp.js";
import {
  ESCALATION_BEST,
  QA_BEST,
  queryLines,
  SENTIMENT_BEST,
  writeJsonl,
} from "../plan-models/test-support/fixtures.js";

const unavailable = await chromiumUnavailable();
const HOSTILE = "<img src=x onerror=window.__pwned=1>";

const bestFor = (query: string) =>
  query.startsWith("Why do escalated")
    ? ESCALATION_BEST
    : query.startsWith("How did customer")
      ? SENTIMENT_BEST
      : QA_BEST;

/** planner-a answers the best plan; planner-b (shown under a hostile name) gives up on the QA query. */
const model = scriptedModel({
  planner: (asked) => {
    const query = queryOf(asked.user);
    if (asked.body.model === "planner-b" && query.startsWith("What is the average")) return "No plan.";
    return bestFor(query);
  },
});

describeWith(
  { name: "Chromium", missing: unavailable, requiredInCi: false },
  "the experiment's report.html in Chromium",
  () => {
    let dir: ReturnType<typeof tempDir>;
    let server: MockServer;
    let browser: OfflineBrowser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      dir = tempDir();
      server = await startMockServer({ models: ["planner-a", "planner-b"], script: model });
      writeJsonl(dir.path, "queries.jsonl", queryLines());
      const config = join(dir.path, "experiment.yaml");
      writeFileSync(
        config,
        `queries: queries.jsonl\nexamples: 2\nout: out\ncache_dir: cache\nplanners:\n  - {model: planner-a, base_url: "${server.url}", retries: 0}\n  - {name: "${HOSTILE}", model: planner-b, base_url: "${server.url}", retries: 0}\n`,
      );
      const io = captureIo();
      const code = await main(["plan", "experiment", "--config", config], io);
      // Exit 1: the two "No plan." answers (one per prompt type) are counted failures, still scored (as 0).
      expect(code, io.err).toBe(1);
      expect(io.err).toContain("tooluse: 2 failures across the stages");
      browser = await launchOffline({ width: 1280, height: 720 });
      page = await browser.context.newPage();
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => problems.push(`console ${message.type()}: ${message.text()}`));
      await page.goto(pathToFileURL(join(dir.path, "out", "report.html")).href);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      dir?.remove();
    });

    it("is in the planner report's shell: its header band, nav links to every section, its stylesheet", async () => {
      const band = await page.evaluate(`getComputedStyle(document.querySelector("header")).backgroundColor`);
      expect(band).toBe("rgb(24, 38, 60)");
      const links = await page
        .locator("header nav a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      const ids = await page.locator("main > section").evaluateAll((ss) => ss.map((s) => `#${s.id}`));
      expect(links).toEqual(ids);
      expect(ids.length).toBeGreaterThan(3);
    });

    it("draws the charts from the experiment's code scores: 2 planners × 2 prompt types", async () => {
      // Code scores carry ratings and five of the seven metrics (alignment and adherence need a judge).
      expect(await page.locator("#chart-ratings g.rating-row").count()).toBe(4);
      const present = JUDGE_METRICS.filter((m) => m !== "tool_prompt_alignment" && m !== "query_adherence");
      expect(await page.locator("#chart-metrics g.metric-bar").count()).toBe(4 * present.length);
      // The best plan everywhere: planner-a's bars are full, one segment (Extremely Good) per row.
      const rows = page.locator("#chart-ratings g.rating-row");
      const keys = await rows.locator("text.key title").allTextContents();
      expect(keys.filter((k) => k.startsWith("planner-a"))).toHaveLength(2);
      expect(keys.filter((k) => k.startsWith(HOSTILE))).toHaveLength(2);
    });

    it("fits 1280 px: no horizontal page scroll, every table inside its own scrolling box", async () => {
      const width = await page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
      );
      const [scroll, client] = width as [number, number];
      expect(scroll).toBeLessThanOrEqual(client);
      const loose = await page
        .locator("table")
        .evaluateAll(
          (tables) => tables.filter((t) => !t.parentElement?.classList.contains("table-wrap")).length,
        );
      expect(loose).toBe(0);
      // The negative control: the widest table is wider than its box, so the box (not the page) scrolls.
      const wider = await page
        .locator(".table-wrap")
        .evaluateAll((boxes) => boxes.some((b) => b.scrollWidth > b.clientWidth));
      expect(wider).toBe(true);
    });

    it("shows the hostile planner name as text, ran nothing, loaded nothing and reported no policy violation", async () => {
      await expect(page.locator("main").textContent()).resolves.toContain(HOSTILE);
      expect(await page.locator("script, img, iframe, object, embed").count()).toBe(0);
      expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
      expect(browser.blocked).toEqual([]);
      expect(problems).toEqual([]);
    });
  },
);
