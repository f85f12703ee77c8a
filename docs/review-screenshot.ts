/**
 * Regenerates docs/images/review-workbench.png, the README's picture of the review workbench: lineage tasks added
 * from the shipped planning data, one opened in headless Chromium with the editor focused, the diff to the previous
 * revision and the live score beside it. Run: npx tsx docs/review-screenshot.ts
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../src/cli/main.js";
import { DATA_DIR } from "../src/paths.js";
import { launchOffline } from "../src/report/test-support/chromium.js";
import { openReviewStore } from "../src/review/store.js";
import { startReviewServer } from "../src/review/web/server.js";
import { captureIo } from "../src/test-support/capture-io.js";
import { tempDir } from "../src/test-support/temp.js";

const target = fileURLToPath(new URL("images/review-workbench.png", import.meta.url));
const dir = tempDir("tooluse-review-screenshot-");
try {
  const db = join(dir.path, "review.sqlite");
  const io = captureIo();
  const queries = join(DATA_DIR, "plans/queries.jsonl");
  if ((await main(["review", "add", "--db", db, "--kind", "lineage", "--queries", queries], io)) !== 0)
    throw new Error(io.err);
  const store = openReviewStore(db);
  const server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: "alice" });
  const browser = await launchOffline(
    { width: 1280, height: 800 },
    { allowOrigin: server.url.replace(/\/$/, "") },
  );
  try {
    const page = await browser.context.newPage();
    // tr-003: a lineage whose last fix shows as a readable diff.
    const task = store.listTasks({ kind: "lineage" }).find((t) => t.key === "tr-003") ?? store.listTasks()[0];
    await page.goto(new URL(`tasks/${task?.id}`, server.url).href);
    await page.locator("#score .headline").waitFor();
    await page.keyboard.press("e");
    await page.screenshot({ path: target });
  } finally {
    await browser.close();
    await server.close();
    store.close();
  }
  console.log(`${target}: ${(statSync(target).size / 1024).toFixed(0)} KB`);
} finally {
  dir.remove();
}
