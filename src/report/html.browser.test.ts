/** End to end: the HTML report from real runs, opened from disk in headless Chromium, offline. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runReport } from "../cli/report.js";
import { captureIo } from "../test-support/capture-io.js";
import { describeWith } from "../test-support/requirements.js";
import { tempDir } from "../test-support/temp.js";
import {
  chromiumUnavailable,
  injectHostileMarkup,
  launchOffline,
  type OfflineBrowser,
} from "./test-support/chromium.js";
import { type FixtureRun, hostileFixture, PAYLOADS } from "./test-support/fixtures.js";

const unavailable = await chromiumUnavailable();

describeWith(
  { name: "Chromium", missing: unavailable, requiredInCi: false },
  "the HTML report in Chromium",
  () => {
    let dir: ReturnType<typeof tempDir>;
    let browser: OfflineBrowser;
    let page: Page;
    let oracle: FixtureRun;
    let hostile: FixtureRun;
    const problems: string[] = [];

    beforeAll(async () => {
      dir = tempDir();
      ({ oracle, hostile } = await hostileFixture(dir.path));
      const html = join(dir.path, "report.html");
      const io = captureIo();
      // The hostile run holds an errored record, so the report says so in its exit code (README, exit codes).
      expect(await runReport({ files: [oracle.file, hostile.file], format: "text", html }, io)).toBe(1);
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

    const visibleCases = () => page.locator("#case-list > details").count();
    const pick = (id: string, value: string) => page.selectOption(`#${id}`, value);

    it("renders the leaderboard: one row per run and protocol, hostile names as text", async () => {
      await expect(page.locator("#leaderboard tbody tr").count()).resolves.toBe(6);
      await expect(page.locator("#leaderboard tbody tr").first().textContent()).resolves.toContain("1.000");
      await expect(page.locator("#leaderboard").textContent()).resolves.toContain(PAYLOADS[1]);
    });

    it("renders the charts: four bar charts with whiskers and the heat map", async () => {
      const captions = await page.locator("#charts figcaption").allTextContents();
      expect(captions).toEqual([
        "Score by protocol",
        "Score by language",
        "Score by category",
        "Score by difficulty",
        "Category × model: score (blue high, red low)",
      ]);
      expect(await page.locator("#charts svg rect").count()).toBeGreaterThan(20);
      expect(await page.locator("#charts svg line").count()).toBeGreaterThan(20);
    });

    it("lists every record in the case browser and filters by verdict, model, protocol, category and language", async () => {
      const total = oracle.results.records.length + hostile.results.records.length;
      expect(await visibleCases()).toBe(total);
      await expect(page.locator("#case-count").textContent()).resolves.toBe(
        `${total} of ${total} records match`,
      );

      await pick("filter-verdict", "2");
      expect(await visibleCases()).toBe(1);
      await expect(page.locator("#case-list .badge").textContent()).resolves.toBe("ERROR");

      await pick("filter-verdict", "1");
      await pick("filter-run", "1");
      const failed = hostile.results.records.filter((r) => r.verdict?.passed === false).length;
      expect(await visibleCases()).toBe(failed);

      await page.click("#case-reset");
      const all = [...oracle.results.records, ...hostile.results.records];
      await pick("filter-protocol", "0");
      expect(await visibleCases()).toBe(all.filter((r) => r.protocol === "json").length);
      await page.click("#case-reset");
      const category = all[0]?.id.replace(/-[a-z]{2}-\d+$/, "") ?? "";
      await pick("filter-category", category);
      expect(await visibleCases()).toBe(all.filter((r) => r.id.startsWith(`${category}-`)).length);
      await pick("filter-lang", "en");
      expect(await visibleCases()).toBe(all.filter((r) => r.id.startsWith(`${category}-en-`)).length);
      await page.fill("#filter-id", "no-such-case");
      expect(await visibleCases()).toBe(0);
      await expect(page.locator("#case-list").textContent()).resolves.toContain("No records match");
      await page.click("#case-reset");
      expect(await visibleCases()).toBe(total);
    });

    it("shows hostile model output and case text as text, and nothing from the data runs", async () => {
      const firstId = oracle.results.records[0]?.id ?? "";
      await pick("filter-run", "1");
      await pick("filter-protocol", "0");
      await page.fill("#filter-id", firstId);
      expect(await visibleCases()).toBe(1);
      await page.click("#case-list > details > summary");
      // The body is built on the toggle event, which fires after the click returns.
      await page.locator("#case-list > details .case-body").waitFor();
      const pres = await page.locator("#case-list > details pre").allTextContents();
      expect(pres).toContain(PAYLOADS.join("\n"));

      const secondId = oracle.results.records[3]?.id ?? "";
      await page.fill("#filter-id", secondId);
      await page.click("#case-list > details > summary");
      await page.locator("#case-list > details .case-body").waitFor();
      await page.click("#case-list .msg details > summary");
      const conversation = await page.locator("#case-list .msg.role-user pre").allTextContents();
      expect(conversation.some((text) => text.includes(PAYLOADS[0] as string))).toBe(true);

      expect(await page.locator("body img, #cases a, #cases script, #cases iframe").count()).toBe(0);
      expect(await page.locator("script").count()).toBe(2);
      expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
      await page.click("#case-reset");
    });

    it("loaded nothing from the network and logged no errors, CSP refusals included", () => {
      expect(browser.blocked).toEqual([]);
      expect(problems).toEqual([]);
    });

    it("would block an injection that got through: inline scripts and handlers do not run under its CSP", async () => {
      await injectHostileMarkup(page);
      await page.waitForTimeout(200);
      expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
      // Chromium logs each refusal: proof that the policy, not luck, stopped them.
      expect(problems.some((p) => p.includes("Content Security Policy"))).toBe(true);
    });
  },
);
