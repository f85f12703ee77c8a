/**
 * The workbench in headless Chromium, by keyboard alone: from the index, one full labelling session per kind (no
 * clicks), each label checked in the store as the API stored it. Hostile text in plans, model output and titles
 * stays inert text: no dialog, no injected element, no script run, the text visible literally. And the pages fit a
 * 1280 px laptop screen without sideways scrolling.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  chromiumUnavailable,
  injectHostileMarkup,
  launchOffline,
  type OfflineBrowser,
} from "../../report/test-support/chromium.js";
import { describeWith } from "../../test-support/requirements.js";
import type { NewTask, ReviewStore, TaskKind, VerdictPayload } from "../contract.js";
import { type RunningReviewServer, startReviewServer } from "./server.js";
import { checkedSampleTasks, HOSTILE } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

const EDITED_PLAN = `{
  1: {"step": T2S([], "How many calls about refunds were received last week?"), "depends_on": []},
  2: {"step": LLM("Report the count in (1) to answer (query)"), "depends_on": [1]}
}`;

const unavailable = await chromiumUnavailable();

describeWith(
  { name: "Chromium", missing: unavailable, requiredInCi: false },
  "the review workbench in Chromium",
  () => {
    let store: ReviewStore & { dispose(): void };
    let server: RunningReviewServer;
    let browser: OfflineBrowser;
    let page: Page;
    const problems: string[] = [];
    const dialogs: string[] = [];
    const origin = () => server.url.replace(/\/$/, "");

    beforeAll(async () => {
      store = reviewStoreForTests();
      for (const [kind, tasks] of Object.entries(checkedSampleTasks()))
        store.addTasks(kind as TaskKind, tasks);
      server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: "alice" });
      browser = await launchOffline({ width: 1280, height: 720 }, { allowOrigin: origin() });
      page = await browser.context.newPage();
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      page.on("dialog", async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      store?.dispose();
    });

    const latest = (kind: TaskKind) => store.labels(kind).find((l) => l.annotator === "alice")?.label;

    /** From the index, the kind's number key opens its first open task. */
    async function startKind(number: number, kind: TaskKind): Promise<void> {
      await page.goto(`${origin()}/`);
      await page.keyboard.press(String(number));
      await page.waitForURL(/\/tasks\/\d+$/);
      expect(await page.getAttribute("body", "data-kind")).toBe(kind);
    }

    /** Enter submits; a stored label moves on to the next open task, here the index saying the kind is done. */
    async function submitAndFinish(kind: TaskKind): Promise<void> {
      await page.keyboard.press("Enter");
      await page.waitForURL(new RegExp(`finished=${kind}$`));
      expect(await page.textContent("#status")).toBe(`every ${kind} task is done`);
    }

    async function fitsTheScreen(): Promise<void> {
      const overflow = await page.evaluate<number>(
        "document.documentElement.scrollWidth - window.innerWidth",
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.locator("#submit").isVisible()).resolves.toBe(true);
    }

    it("opens with the kinds, their counts and no agreement yet; ? shows the keys and Esc hides them", async () => {
      await page.goto(`${origin()}/`);
      const rows = await page.locator("table.kinds tbody tr").allTextContents();
      expect(rows).toHaveLength(6);
      expect(rows[0]).toMatch(/lineage.*\s*1\s*1\s*0/s);
      await page.keyboard.press("?");
      await expect(page.locator("#help").isVisible()).resolves.toBe(true);
      await page.keyboard.press("Escape");
      await expect(page.locator("#help").isVisible()).resolves.toBe(false);
    });

    it("lineage: edit the final plan, see the diff and the live score follow, submit", async () => {
      await startKind(1, "lineage");
      await fitsTheScreen();
      await expect(page.locator("#score .headline").textContent()).resolves.toMatch(/Extremely Good/);
      expect(await page.locator("#diff .line.add").count()).toBe(1);
      expect(await page.locator("#diff .line.del").count()).toBe(1);
      await page.keyboard.press("e");
      await expect(page.evaluate("document.activeElement?.tagName")).resolves.toBe("TEXTAREA");
      await page.keyboard.press("Control+A");
      await page.keyboard.type(EDITED_PLAN);
      await expect.poll(() => page.locator("#diff .line.add").count()).toBeGreaterThan(1);
      await expect.poll(() => page.locator("#score .headline").textContent()).not.toMatch(/Extremely Good/);
      await page.keyboard.press("Escape");
      await submitAndFinish("lineage");
      expect(latest("lineage")).toMatchObject({
        action: "edit",
        plan: expect.stringContaining("Report the count"),
      });
    });

    it("plan-rating: 1–7 for the rating, the metric points typed, the evaluator shown only on request", async () => {
      await startKind(2, "plan-rating");
      await fitsTheScreen();
      await expect(page.locator("#evaluator").isVisible()).resolves.toBe(false);
      await page.keyboard.press("5");
      await page.keyboard.press("j");
      for (const points of ["18", "20", "", "7.5", "10", "", "5"]) {
        if (points) await page.keyboard.type(points);
        await page.keyboard.press("Enter");
      }
      await page.keyboard.press("Escape");
      await page.keyboard.press("v");
      await expect(page.locator("#evaluator").isVisible()).resolves.toBe(true);
      await submitAndFinish("plan-rating");
      expect(latest("plan-rating")).toEqual({
        rating: "Good",
        format: 18,
        tool_prompt_alignment: 20,
        query_adherence: 7.5,
        dependencies: 10,
        tool_usage_completeness: 5,
      });
    });

    it("step-tags: a key per tag, several at once", async () => {
      await startKind(3, "step-tags");
      await fitsTheScreen();
      for (const key of ["t", "c", "c", "p"]) await page.keyboard.press(key);
      await submitAndFinish("step-tags");
      expect(latest("step-tags")).toEqual({ tags: ["INCORRECT PROMPT", "INCORRECT TOOL"] });
    });

    it("triplet: a digit ranks the current plan and stays, j moves: 3 j 2 j 1 ranks A, B, C", async () => {
      await startKind(4, "triplet");
      await fitsTheScreen();
      for (const key of ["3", "j", "2"]) await page.keyboard.press(key);
      // Submitted with C unranked: C is named, once (not "ranks.C: ranks.C: …"); the old auto-advance left B empty.
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.textContent("#form-error"))
        .toBe("ranks.C: expected a rank 1, 2 or 3 (1 = best)");
      for (const key of ["j", "1"]) await page.keyboard.press(key);
      await submitAndFinish("triplet");
      expect(latest("triplet")).toEqual({ ranks: { A: 3, B: 2, C: 1 } });
    });

    it("answers: a bad partial score is refused with its field marked; the full label is stored", async () => {
      await startKind(5, "answers");
      await fitsTheScreen();
      await page.keyboard.press("2");
      await page.keyboard.press("j");
      await page.keyboard.press("1");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.textContent("#form-error"))
        .toMatch(/^scores\.R1\.consistency: (?!scores\.R1\.consistency)\S/);
      await expect(page.locator(".field.invalid").getAttribute("data-name")).resolves.toBe(
        "scores.R1.consistency",
      );
      // Each digit sets the current field only; j moves on.
      for (const key of ["1", "5", "6", "0", "1", "7", "7", "0", "0", "1", "1"]) {
        await page.keyboard.press(key);
        await page.keyboard.press("j");
      }
      await submitAndFinish("answers");
      expect(latest("answers")).toEqual({
        decision: "R2",
        scores: {
          R1: { validity: 1, consistency: 1, completeness: 5, redundancy: 6 },
          R2: { validity: 0, consistency: 1, completeness: 7, redundancy: 7 },
          R3: { validity: 0, consistency: 0, completeness: 1, redundancy: 1 },
        },
      });
    });

    it("verdict: d disputes and moves to the reason; Ctrl+Enter submits from the text box", async () => {
      await startKind(6, "verdict");
      await fitsTheScreen();
      // The record as the report shows it: what the case expects and the question, hostile text as plain text.
      const sample = checkedSampleTasks().verdict[0] as NewTask;
      const shown = (sample.payload as VerdictPayload).case;
      if (!shown.found) throw new Error("the sample verdict's case is found");
      await expect(page.locator(".expected pre").textContent()).resolves.toBe(shown.expected);
      await expect(page.locator(".msg.role-user pre").textContent()).resolves.toBe(
        shown.conversation[1]?.text,
      );
      await expect(page.locator(".msg.role-system details").getAttribute("open")).resolves.toBeNull();
      await page.keyboard.press("d");
      await expect(page.evaluate("document.activeElement?.tagName")).resolves.toBe("TEXTAREA");
      await page.keyboard.type("The expression was right; the grader misread it.");
      await page.keyboard.press("Control+Enter");
      await page.waitForURL(/finished=verdict$/);
      expect(latest("verdict")).toEqual({
        verdict: "dispute",
        reason: "The expression was right; the grader misread it.",
      });
    });

    it("] and [ move between tasks; a revisit shows the annotator's own label", async () => {
      const extra = { ...(checkedSampleTasks().triplet[0] as NewTask), key: "tr-extra" };
      expect(store.addTasks("triplet", [extra]).added).toBe(1);
      const [first, second] = store.listTasks({ kind: "triplet" });
      await page.goto(`${origin()}/tasks/${first?.id}`);
      await expect(page.locator('[data-name="ranks.C"] [aria-pressed="true"]').textContent()).resolves.toBe(
        "1 best",
      );
      await page.keyboard.press("]");
      await page.waitForURL(new RegExp(`/tasks/${second?.id}$`));
      await page.keyboard.press("ArrowLeft");
      await page.waitForURL(new RegExp(`/tasks/${first?.id}$`));
      await page.keyboard.press("i");
      await page.waitForURL(`${origin()}/`);
    });

    /** Where each kind shows untrusted text, and the text it must show exactly. */
    const HOSTILE_PLACES: Record<
      "plan-rating" | "answers" | "verdict",
      [string, (payload: never) => string]
    > = {
      "plan-rating": [".candidate pre", (p: { candidate: { text: string } }) => p.candidate.text],
      answers: [".response pre", (p: { responses: { R1: string } }) => p.responses.R1],
      verdict: [".output pre", (p: { output: string }) => p.output],
    };

    for (const [kind, [selector, expected]] of Object.entries(HOSTILE_PLACES)) {
      it(`${kind}: hostile text in plans and model output is shown literally and stays inert`, async () => {
        const task = store.getTask(store.listTasks({ kind: kind as TaskKind })[0]?.id ?? 0);
        await page.goto(`${origin()}/tasks/${task?.id}`);
        const shown = await page.locator(selector).first().textContent();
        expect(shown).toBe(expected(task?.payload as never));
        for (const payload of HOSTILE.filter((h) => !h.includes('"'))) expect(shown).toContain(payload);
        expect(
          await page.locator("main img, main svg, main script:not([type='application/json'])").count(),
        ).toBe(0);
        expect(await page.locator("main a[href^='javascript:']").count()).toBe(0);
        await injectHostileMarkup(page);
        await page.waitForTimeout(100);
        // The control: injected markup is found by the same kind of query, and its handlers still never run.
        expect(await page.locator("body > div > img").count()).toBe(1);
        expect(await page.evaluate("window.__pwned")).toBeUndefined();
        expect(dialogs).toEqual([]);
      });
    }

    it("shows the hostile title as text in the kind's task list", async () => {
      await page.goto(`${origin()}/kinds/plan-rating`);
      await expect(page.locator("main table").textContent()).resolves.toContain(HOSTILE[0]);
      expect(await page.locator("main img").count()).toBe(0);
    });

    it("without --annotator, the page asks for a name first and stores the label under it", async () => {
      const open = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: null });
      const other = await launchOffline(
        { width: 1280, height: 720 },
        { allowOrigin: open.url.replace(/\/$/, "") },
      );
      try {
        const tab = await other.context.newPage();
        const verdict = store.listTasks({ kind: "verdict" })[0]?.id;
        await tab.goto(new URL(`tasks/${verdict}`, open.url).href);
        await tab.keyboard.press("a");
        await tab.keyboard.press("Enter");
        await expect(tab.textContent("#form-error")).resolves.toBe(
          "Type your name in the annotator box first.",
        );
        await expect(tab.evaluate("document.activeElement?.id")).resolves.toBe("annotator");
        await tab.keyboard.type("zoe");
        await tab.keyboard.press("Enter");
        await tab.keyboard.press("Enter");
        await tab.waitForURL(/finished=verdict/);
        expect(store.labels("verdict").find((l) => l.annotator === "zoe")?.label).toEqual({
          verdict: "agree",
        });
        // A revisit: the page carries no one's labels, and the script fetches zoe's own (not alice's dispute).
        await tab.goto(new URL(`tasks/${verdict}`, open.url).href);
        await expect(tab.content()).resolves.not.toContain("the grader misread it");
        await expect
          .poll(() => tab.locator('[data-name="verdict"] [aria-pressed="true"]').textContent())
          .toBe("a agree");
        await expect(tab.locator('[data-name="reason"] textarea').inputValue()).resolves.toBe("");
      } finally {
        await other.close();
        await open.close();
      }
    });

    it("shows a task's key as readable parts, never the JSON list it is stored as", async () => {
      const sample = checkedSampleTasks().verdict[0] as NewTask;
      const stored = JSON.stringify(["mock", "ToolUse.1", "calculator-en-01", "json"]);
      const triplet = checkedSampleTasks().triplet[0] as NewTask;
      const tripletKey = JSON.stringify(["tr-009", null, null]);
      expect(store.addTasks("verdict", [{ ...sample, key: stored }]).added).toBe(1);
      expect(store.addTasks("triplet", [{ ...triplet, key: tripletKey }]).added).toBe(1);
      const id = store.listTasks({ kind: "verdict" }).find((t) => t.key === stored)?.id;
      await page.goto(`${origin()}/tasks/${id}`);
      await expect(page.locator(".task-nav .key").textContent()).resolves.toBe(
        "calculator-en-01 · json · mock",
      );
      await expect(page.title()).resolves.toBe(
        `calculator-en-01 · json · mock · verdict ${id} · tooluse review`,
      );
      await page.goto(`${origin()}/kinds/verdict`);
      const listed = await page.locator("main table").textContent();
      expect(listed).toContain("calculator-en-01 · json · mock");
      expect(listed).not.toContain(stored);
      // Empty parts are left out; a key that is not a JSON list (the control) is shown as it is.
      await page.goto(`${origin()}/kinds/triplet`);
      const triplets = await page.locator("main table").textContent();
      expect(triplets).toContain("tr-009");
      expect(triplets).not.toContain(tripletKey);
      expect(triplets).toContain("tr-extra");
    });

    it("requested nothing but its own origin, and logged no error", () => {
      expect(browser.blocked).toEqual([]);
      // The answers session's refused partial label is the one failed request, on purpose; the injected markup's
      // blocked script is the policy working.
      const expected = /status of 400 \(Bad Request\)|Content Security Policy|Refused to/;
      expect(problems.filter((p) => !expected.test(p))).toEqual([]);
    });
  },
);
