/**
 * Regenerates docs/report.png, the README's picture of the HTML report: a baseline run and an oracle run, opened
 * offline in headless Chromium. Run: npx tsx docs/screenshot.ts
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runReport } from "../src/cli/report.js";
import { launchOffline } from "../src/report/test-support/chromium.js";
import { makeRun } from "../src/report/test-support/fixtures.js";
import { captureIo } from "../src/test-support/capture-io.js";
import { tempDir } from "../src/test-support/temp.js";

const target = fileURLToPath(new URL("report.png", import.meta.url));
const dir = tempDir("tooluse-screenshot-");
try {
  const baseline = await makeRun(dir.path, "baseline", { backend: "baseline" });
  const oracle = await makeRun(dir.path, "oracle", { backend: "oracle" });
  const html = join(dir.path, "report.html");
  await runReport({ files: [baseline.file, oracle.file], format: "text", html }, captureIo());
  const browser = await launchOffline({ width: 1280, height: 1500 });
  try {
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(html).href);
    // The top of the page down to the end of the charts: leaderboard with whiskers, bars, heat map.
    const charts = await page.locator("#charts").boundingBox();
    const height = Math.ceil((charts?.y ?? 0) + (charts?.height ?? 1400) + 16);
    await page.screenshot({ path: target, clip: { x: 0, y: 0, width: 1280, height } });
  } finally {
    await browser.close();
  }
  console.log(`${target}: ${(statSync(target).size / 1024).toFixed(0)} KB`);
} finally {
  dir.remove();
}
