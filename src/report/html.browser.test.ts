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
import { editRun, type FixtureRun, hostileFixture, makeRun, PAYLOADS } from "./test-support/fixtures.js";

const unavailable = await chromiumUnavailable();

describeWith(
  { name: "Chromium", missing: unavailable, requiredInCi: false },
  "the HTML report in Chromium",
  () => {
    let dir: ReturnType<typeof tempDir>;
    let browser: OfflineBrowser;
    let page: Page;
    let html: string;
    let oracle: FixtureRun;
    let hostile: FixtureRun;
    const problems: string[] = [];

    beforeAll(async () => {
      dir = tempDir();
      ({ oracle, hostile } = await hostileFixture(dir.path));
      // The oracle's records as a server would report them; the hostile (replayed) run reports no tokens.
      oracle = editRun(oracle, (r) =>
        r.records.forEach((record, i) => {
          record.latency_ms = 100 + 10 * i;
          record.prompt_tokens = 1000 + i;
          record.completion_tokens = 20 + i;
        }),
      );
      html = join(dir.path, "report.html");
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
      await expect(page.locator("#case-count").textContent()).resolves.toMatch(
        new RegExp(
          `^${total} of ${total} records match \\(\\d+ failed or errored, listed first, then \\d+ passed\\)$`,
        ),
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
      await page.fill("#filter-search", "no-such-case");
      expect(await visibleCases()).toBe(0);
      await expect(page.locator("#case-list").textContent()).resolves.toContain("No records match");
      await page.click("#case-reset");
      expect(await visibleCases()).toBe(total);
    });

    const all = () => [
      ...oracle.results.records.map((r) => ({ ...r, run: 0 })),
      ...hostile.results.records.map((r) => ({ ...r, run: 1 })),
    ];
    const outcome = (r: (typeof oracle.results.records)[number]) =>
      r.status === "error" ? "error" : r.verdict?.passed ? "passed" : "failed";
    const badges = () => page.locator("#case-list > details .badge").allTextContents();

    it("opens on failures: every failed and errored record before the first pass, and says so", async () => {
      const shown = await badges();
      const failing = all().filter((r) => outcome(r) !== "passed").length;
      expect(failing).toBeGreaterThan(0);
      expect(shown.slice(0, failing).every((b) => b === "FAIL" || b === "ERROR")).toBe(true);
      expect(shown.slice(failing).every((b) => b === "PASS")).toBe(true);
      await expect(page.locator("#case-count").textContent()).resolves.toContain(
        `${failing} failed or errored, listed first`,
      );
      await expect(page.locator("#cases .hint").textContent()).resolves.toContain(
        "failed and errored records first",
      );
    });

    /** What the search box must find: records whose case id, output or reason contains the text, in any case. */
    const found = (text: string) => {
      const q = text.toLowerCase();
      return all().filter((r) =>
        [r.id, r.output, r.verdict ? r.verdict.reason : r.error].some((t) => t?.toLowerCase().includes(q)),
      );
    };

    it("searches ids, outputs and reasons in one box, case-insensitively", async () => {
      // Text of the hostile outputs only: no id or reason holds it.
      const byOutput = found("I cannot help");
      expect(byOutput.length).toBeGreaterThan(0);
      expect(byOutput.every((r) => r.output?.includes("I cannot help"))).toBe(true);
      await page.fill("#filter-search", "i CANNOT hElP");
      expect(await visibleCases()).toBe(byOutput.length);
      // The errored record's error: a reason, found in no output.
      const errored = all().find((r) => r.status === "error");
      const fragment = (errored?.error ?? "").slice(0, 20);
      expect(found(fragment).every((r) => !r.output?.includes(fragment))).toBe(true);
      await page.fill("#filter-search", fragment.toUpperCase());
      expect(await visibleCases()).toBe(found(fragment).length);
      await expect(badges()).resolves.toContain("ERROR");
      // A case id, in upper case: its records in every run and protocol.
      const id = all()[0]?.id ?? "";
      await page.fill("#filter-search", id.toUpperCase());
      expect(found(id).length).toBeGreaterThanOrEqual(6);
      expect(await visibleCases()).toBe(found(id).length);
      await page.fill("#filter-search", "no such text anywhere");
      expect(await visibleCases()).toBe(0);
      await page.click("#case-reset");
    });

    it("filters the cases × protocol whose outcome differs between runs, and the records flipped since a run", async () => {
      // Oracle and the rule baseline agree on some cases and not on others (every hostile record fails).
      const baseline = await makeRun(dir.path, "baseline", {
        backend: "baseline",
        cases_file: join(dir.path, "corpus.jsonl"),
      });
      const pairHtml = join(dir.path, "pair.html");
      await runReport({ files: [oracle.file, baseline.file], format: "text", html: pairHtml }, captureIo());
      const pair = await browser.context.newPage();
      await pair.goto(pathToFileURL(pairHtml).href);
      const records = [
        ...oracle.results.records.map((r) => ({ ...r, run: 0 })),
        ...baseline.results.records.map((r) => ({ ...r, run: 1 })),
      ];
      const count = () => pair.locator("#case-list > details").count();
      const key = (r: { id: string; protocol: string }) => `${r.id}:${r.protocol}`;
      const outcomes = new Map<string, Set<string>>();
      for (const r of records) outcomes.set(key(r), (outcomes.get(key(r)) ?? new Set()).add(outcome(r)));
      const disagreeing = records.filter((r) => (outcomes.get(key(r))?.size ?? 0) > 1);
      expect(disagreeing.length).toBeGreaterThan(0);
      expect(disagreeing.length).toBeLessThan(records.length);
      await pair.check("#filter-disagree");
      expect(await count()).toBe(disagreeing.length);
      await pair.click("#view-matrix");
      await expect(pair.locator("#case-matrix [role=row]:not(.head)").count()).resolves.toBe(
        disagreeing.length / 2,
      );
      await pair.click("#view-list");
      await pair.click("#case-reset");

      const flippedSince = (run: number) => {
        const then = new Map(records.filter((r) => r.run === run).map((r) => [key(r), outcome(r)]));
        return records.filter((r) => r.run !== run && then.has(key(r)) && then.get(key(r)) !== outcome(r));
      };
      await pair.selectOption("#filter-flipped", "0");
      expect(flippedSince(0).length).toBeGreaterThan(0);
      expect(await count()).toBe(flippedSince(0).length);
      const labels = await pair.locator("#case-list .who").allTextContents();
      expect(new Set(labels)).toEqual(new Set([baseline.results.model]));
      await pair.selectOption("#filter-flipped", "1");
      expect(await count()).toBe(flippedSince(1).length);
      await pair.selectOption("#filter-verdict", "0");
      const nowPassing = flippedSince(1).filter((r) => outcome(r) === "passed");
      expect(nowPassing.length).toBeGreaterThan(0);
      expect(await count()).toBe(nowPassing.length);
      await pair.selectOption("#filter-verdict", "");
      await pair.click("#case-reset");
      expect(await count()).toBe(records.length);
      await pair.close();
    });

    const linkTo = (query: string) => page.goto(`${pathToFileURL(html).href}#${query}`);
    const openRecords = () => page.locator("#case-list > details[open]");

    it("opens the record a deep link names (by run label or position), scrolled to, and says when there is none", async () => {
      // A record late in the list (failures come first): the link must page to it.
      const target = hostile.results.records.at(-2);
      if (!target) throw new Error("fixture too small");
      await linkTo(
        `case=${encodeURIComponent(target.id)}&run=${encodeURIComponent(PAYLOADS[1] as string)}&protocol=${target.protocol}`,
      );
      await openRecords().first().locator(".case-body").waitFor();
      await expect(openRecords().count()).resolves.toBe(1);
      const summary = openRecords().locator(":scope > summary");
      await expect(summary.locator(".id").textContent()).resolves.toBe(target.id);
      await expect(summary.locator(".proto").textContent()).resolves.toBe(target.protocol);
      await expect(summary.locator(".who").textContent()).resolves.toBe(PAYLOADS[1]);
      expect(await openRecords().first().isVisible()).toBe(true);
      const box = await summary.boundingBox();
      expect(box && box.y >= 0 && box.y < 900).toBe(true);
      await expect(page.locator("#case-link").isHidden()).resolves.toBe(true);

      // By position (1-based), on a fresh load of the page.
      const other = oracle.results.records[5];
      if (!other) throw new Error("fixture too small");
      const fresh = await browser.context.newPage();
      await fresh.goto(`${pathToFileURL(html).href}#case=${other.id}&run=1&protocol=${other.protocol}`);
      await fresh.locator("#case-list > details[open] .case-body").waitFor();
      await expect(fresh.locator("#case-list > details[open] .who").textContent()).resolves.toBe("oracle");
      await expect(fresh.locator("#case-list > details[open] .id").textContent()).resolves.toBe(other.id);
      await fresh.close();

      await linkTo("case=no-such-case-en-99&run=oracle&protocol=json");
      await expect(page.locator("#case-link").textContent()).resolves.toBe(
        "The link asks for a record this report does not hold (case no-such-case-en-99, run oracle, protocol json).",
      );
      await linkTo(`case=${other.id}&run=7&protocol=json`);
      await expect(page.locator("#case-link").textContent()).resolves.toContain("run 7");
      await page.click("#case-reset");
    });

    it("puts an opened record's address in the hash, and that address opens it again", async () => {
      await page.click("#case-reset");
      const second = page.locator("#case-list > details").nth(2);
      const id = await second.locator(".id").textContent();
      const protocol = await second.locator(".proto").textContent();
      const who = await second.locator(".who").textContent();
      await second.locator("summary").click();
      await second.locator(".case-body").waitFor();
      await expect
        .poll(() => page.evaluate("location.hash"))
        .toBe(
          `#case=${encodeURIComponent(id ?? "")}&run=${encodeURIComponent(who ?? "")}&protocol=${encodeURIComponent(protocol ?? "")}`,
        );
      const hash = (await page.evaluate("location.hash")) as string;
      const fresh = await browser.context.newPage();
      await fresh.goto(`${pathToFileURL(html).href}${hash}`);
      await fresh.locator("#case-list > details[open] .case-body").waitFor();
      await expect(fresh.locator("#case-list > details[open] .id").textContent()).resolves.toBe(id);
      await expect(fresh.locator("#case-list > details[open] .who").textContent()).resolves.toBe(who);
      await fresh.close();
      await page.click("#case-reset");
    });

    it("shows latency and tokens in an opened record, and a dash where the run has none, never 0", async () => {
      const record = oracle.results.records[3];
      if (!record) throw new Error("fixture too small");
      await linkTo(`case=${record.id}&run=oracle&protocol=${record.protocol}`);
      const usage = openRecords().first().locator(".usage dd");
      await usage.first().waitFor();
      await expect(usage.allTextContents()).resolves.toEqual(["130 ms", "1,003", "23"]);
      const replayed = hostile.results.records[3];
      await linkTo(`case=${replayed?.id}&run=2&protocol=${replayed?.protocol}`);
      await expect
        .poll(() => page.locator("#case-list > details[open] .who").textContent())
        .toBe(PAYLOADS[1]);
      const tokens = (await openRecords().first().locator(".usage dd").allTextContents()).slice(1);
      expect(tokens).toEqual(["–", "–"]);
      await page.click("#case-reset");
    });

    it("shows each run's median and p95 latency and total tokens in the runs section", async () => {
      const n = oracle.results.records.length;
      const latencies = Array.from({ length: n }, (_, i) => 100 + 10 * i);
      const median = latencies[Math.ceil(n / 2) - 1];
      const p95 = latencies[Math.ceil(0.95 * n) - 1];
      const prompt = latencies.reduce((sum, _, i) => sum + 1000 + i, 0);
      const completion = latencies.reduce((sum, _, i) => sum + 20 + i, 0);
      const cells = (row: number) => page.locator("#runs tbody tr").nth(row).locator("td").allTextContents();
      const heads = await page.locator("#runs thead th").allTextContents();
      const at = (name: string) => heads.indexOf(name);
      const oracleRow = await cells(0);
      expect(oracleRow[at("latency median")]).toBe(`${median} ms`);
      expect(oracleRow[at("latency p95")]).toBe(`${p95} ms`);
      expect(oracleRow[at("prompt tokens")]).toBe(prompt.toLocaleString("en-US"));
      expect(oracleRow[at("completion tokens")]).toBe(completion.toLocaleString("en-US"));
      const hostileRow = await cells(1);
      expect(hostileRow[at("prompt tokens")]).toBe("–");
      expect(hostileRow[at("completion tokens")]).toBe("–");
      expect(hostileRow[at("latency median")]).toMatch(/^\d+ ms$/);
    });

    it("shows a case × model matrix: one row per case and protocol, one column per run, a click opens the output", async () => {
      await page.click("#case-reset");
      await page.click("#view-matrix");
      const groups = new Set(all().map((r) => `${r.id}:${r.protocol}`));
      await expect(page.locator("#case-matrix [role=row]:not(.head)").count()).resolves.toBe(groups.size);
      await expect(page.locator("#case-matrix [role=columnheader]").allTextContents()).resolves.toEqual([
        "case",
        "protocol",
        "oracle",
        PAYLOADS[1],
      ]);
      expect(await page.locator("#case-list").isHidden()).toBe(true);
      // Rows with a failure come first.
      const firstRow = await page
        .locator("#case-matrix [role=row]:not(.head)")
        .first()
        .locator(".badge")
        .allTextContents();
      expect(firstRow.some((b) => b !== "PASS")).toBe(true);
      // The cell of the hostile run in the row of the first case's json record: the payload output.
      const first = hostile.results.records[0];
      const rowOf = page
        .locator("#case-matrix [role=row]:not(.head)", { hasText: first?.id ?? "" })
        .filter({ hasText: "json" });
      await rowOf.first().locator("button.cell").nth(1).click();
      await page.locator("#matrix-detail .case-body").waitFor();
      const pres = await page.locator("#matrix-detail pre").allTextContents();
      expect(pres).toContain(PAYLOADS.join("\n"));
      await expect(page.locator("#matrix-detail .who").textContent()).resolves.toBe(PAYLOADS[1]);
      // Filters apply to the matrix too.
      await pick("filter-verdict", "2");
      await expect(page.locator("#case-matrix [role=row]:not(.head)").count()).resolves.toBe(1);
      await page.click("#view-list");
      await page.click("#case-reset");
      expect(await visibleCases()).toBe(all().length);
    });

    it("shows hostile model output and case text as text, and nothing from the data runs", async () => {
      const firstId = oracle.results.records[0]?.id ?? "";
      await pick("filter-run", "1");
      await pick("filter-protocol", "0");
      await page.fill("#filter-search", firstId);
      expect(await visibleCases()).toBe(1);
      await page.click("#case-list > details > summary");
      // The body is built on the toggle event, which fires after the click returns.
      await page.locator("#case-list > details .case-body").waitFor();
      const pres = await page.locator("#case-list > details pre").allTextContents();
      expect(pres).toContain(PAYLOADS.join("\n"));

      const secondId = oracle.results.records[3]?.id ?? "";
      await page.fill("#filter-search", secondId);
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
